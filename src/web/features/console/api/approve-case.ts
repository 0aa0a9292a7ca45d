import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleDecisionResult } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { refreshAfterCaseChange, withId } from './keys.ts';

/** The body of approve (`approveRequest` in shared; its input type is opaque behind a preprocess step). */
export interface ApproveBody {
  internalNote?: string;
}

/**
 * POST /v1/console/cases/:id/approve. The decider becomes the case's assignee. silent: the decision
 * form shows its own errors (10012 when someone else decided first, 36001 when another reviewer has
 * the case, 10001 with field issues).
 */
export const approveCase = (id: string, body: ApproveBody) => http.post<ConsoleDecisionResult>(withId(ConsolePath.consoleApprove, id), { ...body }, { silent: true });

/** Approves; afterwards every queue page and every case (the user's steps changed) are read again. */
export function useApproveCase(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveBody) => approveCase(id, body),
    // Also on failure: a conflict (10012, 36001) means the case changed under us.
    onSettled: () => refreshAfterCaseChange(client, id, { allCases: true }),
  });
}
