import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AffiliateInfoResult } from '../../../../shared/api/extras-member.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
// Fresh as long as kyc-info beside them: the overview reads them before showing, and the banners
// mounting right after must not read them again; every extras write invalidates them (decision 024).
import { PAGE_READ_FRESH_MS } from '../../../lib/kyc-info/index.ts';
import { extrasKeys } from './keys.ts';

/** The member's affiliate binding and whether the "were you referred?" card is offered. */
export const getAffiliateInfo = (signal?: AbortSignal) => http.get<AffiliateInfoResult>(ApiPath.affiliateInfo, undefined, { silent: true, signal });
export const affiliateInfoQuery = queryOptions({ queryKey: extrasKeys.affiliate(), queryFn: ({ signal }) => getAffiliateInfo(signal), staleTime: PAGE_READ_FRESH_MS });
export const useAffiliateInfo = () => useQuery(affiliateInfoQuery);
