import { atLeastPow10, toDecimal, toPlainString, type Decimal } from './decimal.ts';
import { numberFormat } from './intl-cache.ts';

/** §9: default 8 decimals. */
export const DEFAULT_DECIMALS = 8;
/** §9: large values with K, M, B and 2 decimals. */
export const COMPACT_DECIMALS = 2;
export const COMPACT_UNITS = [
  { suffix: 'B', at: 1e9, exponent: 9 },
  { suffix: 'M', at: 1e6, exponent: 6 },
  { suffix: 'K', at: 1e3, exponent: 3 },
] as const;

/**
 * How extra digits are dropped. Default `truncate` (toward zero): an amount shown never exceeds the
 * real one, so a balance or a limit is never displayed as more than it is (0.123456789 BTC ->
 * 0.12345678; 999 999 -> 999.99K, not 1000.00K). `round` is half-up for values that are estimates.
 */
export type Rounding = 'truncate' | 'round';

export interface NumberFormatOptions {
  /** Digits after the decimal point, always shown (default 8). */
  decimals?: number;
  rounding?: Rounding;
  /** §9: values of 1e3 and more as K/M/B with 2 decimals; smaller ones keep `decimals`. */
  compact?: boolean;
  /** Remove trailing zeros after the point (1.50000000 -> 1.5). */
  trimZeros?: boolean;
  /** Group digits and use the locale's separators (e.g. `de-DE`: 1.234,5); default: plain `1234.5`. */
  locale?: string;
  /** Shown for values that are not numbers (default `--`). */
  fallback?: string;
}

/**
 * The value with exactly `decimals` places, plain (`-1234.50`): Intl.NumberFormat rounds the exact
 * decimal string (truncating toward zero, or half away from zero). -0.00 is not a value anyone owns:
 * no sign on a zero.
 */
export function fixed(value: Decimal, decimals: number, rounding: Rounding): string {
  return numberFormat('en', {
    useGrouping: false,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    roundingMode: rounding === 'round' ? 'halfExpand' : 'trunc',
    signDisplay: 'negative',
  }).format(toPlainString(value) as unknown as number);
}

function trim(s: string): string {
  return s.includes('.') ? s.replace(/\.?0+$/, '') : s;
}

/** Locale separators on an exact decimal string (Intl formats numeric strings without going through floats). */
function localize(s: string, locale: string, decimals: number): string {
  const digits = s.includes('.') ? s.length - s.indexOf('.') - 1 : 0;
  return numberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: Math.max(digits, Math.min(decimals, 100)) }).format(
    s as unknown as number,
  );
}

/**
 * Formats an amount exactly (decimal.ts): numbers, numeric strings or Decimal values in,
 * a string out; never float drift (0.1 + 0.2 stays 0.3).
 */
export function formatNumber(value: unknown, options: NumberFormatOptions = {}): string {
  const { decimals = DEFAULT_DECIMALS, rounding = 'truncate', compact = false, trimZeros = false, locale, fallback = '--' } = options;
  const d = toDecimal(value);
  if (!d) return fallback;
  let suffix = '';
  let scaled = d;
  let places = decimals;
  if (compact) {
    const unit = COMPACT_UNITS.find((u) => atLeastPow10(d, u.exponent));
    if (unit) {
      scaled = { units: d.units, scale: d.scale + unit.exponent };
      places = COMPACT_DECIMALS;
      suffix = unit.suffix;
    }
  }
  let s = fixed(scaled, places, rounding);
  if (trimZeros) s = trim(s);
  if (locale) s = localize(s, locale, places);
  return `${s}${suffix}`;
}

/** §9 "K, M, B at 1e3, 1e6, 1e9 with 2 decimals". */
export function formatCompact(value: unknown, options: Omit<NumberFormatOptions, 'compact'> = {}): string {
  return formatNumber(value, { ...options, compact: true });
}
