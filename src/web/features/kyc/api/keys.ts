import type { VerifiableLevel } from '../../../../shared/kyc.ts';

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
