import { describe, expect, it } from 'vitest';
import type { KycQuota } from '../../../../shared/api/quotas.ts';
import { quotaFor, quotaView } from './quotas.ts';

/** kyc-info's quotas as the server gives them with the built-in default limits (decision 040). */
const KYC_QUOTAS: KycQuota[] = [
  { level: 0, usdLimit: '20000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '0.2' }, { coin: 'ETH', limit: '6' }, { coin: 'USDT', limit: '20000' }] },
  { level: 1, usdLimit: '1000000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '10' }, { coin: 'ETH', limit: '300' }, { coin: 'USDT', limit: '1000000' }] },
  { level: 2, usdLimit: '2000000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '20' }, { coin: 'ETH', limit: '600' }, { coin: 'USDT', limit: '2000000' }] },
];

const level1 = quotaFor(KYC_QUOTAS, 1)!;

describe('quotaView (what each level unlocks)', () => {
  it('§9: BTC first with 8 decimals, large limits as K/M/B, USD converted at rate 1', () => {
    const v = quotaView(level1, { rate: 1, currency: 'USD', locale: 'en' });
    expect(v.btc).toBe('10.00000000');
    expect(v.coins).toEqual([
      { coin: 'BTC', limit: '10.00000000' },
      { coin: 'ETH', limit: '300.00000000' },
      { coin: 'USDT', limit: '1.00M' },
    ]);
    expect(v.fiat).toBe('$1,000,000.00');
    expect(v.currency).toBe('USD');
  });

  it("converts the USD limit with the user's rate into the user's currency and language, exactly", () => {
    expect(quotaView(level1, { rate: '0.9234', currency: 'EUR', locale: 'de-DE' }).fiat).toBe('923.400,00\u00a0€');
    expect(quotaView(level1, { rate: 0.1 + 0.2, currency: 'USD', locale: 'en' }).fiat).toBe('$300,000.00');
    // Truncated, never rounded up: a limit is never shown larger than it is.
    const odd: KycQuota = { level: 1, usdLimit: '10.999', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '0.123456789' }] };
    const v = quotaView(odd, { rate: 1, currency: 'USD', locale: 'en' });
    expect(v.fiat).toBe('$10.99');
    expect(v.btc).toBe('0.12345678');
  });

  it('an empty or unknown currency falls back to USD (§3)', () => {
    expect(quotaView(level1, { rate: 1, currency: '', locale: 'en' })).toMatchObject({ currency: 'USD', fiat: '$1,000,000.00' });
    expect(quotaView(level1, { rate: 1, currency: 'EURO', locale: 'en' }).currency).toBe('USD');
  });

  it('sorts BTC first whatever order the server sends; no BTC gives an empty BTC value', () => {
    const q: KycQuota = { level: 2, usdLimit: '1', period: 'DAILY', coinLimit: [{ coin: 'ETH', limit: '1' }, { coin: 'BTC', limit: '2' }] };
    expect(quotaView(q, { rate: 1, currency: 'USD', locale: 'en' }).coins.map((c) => c.coin)).toEqual(['BTC', 'ETH']);
    expect(quotaView({ ...q, coinLimit: [{ coin: 'ETH', limit: '1' }] }, { rate: 1, currency: 'USD', locale: 'en' }).btc).toBe('');
  });

  it('a level the operator gave no fiat equivalent (no USD entry) shows no fiat figure, whatever the rate', () => {
    expect(quotaView({ ...level1, usdLimit: '' }, { rate: '0.92', currency: 'EUR', locale: 'en' })).toMatchObject({ fiat: '', btc: '10.00000000' });
  });

  it('quotaFor finds a level, or nothing', () => {
    expect(quotaFor(KYC_QUOTAS, 2)?.usdLimit).toBe('2000000');
    expect(quotaFor(undefined, 1)).toBeUndefined();
  });
});
