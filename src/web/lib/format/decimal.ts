/** §9: decimal precision 20 (a quotient keeps 20 decimal places). */
export const DECIMAL_PRECISION = 20;

/**
 * An exact decimal: `units` × 10^-`scale` (0.25 is 25n at scale 2). Amounts are never computed with
 * JavaScript floats. The arithmetic is BigInt's and the rounding Intl.NumberFormat's, which formats
 * numeric strings exactly (number.ts): not big.js, whose 2.6 KB and own request the quota figures of
 * every user's first page no longer load (decision 033).
 */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}
export type DecimalInput = string | number | Decimal;

const NUMERIC = /^([+-]?)(\d*)\.?(\d*)(?:e([+-]?\d+))?$/i;
const pow10 = (n: number) => 10n ** BigInt(n);

function isDecimal(value: unknown): value is Decimal {
  return typeof value === 'object' && value !== null && typeof (value as Decimal).units === 'bigint' && Number.isInteger((value as Decimal).scale);
}

/**
 * A Decimal from a number, a numeric string (spaces around allowed; `_`/`,` thousands separators are
 * not: ambiguous across locales) or a Decimal; null for anything else (NaN, Infinity, '', 'abc').
 * Numbers go through their shortest string form, so 0.1 is exactly 0.1, not 0.1000000000000000055….
 */
export function toDecimal(value: unknown): Decimal | null {
  if (isDecimal(value)) return value;
  let s: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null;
    s = String(value);
  } else if (typeof value === 'string') {
    s = value.trim();
  } else {
    return null;
  }
  const m = NUMERIC.exec(s);
  if (!m || (m[2] === '' && m[3] === '')) return null;
  const [, sign, int = '', frac = '', exp] = m;
  let units = BigInt(`${int}${frac}` || '0');
  let scale = frac.length - Number(exp ?? 0);
  if (scale < 0) {
    units *= pow10(-scale);
    scale = 0;
  }
  return { units: sign === '-' ? -units : units, scale };
}

export function times(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

export function plus(a: Decimal, b: Decimal): Decimal {
  const scale = Math.max(a.scale, b.scale);
  return { units: a.units * pow10(scale - a.scale) + b.units * pow10(scale - b.scale), scale };
}

/** a / b with DECIMAL_PRECISION decimal places, toward zero (§9); null for a division by zero. */
export function dividedBy(a: Decimal, b: Decimal): Decimal | null {
  if (b.units === 0n) return null;
  // a.units·10^-a.scale / (b.units·10^-b.scale) at scale P: a.units·10^(P - a.scale + b.scale) / b.units.
  const shift = DECIMAL_PRECISION - a.scale + b.scale;
  const numerator = shift >= 0 ? a.units * pow10(shift) : a.units / pow10(-shift);
  return { units: numerator / b.units, scale: DECIMAL_PRECISION };
}

/** |a| compared with a power of ten: whether |a| >= 10^exponent. */
export function atLeastPow10(a: Decimal, exponent: number): boolean {
  const abs = a.units < 0n ? -a.units : a.units;
  return abs >= pow10(exponent + a.scale);
}

/** The exact decimal string (never exponent notation): what Intl.NumberFormat reads without floats. */
export function toPlainString(a: Decimal): string {
  const negative = a.units < 0n;
  const digits = (negative ? -a.units : a.units).toString().padStart(a.scale + 1, '0');
  const int = digits.slice(0, digits.length - a.scale);
  const frac = a.scale > 0 ? `.${digits.slice(digits.length - a.scale)}` : '';
  return `${negative ? '-' : ''}${int}${frac}`;
}
