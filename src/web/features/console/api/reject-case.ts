import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleDecisionResult, RejectRequest } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { refreshAfterCaseChange, withId } from './keys.ts';

/**
 * POST /v1/console/cases/:id/reject { mode, reasonCode, userMessage, internalNote }. The decider
 * becomes the case's assignee. silent: the decision form shows its own errors.
 */
export const rejectCase = (id: string, body: RejectRequest) => http.post<ConsoleDecisionResult>(withId(ConsolePath.consoleReject, id), { ...body }, { silent: true });

/** Rejects; afterwards every queue page and every case (the user's steps changed) are read again. */
export function useRejectCase(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectRequest) => rejectCase(id, body),
    onSettled: () => refreshAfterCaseChange(client, id, { allCases: true }),
  });
}
