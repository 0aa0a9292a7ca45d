import { useMutation } from '@tanstack/react-query';
import type { AskRfiRequest, AskRfiResult } from '../../../../shared/api/compliance-tasks.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';

/**
 * POST /v1/console/rfi-requests (decision 027): ask a user a question or for a document. silent: the
 * form shows its own errors (unknown user, a request already open, a due date out of range).
 */
export const askRfi = (body: AskRfiRequest) => http.post<AskRfiResult>(ConsolePath.consoleRfiRequests, { ...body }, { silent: true });

export function useAskRfi() {
  return useMutation({ mutationFn: askRfi });
}
