import { z } from '../zod.ts';
import { KycLevel } from '../kyc.ts';
import { kycLevelValue } from './kyc-fields.ts';

/**
 * Quotas: the product's configured daily withdrawal limits per level (kyc-info with obtain_quotas;
 * §9 says only "not shown", so the numbers are ours).
 */

export const coinLimit = z.object({
  coin: z.string(),
  /** Decimal string (exact; never read as a float). */
  limit: z.string(),
});
export type CoinLimit = z.output<typeof coinLimit>;

export const kycQuota = z.object({
  level: kycLevelValue,
  /** Daily withdrawal limit per coin (§2: the quota view uses the BTC entry). */
  coinLimit: z.array(coinLimit),
  /** The same limit in US dollars, for conversion with the user's rate and currency. */
  usdLimit: z.string(),
  period: z.literal('DAILY'),
});
export type KycQuota = z.output<typeof kycQuota>;

/** Daily withdrawal limits reached with each level (LEVEL_DEFAULT: unverified). */
export const KYC_QUOTAS: readonly KycQuota[] = [
  { level: KycLevel.LEVEL_DEFAULT, usdLimit: '20000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '0.2' }, { coin: 'ETH', limit: '6' }, { coin: 'USDT', limit: '20000' }] },
  { level: KycLevel.LEVEL_1, usdLimit: '1000000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '10' }, { coin: 'ETH', limit: '300' }, { coin: 'USDT', limit: '1000000' }] },
  { level: KycLevel.LEVEL_2, usdLimit: '2000000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '20' }, { coin: 'ETH', limit: '600' }, { coin: 'USDT', limit: '2000000' }] },
];
