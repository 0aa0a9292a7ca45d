import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubmitApplicationRequest, SubmitApplicationResult } from '../../../../shared/api/applications.ts';
import { RequestHeader } from '../../../../shared/api/headers.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/**
 * POST submit-application (the in-house provider's "send for review"). The X-Client-Tag names this
 * one submission: a double click or a remount gets the first call's outcome instead of sending
 * again (§7 client tags); the server refuses a second submission anyway (10012).
 */
export const submitApplication = (body: SubmitApplicationRequest, clientTag: string) =>
  http.post<SubmitApplicationResult>(ApiPath.submitApplication, { ...body }, { silent: true, headers: { [RequestHeader.CLIENT_TAG]: clientTag } });

/** Submits, then refreshes kyc-info (the step is PENDING now) and the level's drafts (now attached). */
export function useSubmitApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, clientTag }: { body: SubmitApplicationRequest; clientTag: string }) => submitApplication(body, clientTag),
    onSettled: (_data, _error, { body }) => {
      void client.invalidateQueries({ queryKey: kycKeys.info() });
      void client.invalidateQueries({ queryKey: kycKeys.personalInfo() });
      void client.invalidateQueries({ queryKey: kycKeys.drafts(body.level) });
    },
  });
}
