import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { DoQuickKycRequest, DoQuickKycResult } from '../../../../shared/api/quick-kyc.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** §7 POST do-quick-kyc. `silent`: the screen maps field errors onto the number and shows the rest. */
export const doQuickKyc = (body: DoQuickKycRequest) => http.post<DoQuickKycResult>(ApiPath.doQuickKyc, { ...body }, { silent: true });

/** Checks the number; afterwards the steps, the personal information's lock and the offer have changed. */
export function useDoQuickKyc() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: doQuickKyc,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: kycKeys.info() });
      void client.invalidateQueries({ queryKey: kycKeys.personalInfo() });
      void client.invalidateQueries({ queryKey: kycKeys.quickKyc() });
    },
  });
}
