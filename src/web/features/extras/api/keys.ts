import type { QueryClient } from '@tanstack/react-query';
import type { AgreementProduct, VipBusType } from '../../../../shared/extras.ts';
import { KYC_INFO_KEY } from '../../../lib/kyc-info/index.ts';

/** TanStack Query keys of the account extras, so writes can invalidate the right reads. */
export const extrasKeys = {
  all: ['extras'] as const,
  announcements: () => ['extras', 'announcements'] as const,
  affiliate: () => ['extras', 'affiliate'] as const,
  vip: (busType: VipBusType) => ['extras', 'vip', busType] as const,
  fiatPopUp: () => ['extras', 'fiat-pop-up'] as const,
  agreements: (products?: readonly AgreementProduct[]) => ['extras', 'agreements', ...(products ?? [])] as const,
  custody: () => ['extras', 'custody'] as const,
};

/** The KYC screens' key prefix, kyc-info's read among them (lib/kyc-info): an extras write that changes kyc-info invalidates it. */
export const KYC_QUERY_PREFIX = ['kyc'] as const;

/**
 * After an extras write: every extras read, and kyc-info, which the extras read their banners and
 * display flags from (the page's one kyc-info read, shared with the KYC overview: lib/kyc-info).
 */
export function invalidateExtras(client: QueryClient): void {
  void client.invalidateQueries({ queryKey: extrasKeys.all });
  void client.invalidateQueries({ queryKey: KYC_INFO_KEY });
}
