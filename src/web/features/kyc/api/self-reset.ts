import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SelfResetResult } from '../../../../shared/api/verification.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

export interface SelfResetInput {
  level: VerifiableLevel;
  /** The e-mailed code; without it the server mails one and answers 30101 (§8 step code). */
  otp?: string;
}

/** §7 POST self-reset: after a retryable rejection, start the level over (unsubmitted uploads are discarded). */
export const selfReset = ({ level, otp }: SelfResetInput) => http.post<SelfResetResult>(ApiPath.selfReset, otp ? { level, otp } : { level }, { silent: true });

export function useSelfReset() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: selfReset,
    onSuccess: (_result, { level }) => {
      void client.invalidateQueries({ queryKey: kycKeys.info() });
      void client.invalidateQueries({ queryKey: kycKeys.personalInfo() });
      void client.invalidateQueries({ queryKey: kycKeys.drafts(level) });
    },
  });
}
