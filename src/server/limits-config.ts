import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * Limits and rates (docs/decisions/040), read from the environment by config.ts only.
 */
export const limitsEnvSchema = {
  /** A JSON file of withdrawal limits (`{ "<site or default>": { "<level>": { "<coin>": "<limit>" } } }`), stored as a new version at start when it changed. */
  LIMITS_FILE: z.string().min(1).optional(),
  /** An http(s) URL answering `{ base: "USD", time, rates }` (decision 040). */
  RATES_URL: z.url({ protocol: /^https?$/, error: 'RATES_URL must be an http(s) URL' }).optional(),
  /** How often each server reads RATES_URL. */
  RATES_REFRESH_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Rates older than this (by their own time) are not used: amounts show in US dollars. */
  RATES_MAX_AGE_HOURS: z.coerce.number().positive().default(48),
  /** One read's time limit. */
  RATES_TIMEOUT_MS: z.coerce.number().int().min(100).default(5000),
  /** Allow RATES_URL on a loopback or private address (a feed inside the operator's network). */
  RATES_ALLOW_PRIVATE: bool.default(false),
};

type LimitsEnv = z.output<z.ZodObject<typeof limitsEnvSchema>>;

export function limitsConfigOf(e: LimitsEnv) {
  return {
    file: e.LIMITS_FILE ?? null,
    ratesUrl: e.RATES_URL ?? null,
    ratesRefreshMs: e.RATES_REFRESH_MINUTES * 60_000,
    ratesMaxAgeMs: e.RATES_MAX_AGE_HOURS * 3600_000,
    ratesTimeoutMs: e.RATES_TIMEOUT_MS,
    ratesAllowPrivate: e.RATES_ALLOW_PRIVATE,
  };
}
export type LimitsConfig = ReturnType<typeof limitsConfigOf>;
