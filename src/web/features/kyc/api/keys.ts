import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { KYC_INFO_KEY } from '../../../lib/kyc-info/index.ts';

/** How long a kyc-info or personal-info read counts as fresh (lib/kyc-info says why). */
export { PAGE_READ_FRESH_MS } from '../../../lib/kyc-info/index.ts';

/** TanStack Query keys of the KYC screens, in one place so writes can invalidate the right reads. */
export const kycKeys = {
  all: ['kyc'] as const,
  info: () => KYC_INFO_KEY,
  personalInfo: () => ['kyc', 'personal-info'] as const,
  countries: () => ['kyc', 'countries'] as const,
  config: () => ['kyc', 'config'] as const,
  provider: (level: VerifiableLevel) => ['kyc', 'provider', level] as const,
  documentTypes: (country: string) => ['kyc', 'document-types', country] as const,
  drafts: (level: VerifiableLevel) => ['kyc', 'drafts', level] as const,
  quickKyc: () => ['kyc', 'quick-kyc'] as const,
};
