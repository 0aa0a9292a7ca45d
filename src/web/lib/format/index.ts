export { toDecimal, times, plus, dividedBy, toPlainString, DECIMAL_PRECISION, type Decimal, type DecimalInput } from './decimal.ts';
export { formatNumber, formatCompact, DEFAULT_DECIMALS, COMPACT_DECIMALS, COMPACT_UNITS, type NumberFormatOptions, type Rounding } from './number.ts';
export { formatCurrency, userCurrency, FALLBACK_CURRENCY, type CurrencyFormatOptions } from './currency.ts';
