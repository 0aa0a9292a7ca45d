import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycConfigResult } from '../../../../shared/api/verification.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** §7 GET get-config: age limits, proof-of-address rules, the upload size limit. */
export const getKycConfig = (signal?: AbortSignal) => http.get<KycConfigResult>(ApiPath.getConfig, undefined, { cache: true, silent: true, signal });

export const kycConfigQuery = queryOptions({ queryKey: kycKeys.config(), queryFn: ({ signal }) => getKycConfig(signal), staleTime: Infinity });

export const useKycConfig = () => useQuery(kycConfigQuery);
