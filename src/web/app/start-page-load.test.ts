import { afterEach, describe, expect, it } from 'vitest';
import { envelope, installFetch } from '../lib/http/testing.ts';
import { clearResponseCache } from '../lib/http/index.ts';
import { startPageLoad } from './app.tsx';
import { queryClient } from './query-client.ts';
import { useGlobalStore } from '../store/global.ts';

/** Issue 32: what a page asks for as it starts, before anything renders (nothing is rendered here). */
const paths = (calls: { url: string }[]) => calls.map((c) => new URL(c.url, 'http://localhost').pathname).sort();

afterEach(() => {
  queryClient.clear();
  clearResponseCache();
});

describe('startPageLoad', () => {
  it('starts the profile, the exchange’s rate and the personal screen’s reads together, without rendering', async () => {
    const calls = installFetch(() => envelope({}));
    // Settles once the first reads are in: main.tsx renders the page then (decision 069).
    await startPageLoad({ pathname: '/user/accounts/auth/personal', search: '' });
    expect(paths(calls)).toEqual([
      '/x-api/v1/private/fiat-rate',
      '/x-api/v2/private/user/profile',
      '/x-api/v2/public/country-list',
      '/x-api/v3/private/kyc/get-config',
      '/x-api/v3/private/kyc/kyc-info',
      '/x-api/v3/private/kyc/kyc-personal-info',
    ]);
    // In the app's cache: the screens mounting next read them from there instead of asking again.
    expect(queryClient.getQueryState(['profile'])?.status).toBe('success');
  });

  it('puts the profile and the exchange’s rate in the store before the first render', async () => {
    installFetch((call) =>
      call.url.includes('/fiat-rate')
        ? envelope({ currency: 'EUR', rate: '0.92', time: '2026-11-30T06:00:00Z', converted: true, requested: 'EUR' })
        : envelope(call.url.includes('/user/profile') ? { id: 'u-42', email: 'a@example.com', currency_code: '' } : {}),
    );
    await startPageLoad({ pathname: '/user/accounts/auth/kyc', search: '' });
    const state = useGlobalStore.getState();
    // §4: an empty currency is US dollars.
    expect(state.user).toMatchObject({ id: 'u-42', currency_code: 'USD', profileError: false });
    expect(state.rate).toBe(0.92);
    expect(state.fiat.currency).toBe('EUR');
  });

  it('asks for the provider of the level the kyc address names, as the screen will', async () => {
    const calls = installFetch(() => envelope({}));
    await startPageLoad({ pathname: '/user/accounts/auth/kyc', search: '?level=2' });
    expect(paths(calls)).toContain('/x-api/v3/private/kyc/get-kyc-provider');
    const provider = calls.find((c) => c.url.endsWith('/get-kyc-provider'));
    expect(JSON.parse(String(provider?.body))).toEqual({ level: 2 });
    // The screen's own query (level 2) finds it in the cache.
    expect(queryClient.getQueryState(['kyc', 'provider', 2])?.status).toBe('success');
  });

  it('opens the console on the queue page its address asks for', async () => {
    const calls = installFetch(() => envelope({}));
    await startPageLoad({ pathname: '/user/accounts/console/', search: '?kind=EDD&page=2' });
    expect(paths(calls)).toEqual(['/x-api/v1/console/cases', '/x-api/v1/console/me', '/x-api/v1/console/workload']);
    const queue = calls.map((c) => new URL(c.url, 'http://localhost')).find((u) => u.pathname.endsWith('/cases'));
    expect(queue?.searchParams.get('kind')).toBe('EDD');
    expect(queue?.searchParams.get('page')).toBe('2');
  });

  it('asks for nothing on a page that is not an account or console page', async () => {
    const calls = installFetch(() => envelope({}));
    startPageLoad({ pathname: '/user/accounts/help/', search: '' });
    // The help page's chunk would load on render; nothing starts early, so nothing is on the wire.
    await Promise.resolve();
    expect(calls).toEqual([]);
  });
});
