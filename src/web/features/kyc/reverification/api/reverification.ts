import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '../../../../../shared/api/paths.ts';
import type { ResetEuPoiResult, ReverificationInfo } from '../../../../../shared/api/reverification.ts';
import { http } from '../../../../lib/http/index.ts';
import { kycKeys } from '../../api/keys.ts';

export const reverificationKeys = {
  info: () => ['reverification', 'info'] as const,
};

/**
 * GET reverification (decision 017): every document's status, request and latest rejection.
 * `silent`: the page shows a failure itself (error state with a retry). Never cached: the status
 * changes as reviewers decide.
 */
export const getReverification = (signal?: AbortSignal) => http.get<ReverificationInfo>(ApiPath.reverification, undefined, { silent: true, signal });

export const reverificationQuery = queryOptions({ queryKey: reverificationKeys.info(), queryFn: ({ signal }) => getReverification(signal) });

export const useReverification = () => useQuery(reverificationQuery);

/** §7 POST reset-eu-poi: the identity is verified again with the EU entity (POI becomes _Needed). */
export function useResetEuPoi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ResetEuPoiResult>(ApiPath.resetEuPoi, {}, { silent: true }),
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: reverificationKeys.info() });
      void client.invalidateQueries({ queryKey: kycKeys.info() });
    },
  });
}
