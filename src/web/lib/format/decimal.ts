import Big from 'big.js';

/** §9: decimal precision 20 (division and square roots keep 20 decimal places). */
export const DECIMAL_PRECISION = 20;

/**
 * Our own big.js constructor, so its settings never leak to (or from) other users of big.js:
 * 20 decimal places, rounding toward zero. Amounts are never computed with JavaScript floats.
 */
export const Decimal = Big();
Decimal.DP = DECIMAL_PRECISION;
Decimal.RM = Big.roundDown;
// Plain notation from toString()/toJSON() for every magnitude we meet (never "1e+21").
Decimal.NE = -(DECIMAL_PRECISION + 7);
Decimal.PE = 40;

export type Decimal = Big;
export type DecimalInput = string | number | Big;

const NUMERIC = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;

/**
 * A Decimal from a number, a numeric string (spaces around and `_`/`,` thousands separators are not
 * accepted: ambiguous across locales) or a Big; null for anything else (NaN, Infinity, '', 'abc').
 * Numbers go through their shortest string form, so 0.1 is exactly 0.1, not 0.1000000000000000055….
 */
export function toDecimal(value: unknown): Decimal | null {
  if (value instanceof Decimal) return value;
  // Another big.js constructor's value (settings differ): re-read through its string form.
  if (value instanceof Big) return new Decimal(value.toString());
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(String(value)) : null;
  if (typeof value === 'string') {
    const s = value.trim();
    // big.js reads no leading '+'.
    return NUMERIC.test(s) ? new Decimal(s.replace(/^\+/, '')) : null;
  }
  return null;
}
