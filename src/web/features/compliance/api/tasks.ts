import { queryOptions, useQuery } from '@tanstack/react-query';
import { ComplianceTaskStatus, type ComplianceTasksResult, type TaskListResult } from '../../../../shared/api/compliance-tasks.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

export const complianceKeys = {
  open: () => ['compliance', 'open'] as const,
  done: () => ['compliance', 'done'] as const,
  cancelled: () => ['compliance', 'cancelled'] as const,
  rfi: () => ['compliance', 'rfi'] as const,
};

/**
 * §7 POST compliance-tasks: the open tasks and the limitation. `silent`: the page shows a failure
 * itself (error state with a retry). Never cached: tasks end as reviewers decide.
 */
export const openTasksQuery = queryOptions({
  queryKey: complianceKeys.open(),
  queryFn: ({ signal }) => http.post<ComplianceTasksResult>(ApiPath.complianceTasks, {}, { silent: true, signal }),
});
export const useOpenTasks = () => useQuery(openTasksQuery);

/** §7 POST /segw/task/v1/task/list with status DONE: what the user has completed. */
export const useDoneTasks = () =>
  useQuery({
    queryKey: complianceKeys.done(),
    queryFn: ({ signal }) => http.post<TaskListResult>(ApiPath.taskList, { status: ComplianceTaskStatus.DONE }, { silent: true, signal }),
  });

/** The same with status CANCELLED: tasks a reviewer cancelled, each with the reason (decision 052). */
export const useCancelledTasks = () =>
  useQuery({
    queryKey: complianceKeys.cancelled(),
    queryFn: ({ signal }) => http.post<TaskListResult>(ApiPath.taskList, { status: ComplianceTaskStatus.CANCELLED }, { silent: true, signal }),
  });
