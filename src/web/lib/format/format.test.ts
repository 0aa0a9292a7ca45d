import { describe, expect, it } from 'vitest';
import { DECIMAL_PRECISION, dividedBy, formatCompact, formatCurrency, formatNumber, plus, times, toDecimal, toPlainString, userCurrency } from './index.ts';

const dec = (v: unknown) => toDecimal(v)!;

describe('toDecimal', () => {
  it('reads numbers and numeric strings exactly', () => {
    expect(toPlainString(plus(dec(0.1), dec(0.2)))).toBe('0.3');
    expect(toPlainString(dec(' 12.5 '))).toBe('12.5');
    expect(toPlainString(dec('-1e-7'))).toBe('-0.0000001');
    expect(toPlainString(dec('1.5e3'))).toBe('1500');
    expect(toPlainString(dec('+.5'))).toBe('0.5');
    expect(toPlainString(dec('-0'))).toBe('0');
    expect(toPlainString(dec(1e21))).toBe('1000000000000000000000');
    const own = dec('2');
    expect(toDecimal(own)).toBe(own);
  });

  it.each([NaN, Infinity, -Infinity, '', '  ', '.', 'e5', 'abc', '1,000', '1_000', '0x10', '1.2.3', null, undefined, {}, [], true])('refuses %j', (v) => {
    expect(toDecimal(v)).toBeNull();
  });

  it('multiplies exactly and divides with 20 decimal places (§9 precision 20), toward zero', () => {
    expect(toPlainString(times(dec('0.7'), dec(3)))).toBe('2.1');
    expect(toPlainString(times(dec('-1.25'), dec('0.04')))).toBe('-0.0500'); // at the product's scale
    expect(DECIMAL_PRECISION).toBe(20);
    expect(toPlainString(dividedBy(dec(1), dec(3))!)).toBe('0.33333333333333333333');
    expect(toPlainString(dividedBy(dec(2), dec(3))!)).toBe('0.66666666666666666666');
    expect(toPlainString(dividedBy(dec('-2'), dec('0.3'))!)).toBe('-6.66666666666666666666');
    expect(dividedBy(dec(1), dec(0))).toBeNull();
  });
});

describe('formatNumber (§9: 8 decimals by default)', () => {
  it('shows 8 decimals', () => {
    expect(formatNumber(1)).toBe('1.00000000');
    expect(formatNumber('0.5')).toBe('0.50000000');
  });

  it('has no float drift', () => {
    expect(formatNumber(0.1 + 0.2)).toBe('0.30000000');
    expect(formatNumber(plus(dec('0.1'), dec('0.2')), { trimZeros: true })).toBe('0.3');
    expect(formatNumber(1.005, { decimals: 2, rounding: 'round' })).toBe('1.01');
    expect(formatNumber(times(dec('0.7'), dec(3)), { trimZeros: true })).toBe('2.1');
  });

  it('truncates by default (never shows more than there is); rounds half-up on request', () => {
    expect(formatNumber('0.123456789')).toBe('0.12345678');
    expect(formatNumber('0.123456789', { rounding: 'round' })).toBe('0.12345679');
    expect(formatNumber('-0.123456789')).toBe('-0.12345678');
    expect(formatNumber('-0.123456785', { rounding: 'round' })).toBe('-0.12345679');
    expect(formatNumber('1.999999999')).toBe('1.99999999');
  });

  it('handles huge and tiny values without exponent notation', () => {
    expect(formatNumber('123456789012345678901234567890.123456789')).toBe('123456789012345678901234567890.12345678');
    expect(formatNumber(1e21)).toBe('1000000000000000000000.00000000');
    expect(formatNumber('1e-30')).toBe('0.00000000');
    expect(formatNumber('0.00000001')).toBe('0.00000001');
    expect(formatNumber('0.000000009')).toBe('0.00000000');
    expect(formatNumber('-0.000000009')).toBe('0.00000000');
    expect(formatNumber(5e-7, { decimals: 7 })).toBe('0.0000005');
  });

  it('takes other decimal counts, trims zeros, and localises separators without losing digits', () => {
    expect(formatNumber(2, { decimals: 0 })).toBe('2');
    expect(formatNumber('1.50000000', { trimZeros: true })).toBe('1.5');
    expect(formatNumber('100', { trimZeros: true })).toBe('100');
    expect(formatNumber('1234567.5', { decimals: 2, locale: 'en' })).toBe('1,234,567.50');
    expect(formatNumber('1234567.5', { decimals: 2, locale: 'de-DE' })).toBe('1.234.567,50');
    expect(formatNumber('98765432109876543210.12345678', { locale: 'en' })).toBe('98,765,432,109,876,543,210.12345678');
  });

  it('returns the fallback for non-numbers', () => {
    expect(formatNumber('abc')).toBe('--');
    expect(formatNumber(undefined, { fallback: '' })).toBe('');
  });
});

describe('compact (§9: K, M, B at 1e3, 1e6, 1e9 with 2 decimals)', () => {
  it.each([
    [999.999, '999.99900000'],
    [1000, '1.00K'],
    [1234.5678, '1.23K'],
    [999999, '999.99K'],
    [1_000_000, '1.00M'],
    [1_999_999.99, '1.99M'],
    ['1000000000', '1.00B'],
    ['123456789012', '123.45B'],
    [-1500, '-1.50K'],
    [-2_500_000, '-2.50M'],
    [0, '0.00000000'],
  ])('%s -> %s', (value, expected) => {
    expect(formatCompact(value)).toBe(expected);
  });

  it('rounds on request and localises the number part', () => {
    expect(formatCompact(1235, { rounding: 'round' })).toBe('1.24K');
    expect(formatCompact('1234567', { locale: 'de-DE' })).toBe('1,23M');
  });
});

describe('formatCurrency', () => {
  it("uses the user's currency and language", () => {
    expect(formatCurrency('1234.5', { currency: 'USD', locale: 'en' })).toBe('$1,234.50');
    expect(formatCurrency('1234.5', { currency: 'EUR', locale: 'de-DE' })).toBe('1.234,50\u00a0€');
    expect(formatCurrency('1234.5', { currency: 'JPY', locale: 'ja-JP' })).toBe('￥1,234');
  });

  it('falls back to USD for an empty or unknown currency (§3, §9)', () => {
    expect(userCurrency('')).toBe('USD');
    expect(userCurrency(undefined)).toBe('USD');
    expect(userCurrency('eur')).toBe('EUR');
    expect(userCurrency('EURO')).toBe('USD');
    expect(formatCurrency(5, { currency: '', locale: 'en' })).toBe('$5.00');
  });

  it('applies the rate exactly and truncates by default', () => {
    expect(formatCurrency('0.1', { currency: 'USD', rate: '0.2', locale: 'en' })).toBe('$0.02');
    expect(formatCurrency('10.999', { currency: 'USD', locale: 'en' })).toBe('$10.99');
    expect(formatCurrency('10.995', { currency: 'USD', locale: 'en', rounding: 'round' })).toBe('$11.00');
    expect(formatCurrency('12345678901234567.89', { currency: 'USD', locale: 'en' })).toBe('$12,345,678,901,234,567.89');
    expect(formatCurrency('-0.001', { currency: 'USD', locale: 'en' })).toBe('$0.00');
  });

  it('returns the fallback for non-numbers or a bad rate; survives an unknown locale', () => {
    expect(formatCurrency('x')).toBe('--');
    expect(formatCurrency(1, { rate: 'NaN' })).toBe('--');
    expect(formatCurrency(1, { currency: 'USD', locale: 'not a locale!' })).toBe('$1.00');
  });
});
