import { useMutation } from '@tanstack/react-query';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import type { RequestReverificationRequest, RequestReverificationResult } from '../../../../shared/api/reverification.ts';
import { http } from '../../../lib/http/index.ts';

/**
 * POST /v1/console/reverification-requests (decision 017): ask a verified user to send a document
 * again. silent: the form shows its own errors (unknown user, nothing verified, already asked, a
 * deadline out of range).
 */
export const requestReverification = (body: RequestReverificationRequest) =>
  http.post<RequestReverificationResult>(ConsolePath.consoleReverificationRequests, { ...body }, { silent: true });

export function useRequestReverification() {
  return useMutation({ mutationFn: requestReverification });
}
