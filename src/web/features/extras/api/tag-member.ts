import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberTagsResult } from '../../../../shared/api/extras-member.ts';
import type { MemberTagName } from '../../../../shared/extras.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { invalidateExtras } from './keys.ts';

/** §7 POST tagmember with tagName and value: the member closes a pop-up or notice for good. */
export const tagMember = (tagName: MemberTagName, value = '1') => http.post<MemberTagsResult>(ApiPath.tagMember, { tagName, value });

export function useTagMember() {
  const client = useQueryClient();
  return useMutation({ mutationFn: (tagName: MemberTagName) => tagMember(tagName), onSuccess: () => invalidateExtras(client) });
}
