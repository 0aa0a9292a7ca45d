import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { createKycTestApp, get, newReviewer, newUser, type TestUser } from '../kyc/kyc.fixtures.ts';
import { DEFAULT_LIMITS } from './limits.service.ts';
import { isPrivateAddress } from './rates-feed.ts';

/**
 * Issue 30 (decision 040): limits from LIMITS_FILE and the console (versioned, audited) are what
 * kyc-info answers; rates from a local fake feed on 127.0.0.1 are stored with their time, served
 * from the store when the feed fails, and a currency without a fresh rate is answered in US dollars.
 */

/** The fake rates feed: answers `feed` (a function, so a test changes it), counts reads. */
let feedServer: Server;
let feedUrl: string;
let feed: () => { status: number; body: unknown } = () => ({ status: 500, body: {} });
let reads = 0;

const dir = mkdtempSync(path.join(tmpdir(), 'ua-limits-'));
const limitsFile = path.join(dir, 'limits.json');
writeFileSync(limitsFile, JSON.stringify({ default: { '1': { BTC: '7', USDT: '50000' } }, HKG: { '1': { BTC: '3', USD: '30000' } } }));

let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let reviewer: TestUser;
let user: TestUser;

beforeAll(async () => {
  feedServer = createServer((_req, res) => {
    reads++;
    const { status, body } = feed();
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => feedServer.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/rates.json?key=secret`;
  const base = configWith({});
  ({ app, close } = await createKycTestApp({ limits: { ...base.limits, file: limitsFile, ratesUrl: feedUrl, ratesAllowPrivate: true, ratesTimeoutMs: 2000 } }));
  admin = await newReviewer(app, 'limits-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, { type: 'system', id: null });
  reviewer = await newReviewer(app, 'limits-reviewer@example.com');
  user = await newUser(app, 'limits-user@example.com');
  await app.db.updateTable('users').set({ currency_code: 'EUR' }).where('id', '=', user.id).execute();
});
afterAll(async () => {
  await close();
  await new Promise((resolve) => feedServer.close(resolve));
});

const quotas = async (cookie: string, host?: string) => {
  const res = await app.inject({ method: 'POST', url: '/x-api/v3/private/kyc/kyc-info', headers: { ...jsonHeaders, cookie, ...(host ? { host, origin: `http://${host}` } : {}) }, payload: { obtain_quotas: true } });
  expect(res.json().ret_code).toBe(0);
  return res.json().result.quotas as { level: number; coinLimit: { coin: string; limit: string }[]; usdLimit: string }[];
};
const put = (url: string, payload: unknown, cookie: string) => app.inject({ method: 'PUT', url: `/x-api${url}`, headers: { ...jsonHeaders, cookie }, payload: payload as object });
const versions = () => app.db.selectFrom('withdrawal_limit_versions').select(['version', 'source', 'note']).orderBy('version').execute();
const audits = (action: string) => app.db.selectFrom('audit_log').select(['action', 'actor_type', 'actor_id', 'entity_id']).where('action', '=', action).execute();

describe('limits', () => {
  it('the shipped default equals the constants of before and docs/limits.default.json', () => {
    expect(JSON.parse(readFileSync(path.resolve('docs/limits.default.json'), 'utf8'))).toEqual(DEFAULT_LIMITS);
    expect(DEFAULT_LIMITS.default!['1']).toEqual({ BTC: '10', ETH: '300', USDT: '1000000', USD: '1000000' });
  });

  it('LIMITS_FILE is stored as version 1 at start (audited) and kyc-info answers it; a site entry replaces the default level; unchanged, it is not stored again', async () => {
    expect(await versions()).toEqual([{ version: 1, source: 'file', note: `LIMITS_FILE ${limitsFile}` }]);
    expect(await audits('limits.version.save')).toMatchObject([{ actor_type: 'system', entity_id: '1' }]);
    // Only level 1 is configured: levels 0 and 2 have no quota. No USD entry: no fiat equivalent.
    expect(await quotas(user.cookie)).toEqual([{ level: 1, coinLimit: [{ coin: 'BTC', limit: '7' }, { coin: 'USDT', limit: '50000' }], usdLimit: '', period: 'DAILY' }]);
    expect(await quotas(user.cookie, 'www.example.hk')).toEqual([{ level: 1, coinLimit: [{ coin: 'BTC', limit: '3' }], usdLimit: '30000', period: 'DAILY' }]);
    expect(await app.services.limits.seedFromFile()).toBeNull();
    expect(await versions()).toHaveLength(1);
  });

  it('an administrator saves a new version from the console: reply, stored row, audit entry, and kyc-info at once', async () => {
    const document = { default: { '0': { BTC: '0.1', USD: '10000' }, '1': { BTC: '12', ETH: '300', USD: '1200000' } } };
    const res = await put('/v1/console/limits', { document, note: 'Raise level 1', expectedVersion: 1 }, admin.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { current: { version: 2, source: 'console', note: 'Raise level 1', createdBy: admin.email, document }, history: [{ version: 2 }, { version: 1 }] } });
    expect(await versions()).toEqual([
      { version: 1, source: 'file', note: `LIMITS_FILE ${limitsFile}` },
      { version: 2, source: 'console', note: 'Raise level 1' },
    ]);
    expect((await audits('limits.version.save')).at(-1)).toMatchObject({ actor_type: 'reviewer', actor_id: admin.id, entity_id: '2' });
    // kyc-info was cached with version 1: the new version's row moved everyone's stamp.
    expect((await quotas(user.cookie)).find((q) => q.level === 1)).toEqual({ level: 1, coinLimit: [{ coin: 'BTC', limit: '12' }, { coin: 'ETH', limit: '300' }], usdLimit: '1200000', period: 'DAILY' });
  });

  it('refuses a stale edit, an invalid document and anyone but an administrator, storing nothing', async () => {
    const stale = await put('/v1/console/limits', { document: { default: { '1': { BTC: '1' } } }, note: 'old tab', expectedVersion: 1 }, admin.cookie);
    expect(stale.json().ret_code).toBe(10012);
    const invalid = await put('/v1/console/limits', { document: { default: { '1': { BTC: '-1' } }, EU: {} }, note: 'bad', expectedVersion: 2 }, admin.cookie);
    expect(invalid.json().ret_code).toBe(10001);
    const fields = invalid.json().result.fields as { path: string; code: string }[];
    expect(fields.find((f) => f.path === 'document.default.1.BTC')?.code).toBe('limits.invalid_amount');
    // A site that is not one (EU is a regulated entity, not a host's region) is refused with the key.
    expect(fields.some((f) => f.path.startsWith('document') && f.path !== 'document.default.1.BTC')).toBe(true);
    const notAdmin = await put('/v1/console/limits', { document: { default: {} }, note: 'x', expectedVersion: 2 }, reviewer.cookie);
    expect(notAdmin.json().ret_code).not.toBe(0);
    expect((await get(app, '/v1/console/limits', user.cookie)).json().ret_code).not.toBe(0);
    expect(await versions()).toHaveLength(2);
  });
});

describe('rates', () => {
  const rate = async () => (await get(app, '/v1/private/fiat-rate', user.cookie)).json();

  it('with no rate stored, a EUR user is answered in US dollars, saying so', async () => {
    expect(await rate()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { currency: 'USD', rate: '1', time: null, converted: false, requested: 'EUR' } });
  });

  it('reads the feed, stores the rates with their time (audited), and answers the EUR user with them; the same feed again stores nothing', async () => {
    const time = new Date(Date.now() - 3600_000).toISOString();
    feed = () => ({ status: 200, body: { base: 'USD', time, rates: { EUR: '0.92', GBP: 0.79 } } });
    expect(await app.services.limits.rates.refresh()).toEqual({ ok: true, stored: true, error: '' });
    const rows = await app.db.selectFrom('fiat_rates').select(['source', 'base', 'rates', 'rates_time']).execute();
    expect(rows).toEqual([{ source: 'url', base: 'USD', rates: JSON.stringify({ EUR: '0.92', GBP: '0.79' }), rates_time: time }]);
    expect(await audits('limits.rates.store')).toHaveLength(1);
    expect((await rate()).result).toEqual({ currency: 'EUR', rate: '0.92', time, converted: true, requested: 'EUR' });
    expect(await app.services.limits.rates.refresh()).toEqual({ ok: true, stored: false, error: '' });
    expect(await app.db.selectFrom('fiat_rates').select('id').execute()).toHaveLength(1);
  });

  it('a failing or malformed feed keeps the stored rates in use and says what went wrong in the console', async () => {
    const before = reads;
    feed = () => ({ status: 503, body: {} });
    expect((await app.services.limits.rates.refresh()).error).toMatch(/answered HTTP 503/);
    feed = () => ({ status: 200, body: { base: 'EUR', time: 'yesterday', rates: {} } });
    expect((await app.services.limits.rates.refresh()).ok).toBe(false);
    expect(reads).toBe(before + 2);
    expect((await rate()).result).toMatchObject({ currency: 'EUR', rate: '0.92', converted: true });
    const view = (await get(app, '/v1/console/rates', admin.cookie)).json().result;
    expect(view).toMatchObject({ current: { source: 'url', rates: { EUR: '0.92' }, stale: false }, feedHost: new URL(feedUrl).host, lastFetch: { ok: false } });
    // The feed's query (an API key) is never shown.
    expect(JSON.stringify(view)).not.toContain('secret');
  });

  it('a currency the rates do not name, and rates older than RATES_MAX_AGE_HOURS, are answered in US dollars', async () => {
    await app.db.updateTable('users').set({ currency_code: 'JPY' }).where('id', '=', user.id).execute();
    expect((await rate()).result).toEqual({ currency: 'USD', rate: '1', time: null, converted: false, requested: 'JPY' });
    await app.db.updateTable('users').set({ currency_code: 'EUR' }).where('id', '=', user.id).execute();
    const old = new Date(Date.now() - 49 * 3600_000).toISOString();
    const res = await put('/v1/console/rates', { time: old, rates: { EUR: '0.9' } }, admin.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { current: { source: 'console', storedBy: admin.email, stale: true } } });
    expect((await audits('limits.rates.store')).at(-1)).toMatchObject({ actor_type: 'reviewer', actor_id: admin.id });
    expect((await rate()).result).toEqual({ currency: 'USD', rate: '1', time: null, converted: false, requested: 'EUR' });
  });

  it('refuses a feed on a private address unless allowed', async () => {
    expect(isPrivateAddress('127.0.0.1')).toBe(true);
    expect(isPrivateAddress('10.1.2.3')).toBe(true);
    expect(isPrivateAddress('::ffff:192.168.1.1')).toBe(true);
    expect(isPrivateAddress('8.8.8.8')).toBe(false);
    const { fetchRates } = await import('./rates-feed.ts');
    const before = reads;
    await expect(fetchRates(feedUrl, { timeoutMs: 1000, allowPrivate: false })).rejects.toThrow(/private address/);
    expect(reads).toBe(before);
  });
});
