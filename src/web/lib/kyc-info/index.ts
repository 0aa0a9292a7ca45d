import { queryOptions } from '@tanstack/react-query';
import type { KycInfo, KycInfoRequest } from '../../../shared/api/kyc-info.ts';
import { ApiPath } from '../../../shared/api/paths.ts';
import { http } from '../http/index.ts';

/**
 * §7 POST kyc-info as the account area reads it, one read for every feature that shows part of it:
 * the KYC screens (state, quotas, the applicant) and the account extras on the personal page (banner
 * tags, display control, custody), which read it with no flags before and so fetched it a second
 * time on the first load (issue 15: no API call twice). The flags only add fields to the reply.
 */
const FLAGS: KycInfoRequest = { obtain_current: true, obtain_state: true, obtain_quotas: true, obtain_verification_process: true };

/**
 * How long a kyc-info or personal-info read counts as fresh. The personal route prefetches both while
 * its overview chunk loads; with TanStack's default (stale at once) the overview, mounting a moment
 * later, read both again (issue 15: each was fetched twice on the first load). A few seconds covers a
 * slow chunk; every write of ours invalidates these keys, and a screen waiting for a result that
 * arrives by itself polls (refetchInterval), so nothing shows an older state than before.
 */
export const PAGE_READ_FRESH_MS = 10_000;

/** Its query key, under the KYC screens' prefix: whatever invalidates `['kyc']` reads it again. */
export const KYC_INFO_KEY = ['kyc', 'info'] as const;

/**
 * With the optional Guid and Lang headers. `silent`: the screens show a failure themselves (error
 * state with a retry), so the request layer does not toast it as well.
 */
export const getKycInfo = (signal?: AbortSignal) => http.post<KycInfo>(ApiPath.kycInfo, { ...FLAGS }, { sendGuid: true, sendLang: true, silent: true, signal });

export const kycInfoQuery = queryOptions({ queryKey: KYC_INFO_KEY, queryFn: ({ signal }) => getKycInfo(signal), staleTime: PAGE_READ_FRESH_MS });
