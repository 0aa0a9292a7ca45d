import { z } from '../zod.ts';
import { kycLevelValue } from './kyc-fields.ts';

/**
 * Quotas: the daily withdrawal limits per level (kyc-info with obtain_quotas), data an operator
 * controls (LIMITS_FILE and the console, decision 040; the limits module's default seed).
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
  /** The same limit in US dollars, for conversion with the user's rate; '' when the operator gave none (decision 040). */
  usdLimit: z.string(),
  period: z.literal('DAILY'),
});
export type KycQuota = z.output<typeof kycQuota>;
