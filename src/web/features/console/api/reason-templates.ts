import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReasonTemplatesResult, SaveReasonTemplateRequest } from '../../../../shared/api/reason-templates.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';

const reasonTemplatesKey = ['console', 'reason-templates'] as const;

/** GET /v1/console/reason-templates (decision 052): every reason's template in every language. */
export const useConsoleReasonTemplates = () =>
  useQuery({ queryKey: reasonTemplatesKey, queryFn: ({ signal }) => http.get<ReasonTemplatesResult>(ConsolePath.consoleReasonTemplates, undefined, { silent: true, signal }), staleTime: 60_000 });

/** PUT /v1/console/reason-templates (administrators): one reason in one language; '' removes it. */
export function useSaveReasonTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveReasonTemplateRequest) => http.put<ReasonTemplatesResult>(ConsolePath.consoleReasonTemplates, body, { silent: true }),
    onSuccess: (result) => client.setQueryData(reasonTemplatesKey, result),
  });
}
