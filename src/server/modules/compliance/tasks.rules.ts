import { ComplianceTaskStatus, ComplianceTaskType, LIMITATION_COMPLIANCE_TASK_OVERDUE, RFI_ROUTE, taskOverdueReason } from '../../../shared/api/compliance-tasks.ts';
import { LIMITATION_DEFAULT } from '../../../shared/kyc.ts';

/** What the overdue rule reads of a task. */
export interface TaskFacts {
  task_type: string;
  status: string;
  due_date: string;
}

/**
 * Overdue: still OPEN on a (UTC) day after its due date. The due date itself is the last day to act,
 * like re-verification's deadline, so a task due today is not overdue yet.
 */
export const isOverdue = (task: TaskFacts, today: string): boolean => task.status === ComplianceTaskStatus.OPEN && today > task.due_date;

/** The §2 child route that completes a task: the RFI page, or the questionnaire's own route (its template code). */
export const routeOf = (task: { task_type: string; subject_id: string }): string => (task.task_type === ComplianceTaskType.RFI ? RFI_ROUTE : task.subject_id);

/** The limitation the account gets from its tasks: any overdue one limits it; each overdue type is a reason. */
export function limitationOf(tasks: readonly TaskFacts[], today: string): { limitation: string; reasons: string[] } {
  const reasons = [...new Set(tasks.filter((t) => isOverdue(t, today)).map((t) => taskOverdueReason(t.task_type as ComplianceTaskType)))].sort();
  return { limitation: reasons.length > 0 ? LIMITATION_COMPLIANCE_TASK_OVERDUE : LIMITATION_DEFAULT, reasons };
}
