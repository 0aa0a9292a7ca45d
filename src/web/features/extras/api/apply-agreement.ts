import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgreementApplyResult } from '../../../../shared/api/extras-agreements.ts';
import type { AgreementProduct } from '../../../../shared/extras.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys, KYC_QUERY_PREFIX } from './keys.ts';

/** §7 POST /option/asset/amp/agreement/apply: the member accepts the version they read. Errors are shown next to it. */
export const applyAgreement = (input: { product: AgreementProduct; version: number }) => http.post<AgreementApplyResult>(ApiPath.agreementApply, input, { silent: true });

export function useApplyAgreement() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: applyAgreement,
    // Settled, not only on success: an outdated version (41002) means the text changed, read it again.
    onSettled: () => {
      void client.invalidateQueries({ queryKey: extrasKeys.all });
      void client.invalidateQueries({ queryKey: KYC_QUERY_PREFIX });
    },
  });
}
