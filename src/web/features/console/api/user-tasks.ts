import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CancelTaskRequest, ComplianceTask, ConsoleTasksResult } from '../../../../shared/api/compliance-tasks.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';

const userTasksKey = (email: string) => ['console', 'user-tasks', email] as const;

/** GET /v1/console/compliance-tasks?email= (decision 052): a user's tasks; silent: the card says when it cannot read them. */
export function useUserTasks(email: string) {
  return useQuery({
    queryKey: userTasksKey(email),
    queryFn: ({ signal }) => http.get<ConsoleTasksResult>(ConsolePath.consoleComplianceTasks, { email }, { silent: true, signal }),
    enabled: email !== '',
    retry: false,
  });
}

/** POST /v1/console/compliance-tasks/:id/cancel: cancel an open task with the reason the user is told. */
export function useCancelTask(email: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, ...body }: CancelTaskRequest & { taskId: string }) => http.post<ComplianceTask>(ConsolePath.consoleCancelTask.replace(':id', encodeURIComponent(taskId)), body, { silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: userTasksKey(email) }),
  });
}
