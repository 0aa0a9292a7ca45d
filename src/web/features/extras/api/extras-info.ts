import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycInfo } from '../../../../shared/api/kyc-info.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** §7 POST kyc-info without flags: the extras read bannerTags, displayControl and custody from it. */
export const getExtrasInfo = (signal?: AbortSignal) => http.post<KycInfo>(ApiPath.kycInfo, {}, { silent: true, signal });
export const extrasInfoQuery = queryOptions({ queryKey: extrasKeys.info(), queryFn: ({ signal }) => getExtrasInfo(signal) });
export const useExtrasInfo = () => useQuery(extrasInfoQuery);
