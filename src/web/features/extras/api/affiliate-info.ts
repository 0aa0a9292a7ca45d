import { useQuery } from '@tanstack/react-query';
import type { AffiliateInfoResult } from '../../../../shared/api/extras-member.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { extrasKeys } from './keys.ts';

/** The member's affiliate binding and whether the "were you referred?" card is offered. */
export const getAffiliateInfo = (signal?: AbortSignal) => http.get<AffiliateInfoResult>(ApiPath.affiliateInfo, undefined, { silent: true, signal });
export const useAffiliateInfo = () => useQuery({ queryKey: extrasKeys.affiliate(), queryFn: ({ signal }) => getAffiliateInfo(signal) });
