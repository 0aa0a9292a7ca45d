import { z } from '../zod.ts';
import { ValidationMessage } from '../validation.ts';
import { kycQuota } from './quotas.ts';

/**
 * Withdrawal limits and fiat rates as data (issue 30, decision 040): the contracts of the console's
 * "Limits and rates" settings, of LIMITS_FILE, of RATES_URL's reply and of the user's fiat rate.
 */

/** The fiat equivalent's key in a level's entry: US dollars (what rates convert from). */
export const FIAT_KEY = 'USD';
/** The key of the rules that apply to every site without its own entry. */
export const DEFAULT_SITE_KEY = 'default';
/** Business members' limits (member tag KYB '1') are keyed `kyb:<site or default>`. */
export const KYB_PREFIX = 'kyb:';

/** A limit: a non-negative decimal string (exact; never read as a float), at most 20 digits before and 8 after the point. */
export const limitAmount = z.string().regex(/^(0|[1-9]\d{0,19})(\.\d{1,8})?$/, { error: 'limits.invalid_amount' });
const coinCode = z.string().regex(/^[A-Z0-9]{2,10}$/, { error: 'limits.invalid_coin' });
/** `default`, or a site as the host names it (§1 region: MAIN, HKG, ARE), each optionally `kyb:`-prefixed. */
const siteKey = z.string().regex(/^(kyb:)?(default|MAIN|HKG|ARE)$/, { error: 'limits.invalid_site' });
const levelKey = z.enum(['0', '1', '2'], { error: 'limits.invalid_level' });

/**
 * LIMITS_FILE and the console's document: `{ "<site or default>": { "<level 0|1|2>": { "<coin>": "<limit>" } } }`.
 * A level's `USD` entry is its fiat equivalent in US dollars. A site's level replaces the default's
 * level whole (never merged coin by coin: a limit is read as the operator wrote it).
 */
export const limitsDocument = z
  .record(siteKey, z.partialRecord(levelKey, z.record(coinCode, limitAmount)))
  .refine((doc) => Object.keys(doc).length <= 64, { error: ValidationMessage.MAX_LENGTH })
  .refine((doc) => Object.values(doc).every((levels) => Object.values(levels).every((coins) => coins && Object.keys(coins).length <= 50)), { error: ValidationMessage.MAX_LENGTH });
export type LimitsDocument = z.output<typeof limitsDocument>;

export const LimitsSource = { DEFAULT: 'default', FILE: 'file', CONSOLE: 'console' } as const;
export type LimitsSource = (typeof LimitsSource)[keyof typeof LimitsSource];

/** One version of the limits: 0 is the built-in default (never stored). */
export const limitsVersion = z.object({
  version: z.number().int().nonnegative(),
  source: z.enum(LimitsSource),
  document: limitsDocument,
  note: z.string(),
  createdAt: z.string().nullable(),
  createdBy: z.string().nullable(),
});
export type LimitsVersion = z.output<typeof limitsVersion>;

/** GET /v1/console/limits: the version in force and the earlier ones (newest first, at most 20). */
export const consoleLimitsResult = z.object({
  current: limitsVersion,
  history: z.array(limitsVersion.omit({ document: true })),
  /** What the current version gives on the main site, level by level (what kyc-info answers). */
  preview: z.array(kycQuota),
});
export type ConsoleLimitsResult = z.output<typeof consoleLimitsResult>;

/** PUT /v1/console/limits: a new version; `expectedVersion` is the version the editor started from (a stale edit is refused). */
export const saveLimitsRequest = z.strictObject({
  document: limitsDocument,
  note: z.string().trim().min(1, { error: ValidationMessage.REQUIRED }).max(500, { error: ValidationMessage.MAX_LENGTH }),
  expectedVersion: z.number().int().nonnegative(),
});

const currencyCode = z.string().regex(/^[A-Z]{3}$/, { error: 'limits.invalid_currency' });
/** A rate: units of the currency for one unit of the base, positive. */
const rateValue = z.string().regex(/^(0|[1-9]\d{0,11})(\.\d{1,12})?$/, { error: 'limits.invalid_rate' }).refine((v) => /[1-9]/.test(v), { error: 'limits.invalid_rate' });

/**
 * RATES_URL's reply (decision 040): `{ "base": "USD", "time": "<ISO 8601>", "rates": { "EUR": "0.92", … } }`,
 * rates as decimal strings or numbers. Only base USD is accepted (limits' fiat equivalents are USD).
 */
export const ratesFeed = z.object({
  base: z.literal(FIAT_KEY, { error: 'limits.invalid_base' }),
  time: z.iso.datetime({ offset: true, error: 'limits.invalid_time' }),
  rates: z
    .record(currencyCode, z.union([rateValue, z.number().positive().max(1e12).transform((n) => String(n))]).pipe(rateValue))
    .refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 400, { error: ValidationMessage.MAX_LENGTH }),
});
export type RatesFeed = z.output<typeof ratesFeed>;

export const RatesSource = { URL: 'url', CONSOLE: 'console' } as const;
export type RatesSource = (typeof RatesSource)[keyof typeof RatesSource];

/** GET /v1/console/rates: the rates in force (null: none), where they come from and how the last fetch went. */
export const consoleRatesResult = z.object({
  current: z
    .object({
      source: z.enum(RatesSource),
      base: z.string(),
      time: z.string(),
      rates: z.record(z.string(), z.string()),
      storedAt: z.string(),
      storedBy: z.string().nullable(),
      /** Older than RATES_MAX_AGE_HOURS: users see US dollars. */
      stale: z.boolean(),
    })
    .nullable(),
  /** RATES_URL's host when configured (never its query, which may hold a key). */
  feedHost: z.string().nullable(),
  lastFetch: z.object({ at: z.string(), ok: z.boolean(), error: z.string() }).nullable(),
  maxAgeHours: z.number(),
});
export type ConsoleRatesResult = z.output<typeof consoleRatesResult>;

/** PUT /v1/console/rates: rates an administrator sets (base USD, as of `time`). */
export const setRatesRequest = z.strictObject({
  time: z.iso.datetime({ offset: true, error: 'limits.invalid_time' }),
  rates: z.record(currencyCode, rateValue).refine((r) => Object.keys(r).length >= 1 && Object.keys(r).length <= 400, { error: ValidationMessage.REQUIRED }),
});

/**
 * GET /v1/private/fiat-rate: the rate from US dollars to the user's currency (profile currency_code).
 * `converted` false: no rate (or only a stale one) for that currency: amounts are shown in USD and the
 * screen says so (`currency` is then USD, `rate` '1', `requested` the user's currency).
 */
export const fiatRateResult = z.object({
  currency: z.string(),
  rate: z.string(),
  /** When the rate was published by its source (ISO 8601); null with no rate. */
  time: z.string().nullable(),
  converted: z.boolean(),
  requested: z.string(),
});
export type FiatRateResult = z.output<typeof fiatRateResult>;
