import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgreementVersionsResult, PublishAgreementRequest } from '../../../../shared/api/extras-agreements.ts';
import type { AnnouncementsResult, NewAnnouncementRequest } from '../../../../shared/api/extras-announcements.ts';
import type { ConsoleMemberView } from '../../../../shared/api/extras-console.ts';
import type { ConsoleCustodyRequest } from '../../../../shared/api/extras-custody.ts';
import type { AffiliatesResult, ConsoleTagRequest, ConsoleVipRequest, NewAffiliateRequest } from '../../../../shared/api/extras-member.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/**
 * The account extras in the console (decision 025): a member's tags, custody and VIP invitation
 * (reviewers); announcements, agreement versions and referral partners (administrators change them).
 * Errors are shown where the action was (silent).
 */
const extrasKey = [...consoleKeys.all, 'extras'] as const;
const memberKey = (id: string) => [...extrasKey, 'member', id] as const;

export const lookupMember = (email: string) => http.get<{ id: string }>(ConsolePath.consoleMemberLookup, { email }, { silent: true });
export const useLookupMember = () => useMutation({ mutationFn: lookupMember });

export const useConsoleMember = (id: string | null) =>
  useQuery({ queryKey: memberKey(id ?? ''), queryFn: ({ signal }) => http.get<ConsoleMemberView>(withId(ConsolePath.consoleMember, id!), undefined, { signal, silent: true }), enabled: id !== null });

/** One hook per member change; the reply is the member as they are now. */
function useMemberChange<B>(path: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: B }) => http.post<ConsoleMemberView>(withId(path, id), body as Record<string, unknown>, { silent: true }),
    onSuccess: (member) => client.setQueryData(memberKey(member.id), member),
  });
}
export const useSetMemberTag = () => useMemberChange<ConsoleTagRequest>(ConsolePath.consoleMemberTag);
export const useSetMemberCustody = () => useMemberChange<ConsoleCustodyRequest>(ConsolePath.consoleMemberCustody);
export const useSetMemberVip = () => useMemberChange<ConsoleVipRequest>(ConsolePath.consoleMemberVip);

const listKey = (what: string) => [...extrasKey, what] as const;
function useList<T>(what: string, path: string) {
  return useQuery({ queryKey: listKey(what), queryFn: ({ signal }) => http.get<T>(path, undefined, { signal, silent: true }) });
}
function useListChange<B>(what: string, send: (body: B) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: send, onSettled: () => client.invalidateQueries({ queryKey: listKey(what) }) });
}

export const useAnnouncements = () => useList<AnnouncementsResult>('announcements', ConsolePath.consoleAnnouncements);
export const usePublishAnnouncement = () => useListChange('announcements', (body: NewAnnouncementRequest) => http.post(ConsolePath.consoleAnnouncements, { ...body }, { silent: true }));
export const useWithdrawAnnouncement = () => useListChange('announcements', (id: string) => http.post(withId(ConsolePath.consoleAnnouncementWithdraw, id), {}, { silent: true }));

export const useAgreementVersions = () => useList<AgreementVersionsResult>('agreements', ConsolePath.consoleAgreements);
export const usePublishAgreement = () => useListChange('agreements', (body: PublishAgreementRequest) => http.post(ConsolePath.consoleAgreements, { ...body }, { silent: true }));

export const useAffiliates = () => useList<AffiliatesResult>('affiliates', ConsolePath.consoleAffiliates);
export const useAddAffiliate = () => useListChange('affiliates', (body: NewAffiliateRequest) => http.post(ConsolePath.consoleAffiliates, { ...body }, { silent: true }));
