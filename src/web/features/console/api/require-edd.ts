import { useMutation } from '@tanstack/react-query';
import type { RequireEddRequest, RequireEddResult } from '../../../../shared/api/edd.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';

/**
 * POST /v1/console/edd-requests (decision 028): put a user into enhanced due diligence. silent: the
 * form shows its own errors (unknown user, already in EDD, a missing note).
 */
export const requireEdd = (body: RequireEddRequest) => http.post<RequireEddResult>(ConsolePath.consoleEddRequests, { ...body }, { silent: true });

export function useRequireEdd() {
  return useMutation({ mutationFn: requireEdd });
}
