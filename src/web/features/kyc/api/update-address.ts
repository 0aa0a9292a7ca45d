import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalInfoResult, ResidentialAddress } from '../../../../shared/api/personal-info.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** POST update-address (decision 005). `silent`: the form maps field errors onto its fields and shows the rest. */
export const updateAddress = (address: ResidentialAddress) => http.post<PersonalInfoResult>(ApiPath.updateAddress, { ...address }, { silent: true });

/** Updates, then stores the answer as the personal information and refreshes kyc-info (residence country). */
export function useUpdateAddress() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateAddress,
    onSuccess: (result) => {
      client.setQueryData(kycKeys.personalInfo(), result);
      void client.invalidateQueries({ queryKey: kycKeys.info() });
    },
  });
}
