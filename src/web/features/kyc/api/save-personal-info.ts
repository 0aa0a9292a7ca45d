import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonalInfo, PersonalInfoResult } from '../../../../shared/api/personal-info.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** POST kyc-personal-info. `silent`: the form maps field errors onto its fields and shows the rest. */
export const savePersonalInfo = (info: PersonalInfo) => http.post<PersonalInfoResult>(ApiPath.kycPersonalInfo, { ...info }, { silent: true });

/** Saves, then stores the answer as the personal information and refreshes kyc-info (applicant, next action). */
export function useSavePersonalInfo() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: savePersonalInfo,
    onSuccess: (result) => {
      client.setQueryData(kycKeys.personalInfo(), result);
      void client.invalidateQueries({ queryKey: kycKeys.info() });
    },
  });
}
