import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycAnnouncementsResult } from '../../../../shared/api/extras-announcements.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { EXTRAS_READ_FRESH_MS } from './extras-info.ts';
import { extrasKeys } from './keys.ts';

/** The KYC announcements the member has not acknowledged yet (asked only while bannerTags says there are some). */
export const getKycAnnouncements = (signal?: AbortSignal) => http.get<KycAnnouncementsResult>(ApiPath.kycAnnouncements, undefined, { silent: true, signal });
export const kycAnnouncementsQuery = queryOptions({ queryKey: extrasKeys.announcements(), queryFn: ({ signal }) => getKycAnnouncements(signal), staleTime: EXTRAS_READ_FRESH_MS });
export const useKycAnnouncements = (enabled: boolean) => useQuery({ ...kycAnnouncementsQuery, enabled });
