import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycProviderResult } from '../../../../shared/api/verification.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** §7 POST get-kyc-provider: which provider verifies this level (the screens build PROVIDER_DEFAULT's flow). */
export const getKycProvider = (level: VerifiableLevel, signal?: AbortSignal) => http.post<KycProviderResult>(ApiPath.getKycProvider, { level }, { silent: true, signal });

export const kycProviderQuery = (level: VerifiableLevel) =>
  queryOptions({ queryKey: kycKeys.provider(level), queryFn: ({ signal }) => getKycProvider(level, signal), staleTime: 5 * 60_000 });

export const useKycProvider = (level: VerifiableLevel) => useQuery(kycProviderQuery(level));
