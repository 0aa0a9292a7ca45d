import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CustodyStateResult } from '../../../../shared/api/extras-custody.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys, KYC_QUERY_PREFIX } from './keys.ts';

/** The last step of the Satos-to-EU flow: the EU terms version read, and the consent to pass the identity on. */
export const confirmSatosToEu = (agreementVersion: number) => http.post<CustodyStateResult>(ApiPath.satosToEuConfirm, { agreementVersion, consentToTransfer: true }, { silent: true });

export function useConfirmSatosToEu() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmSatosToEu,
    onSuccess: (state) => {
      client.setQueryData(extrasKeys.custody(), state);
      void client.invalidateQueries({ queryKey: KYC_QUERY_PREFIX });
    },
  });
}
