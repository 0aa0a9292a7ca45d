import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycInfo, KycInfoRequest } from '../../../../shared/api/kyc-info.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys, PAGE_READ_FRESH_MS } from './keys.ts';

/** What the KYC screens read from kyc-info: the applicant, both steps, the quotas, a pending review. */
const FLAGS: KycInfoRequest = { obtain_current: true, obtain_state: true, obtain_quotas: true, obtain_verification_process: true };

/**
 * §7 POST kyc-info, with the optional Guid and Lang headers. `silent`: the screens show a failure
 * themselves (error state with a retry), so the request layer does not toast it as well.
 */
export const getKycInfo = (signal?: AbortSignal) => http.post<KycInfo>(ApiPath.kycInfo, { ...FLAGS }, { sendGuid: true, sendLang: true, silent: true, signal });

export const kycInfoQuery = queryOptions({ queryKey: kycKeys.info(), queryFn: ({ signal }) => getKycInfo(signal), staleTime: PAGE_READ_FRESH_MS });

/** `pollMs`: read again every so often while waiting for a result that arrives by itself (a vendor's). */
export const useKycInfo = ({ pollMs }: { pollMs?: number | false } = {}) => useQuery({ ...kycInfoQuery, refetchInterval: pollMs ?? false });
