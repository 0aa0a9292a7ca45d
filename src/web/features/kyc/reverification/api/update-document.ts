import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiPath } from '../../../../../shared/api/paths.ts';
import type { SubmitUpdateResult, UpdatePoaRequest, UpdatePoiRequest } from '../../../../../shared/api/reverification.ts';
import { KycLevel } from '../../../../../shared/kyc.ts';
import { http } from '../../../../lib/http/index.ts';
import { kycKeys } from '../../api/keys.ts';
import { reverificationKeys } from './reverification.ts';

/** POST update-poi / update-poa (decision 017): the new document, reviewed as a review case. */
export type UpdateBody = { target: 'POI'; body: UpdatePoiRequest } | { target: 'POA'; body: UpdatePoaRequest };

export const sendUpdate = ({ target, body }: UpdateBody) =>
  http.post<SubmitUpdateResult>(target === 'POI' ? ApiPath.updatePoi : ApiPath.updatePoa, { ...body }, { silent: true });

/** Sends the update, then reads the page, kyc-info and the level's drafts again (now attached). */
export function useSendUpdate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: sendUpdate,
    onSettled: (_data, _error, { target }) => {
      void client.invalidateQueries({ queryKey: reverificationKeys.info() });
      void client.invalidateQueries({ queryKey: kycKeys.info() });
      void client.invalidateQueries({ queryKey: kycKeys.drafts(target === 'POI' ? KycLevel.LEVEL_1 : KycLevel.LEVEL_2) });
    },
  });
}
