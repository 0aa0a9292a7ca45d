import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BindAffResult } from '../../../../shared/api/extras-member.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** §7 POST /affiliate/apis/v1/bind_aff_user_info: links the member to a partner, once. Errors are shown on the form. */
export const bindAffiliate = (affCode: string) => http.post<BindAffResult>(ApiPath.bindAffUserInfo, { affCode }, { silent: true });

export function useBindAffiliate() {
  const client = useQueryClient();
  return useMutation({ mutationFn: bindAffiliate, onSuccess: () => void client.invalidateQueries({ queryKey: extrasKeys.affiliate() }) });
}
