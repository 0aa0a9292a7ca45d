import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { CanQuickKycResult } from '../../../../shared/api/quick-kyc.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/**
 * §7 GET can-quick-kyc: whether the quick path (an identity number checked against a registry) is
 * open to the user, why not, and which numbers the country offers. `silent`: the screens say it.
 */
export const getCanQuickKyc = (signal?: AbortSignal) => http.get<CanQuickKycResult>(ApiPath.canQuickKyc, undefined, { silent: true, signal });

export const canQuickKycQuery = queryOptions({ queryKey: kycKeys.quickKyc(), queryFn: ({ signal }) => getCanQuickKyc(signal) });

export const useCanQuickKyc = (options: { enabled?: boolean } = {}) => useQuery({ ...canQuickKycQuery, enabled: options.enabled ?? true });
