import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycInfo } from '../../../../shared/api/kyc-info.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** §7 POST kyc-info without flags: the extras read bannerTags, displayControl and custody from it. */
export const getExtrasInfo = (signal?: AbortSignal) => http.post<KycInfo>(ApiPath.kycInfo, {}, { silent: true, signal });
/**
 * Fresh for 10 s: the overview reads it before showing (overview-extras.tsx), and the banners mounting
 * right after must not read it again; every extras write invalidates it (as the KYC reads, decision 024).
 */
export const EXTRAS_READ_FRESH_MS = 10_000;
export const extrasInfoQuery = queryOptions({ queryKey: extrasKeys.info(), queryFn: ({ signal }) => getExtrasInfo(signal), staleTime: EXTRAS_READ_FRESH_MS });
export const useExtrasInfo = () => useQuery(extrasInfoQuery);
