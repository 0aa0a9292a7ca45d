import type { AgreementProduct, VipBusType } from '../../../../shared/extras.ts';

/** TanStack Query keys of the account extras, so writes can invalidate the right reads. */
export const extrasKeys = {
  all: ['extras'] as const,
  info: () => ['extras', 'kyc-info'] as const,
  announcements: () => ['extras', 'announcements'] as const,
  affiliate: () => ['extras', 'affiliate'] as const,
  vip: (busType: VipBusType) => ['extras', 'vip', busType] as const,
  fiatPopUp: () => ['extras', 'fiat-pop-up'] as const,
  agreements: (products?: readonly AgreementProduct[]) => ['extras', 'agreements', ...(products ?? [])] as const,
  custody: () => ['extras', 'custody'] as const,
};

/** The KYC overview's own key prefix: an extras write that changes kyc-info refreshes it too. */
export const KYC_QUERY_PREFIX = ['kyc'] as const;
