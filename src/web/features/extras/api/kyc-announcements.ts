import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycAnnouncementsResult } from '../../../../shared/api/extras-announcements.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
// Fresh as long as kyc-info beside them: the overview reads them before showing, and the banners
// mounting right after must not read them again; every extras write invalidates them (decision 024).
import { PAGE_READ_FRESH_MS } from '../../../lib/kyc-info/index.ts';
import { extrasKeys } from './keys.ts';

/** The KYC announcements the member has not acknowledged yet (asked only while bannerTags says there are some). */
export const getKycAnnouncements = (signal?: AbortSignal) => http.get<KycAnnouncementsResult>(ApiPath.kycAnnouncements, undefined, { silent: true, signal });
export const kycAnnouncementsQuery = queryOptions({ queryKey: extrasKeys.announcements(), queryFn: ({ signal }) => getKycAnnouncements(signal), staleTime: PAGE_READ_FRESH_MS });
export const useKycAnnouncements = (enabled: boolean) => useQuery({ ...kycAnnouncementsQuery, enabled });
