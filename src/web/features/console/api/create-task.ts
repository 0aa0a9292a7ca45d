import { useMutation } from '@tanstack/react-query';
import type { CreateTaskRequest, CreateTaskResult } from '../../../../shared/api/compliance-tasks.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';

/**
 * POST /v1/console/compliance-tasks (decision 027): give a user a questionnaire to submit by a day.
 * silent: the form shows its own errors (unknown user or questionnaire, a task already open, a due
 * date out of range).
 */
export const createTask = (body: CreateTaskRequest) => http.post<CreateTaskResult>(ConsolePath.consoleComplianceTasks, { ...body }, { silent: true });

export function useCreateTask() {
  return useMutation({ mutationFn: createTask });
}
