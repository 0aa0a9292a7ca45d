import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ConsoleDecisionResult } from '../../../../shared/api/console.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/** The body of approve (`approveRequest` in shared; its input type is opaque behind a preprocess step). */
export interface ApproveBody {
  internalNote?: string;
}

/**
 * POST /v1/console/kyc/applications/:id/approve. silent: the decision form shows its own errors
 * (10012 when someone else decided first, 10001 with field issues).
 */
export const approveApplication = (id: string, body: ApproveBody) =>
  http.post<ConsoleDecisionResult>(withId(ApiPath.consoleApprove, id), { ...body }, { silent: true });

/** Approves; afterwards every case (steps changed) and every queue page are read again (the application left "pending"). */
export function useApproveApplication(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApproveBody) => approveApplication(id, body),
    // Also on failure: a conflict (10012) means the case changed under us.
    onSettled: () => Promise.all([client.invalidateQueries({ queryKey: consoleKeys.queues() }), client.invalidateQueries({ queryKey: consoleKeys.cases() })]),
  });
}
