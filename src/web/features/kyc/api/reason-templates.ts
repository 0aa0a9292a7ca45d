import { useQuery } from '@tanstack/react-query';
import type { UserReasonTemplatesResult } from '../../../../shared/api/reason-templates.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';

/**
 * GET kyc reason-templates ?lang (decision 052): the compliance team's message for each reason, in
 * the reader's language. Silent: without them the reason's own translated title and hint still show.
 */
export function useReasonTemplates(language: string, enabled: boolean) {
  return useQuery({
    queryKey: ['kyc', 'reason-templates', language] as const,
    queryFn: ({ signal }) => http.get<UserReasonTemplatesResult>(ApiPath.reasonTemplates, { lang: language }, { silent: true, signal }),
    enabled,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
