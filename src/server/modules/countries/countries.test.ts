import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNTRY_CODES, DISABLED_COUNTRIES } from '../../../shared/countries.ts';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { buildCountryRecords } from './country-data.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp()));
afterAll(async () => close());

type Entry = { countryCode: string; regionCode: string; nameEn: string; nameZhCN: string; isDisable: boolean };
const list = async (query = '') => {
  const res = await app.inject({ method: 'GET', url: `/x-api/v2/public/country-list${query}` });
  expect(res.json().ret_code).toBe(0);
  return res.json().result.list as Entry[];
};

describe('GET /v2/public/country-list (§3, §7)', () => {
  it('is public and lists about 200 countries with dial code and English / Simplified Chinese names', async () => {
    const all = await list('?is_disable=1');
    expect(all.length).toBeGreaterThan(190);
    expect(all.length).toBeLessThan(260);
    expect(all.find((c) => c.countryCode === 'NL')).toEqual({ countryCode: 'NL', regionCode: '31', nameEn: 'Netherlands', nameZhCN: '荷兰', isDisable: false });
    expect(all.find((c) => c.countryCode === 'CN')).toMatchObject({ regionCode: '86', nameZhCN: '中国' });
    expect(all.find((c) => c.countryCode === 'US')).toMatchObject({ regionCode: '1' });
    for (const c of all) {
      expect(c.countryCode).toMatch(/^[A-Z]{2}$/);
      expect(c.regionCode).toMatch(/^\d{1,4}$/);
      expect(c.nameEn.length).toBeGreaterThan(1);
      expect(c.nameZhCN.length).toBeGreaterThan(0);
    }
    expect(new Set(all.map((c) => c.countryCode)).size).toBe(all.length);
    // Sorted by English name.
    const names = all.map((c) => c.nameEn);
    expect([...names].sort((a, b) => a.localeCompare(b, 'en'))).toEqual(names);
  });

  it('is_disable=1 includes the disabled countries, flagged; without it they are left out', async () => {
    const all = await list('?is_disable=1');
    expect(all.filter((c) => c.isDisable).map((c) => c.countryCode).sort()).toEqual([...DISABLED_COUNTRIES].sort());
    const enabled = await list();
    expect(enabled).toHaveLength(all.length - DISABLED_COUNTRIES.length);
    expect(enabled.some((c) => c.isDisable)).toBe(false);
    expect((await app.inject({ method: 'GET', url: '/x-api/v2/public/country-list?is_disable=yes' })).json().ret_code).toBe(10001);
  });

  it('the codes the browser validates against are exactly what the data libraries give (run scripts/generate-countries.ts after upgrading them)', () => {
    expect([...COUNTRY_CODES]).toEqual(buildCountryRecords().map((c) => c.countryCode).sort());
  });
});
