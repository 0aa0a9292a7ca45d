import { times, toDecimal } from './decimal.ts';
import { numberFormat } from './intl-cache.ts';
import { fixed, type Rounding } from './number.ts';

/** §3: an empty currency_code is replaced with USD; §9 fallback currency USD. */
export const FALLBACK_CURRENCY = 'USD';

/** The user's currency, or USD when it is empty or not an ISO 4217 code Intl knows. */
export function userCurrency(code: string | null | undefined): string {
  const c = (code ?? '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(c)) return FALLBACK_CURRENCY;
  try {
    numberFormat('en', { style: 'currency', currency: c });
    return c;
  } catch {
    return FALLBACK_CURRENCY;
  }
}

export interface CurrencyFormatOptions {
  /** The user's currency_code; empty -> USD. */
  currency?: string | null;
  /** The current language, e.g. `de-DE`. */
  locale?: string;
  /** §3 global rate (default 1): the value is multiplied by it first (e.g. USD -> the user's currency). */
  rate?: unknown;
  /** Default: the currency's own minor unit (USD 2, JPY 0). */
  decimals?: number;
  rounding?: Rounding;
  fallback?: string;
}

/**
 * A fiat amount in the user's currency and language (`$1,234.50`, `1.234,50 €`), computed exactly:
 * BigInt does the arithmetic (decimal.ts), Intl the rounding and the symbol and separators (numeric
 * strings are formatted without float conversion). Truncates by default, like formatNumber.
 */
export function formatCurrency(value: unknown, options: CurrencyFormatOptions = {}): string {
  const { locale = 'en', rounding = 'truncate', fallback = '--' } = options;
  const amount = toDecimal(value);
  const rate = options.rate === undefined ? toDecimal(1) : toDecimal(options.rate);
  if (!amount || !rate) return fallback;
  const currency = userCurrency(options.currency);
  let format: Intl.NumberFormat;
  try {
    format = numberFormat(locale, { style: 'currency', currency });
  } catch {
    format = numberFormat('en', { style: 'currency', currency });
  }
  const decimals = options.decimals ?? format.resolvedOptions().maximumFractionDigits ?? 2;
  const s = fixed(times(amount, rate), decimals, rounding);
  const exact = numberFormat(format.resolvedOptions().locale, {
    style: 'currency',
    currency,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return exact.format(s as unknown as number);
}
