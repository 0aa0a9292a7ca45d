import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleDecisionResult, RejectRequest } from '../../../../shared/api/console.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/**
 * POST /v1/console/kyc/applications/:id/reject { mode, reasonCode, userMessage, internalNote }.
 * silent: the decision form shows its own errors.
 */
export const rejectApplication = (id: string, body: RejectRequest) =>
  http.post<ConsoleDecisionResult>(withId(ApiPath.consoleReject, id), { ...body }, { silent: true });

/** Rejects; afterwards every case (steps changed) and every queue page are read again. */
export function useRejectApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RejectRequest) => rejectApplication(id, body),
    // Also on failure: a conflict (10012) means the case changed under us.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: consoleKeys.queues() }), client.invalidateQueries({ queryKey: consoleKeys.cases() })]),
  });
}
