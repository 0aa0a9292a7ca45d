import type { KycQuota } from '../../../../shared/api/quotas.ts';
import type { KycLevel } from '../../../../shared/kyc.ts';
import { formatCompact, formatCurrency, userCurrency } from '../../../lib/format/index.ts';

/** §2: "the quota view uses the BTC coin limit for the applicant's level". */
export const QUOTA_COIN = 'BTC';

export interface QuotaView {
  level: KycLevel;
  /** The BTC limit, §9 formatted (8 decimals, K/M/B from 1e3). '' when the quota has no BTC entry. */
  btc: string;
  /** Every coin limit, BTC first, §9 formatted. */
  coins: { coin: string; limit: string }[];
  /**
   * The USD limit converted with the rate into `currency`, in the user's language; '' when the
   * operator gave the level no fiat equivalent (decision 040).
   */
  fiat: string;
  /** The currency the fiat amount is in: the one the rate converts to (US dollars without a rate). */
  currency: string;
}

export interface QuotaViewOptions {
  /** §3 global rate (default 1): USD -> `currency`. */
  rate: number | string;
  /**
   * The currency `rate` converts to (the store's `fiat.currency`, decision 040): never the profile's
   * currency_code unless a rate for it was given, so no figure is shown in a currency it was not converted to.
   */
  currency: string | null | undefined;
  /** The UI language, for separators and the currency symbol's place. */
  locale: string;
}

/** How one level's quota reads on screen. Exact decimal arithmetic (lib/format); truncated, never rounded up. */
export function quotaView(quota: KycQuota, { rate, currency, locale }: QuotaViewOptions): QuotaView {
  const coins = [...quota.coinLimit]
    .sort((a, b) => (a.coin === QUOTA_COIN ? -1 : b.coin === QUOTA_COIN ? 1 : 0))
    .map((c) => ({ coin: c.coin, limit: formatCompact(c.limit, { locale, trimZeros: false }) }));
  const btc = coins.find((c) => c.coin === QUOTA_COIN)?.limit ?? '';
  const code = userCurrency(currency);
  return { level: quota.level, btc, coins, fiat: quota.usdLimit === '' ? '' : formatCurrency(quota.usdLimit, { currency: code, rate, locale }), currency: code };
}

/** The quota of one level from kyc-info's list (undefined when the server sent none). */
export function quotaFor(quotas: readonly KycQuota[] | undefined, level: KycLevel): KycQuota | undefined {
  return quotas?.find((q) => q.level === level);
}
