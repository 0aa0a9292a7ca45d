import type { VerifiableLevel } from '../../../../shared/kyc.ts';

/**
 * How long a kyc-info or personal-info read counts as fresh. The personal route prefetches both while
 * its overview chunk loads; with TanStack's default (stale at once) the overview, mounting a moment
 * later, read both again (issue 15: each was fetched twice on the first load). A few seconds covers a
 * slow chunk; every write of ours invalidates these keys, and a screen waiting for a result that
 * arrives by itself polls (refetchInterval), so nothing shows an older state than before.
 */
export const PAGE_READ_FRESH_MS = 10_000;

/** TanStack Query keys of the KYC screens, in one place so writes can invalidate the right reads. */
export const kycKeys = {
  all: ['kyc'] as const,
  info: () => ['kyc', 'info'] as const,
  personalInfo: () => ['kyc', 'personal-info'] as const,
  countries: () => ['kyc', 'countries'] as const,
  config: () => ['kyc', 'config'] as const,
  provider: (level: VerifiableLevel) => ['kyc', 'provider', level] as const,
  documentTypes: (country: string) => ['kyc', 'document-types', country] as const,
  drafts: (level: VerifiableLevel) => ['kyc', 'drafts', level] as const,
  quickKyc: () => ['kyc', 'quick-kyc'] as const,
};
