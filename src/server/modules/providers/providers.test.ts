import { describe, expect, it } from 'vitest';
import { configWith, loadConfig } from '../../config.ts';
import { Provider } from '../../../shared/kyc.ts';
import { createInHouseProvider, createProvidersService, type VerificationProvider } from './providers.service.ts';
import { pickProvider } from './routing.ts';

/** A second provider for routing tests: answers like a vendor would, no network. */
function fakeVendor(id: Provider): VerificationProvider {
  return {
    id,
    createSession: async ({ level }) => ({ provider: id, level, flowName: level === 2 ? 'Level2_web' : 'Level1_web', apiUrl: 'https://vendor.invalid', externalId: 'ext-1', launch: { mode: 'SCRIPT', sdkUrl: 'https://vendor.invalid/sdk.js', token: 'tok' }, expiresAt: null }),
    origins: () => ({ script: [`https://${id.toLowerCase()}.invalid`], frame: [], connect: [], img: [] }),
    parseWebhook: async () => {
      throw new Error('not in this test');
    },
    fetchResult: async () => ({ status: 'PENDING' }),
  };
}
const inHouse = createInHouseProvider({ outcomeOf: async () => ({ status: 'APPROVED' }) });

describe('routing rules (KYC_PROVIDER_ROUTES)', () => {
  const routes = [
    { provider: Provider.PROVIDER_SUMSUB, sites: ['HKG' as const] },
    { provider: Provider.PROVIDER_ONFIDO, countries: ['GB', 'IE'], levels: [1 as const] },
    { provider: Provider.PROVIDER_DEFAULT },
  ];

  it('the first rule that matches wins; a rule matches what it names and anything it leaves out', () => {
    expect(pickProvider(routes, { site: 'HKG', country: 'GB', level: 1 })).toBe(Provider.PROVIDER_SUMSUB);
    expect(pickProvider(routes, { site: 'MAIN', country: 'GB', level: 1 })).toBe(Provider.PROVIDER_ONFIDO);
    expect(pickProvider(routes, { site: 'MAIN', country: 'GB', level: 2 })).toBe(Provider.PROVIDER_DEFAULT);
    expect(pickProvider(routes, { site: 'ARE', country: 'DE', level: 1 })).toBe(Provider.PROVIDER_DEFAULT);
    expect(pickProvider(routes.slice(0, 2), { site: 'MAIN', country: 'DE', level: 2 })).toBeNull();
  });

  it('the providers service routes to the implementation and starts its session', async () => {
    const service = createProvidersService({ routes, providers: [inHouse, fakeVendor(Provider.PROVIDER_SUMSUB), fakeVendor(Provider.PROVIDER_ONFIDO)] });
    expect(service.route({ site: 'MAIN', country: 'IE', level: 1 }).id).toBe(Provider.PROVIDER_ONFIDO);
    const request = { userId: 'u1', returnUrl: 'http://localhost/back', callbackUrl: 'http://localhost/hook', language: 'en' };
    const started = await service.startSession(service.route({ site: 'HKG', country: '', level: 2 }).id, { ...request, level: 2 });
    expect(started).toMatchObject({ provider: Provider.PROVIDER_SUMSUB, flowName: 'Level2_web', launch: { mode: 'SCRIPT', token: 'tok' } });
    const home = await service.startSession(service.route({ site: 'MAIN', country: 'DE', level: 1 }).id, { ...request, level: 1 });
    expect(home).toEqual({ provider: Provider.PROVIDER_DEFAULT, level: 1, flowName: 'Level1_web', apiUrl: '', externalId: null, launch: { mode: 'IN_HOUSE' }, expiresAt: null });
    expect(service.origins().script).toEqual(['https://provider_onfido.invalid', 'https://provider_sumsub.invalid']);
  });

  it('no matching rule falls back to the in-house provider', () => {
    const service = createProvidersService({ routes: [{ provider: Provider.PROVIDER_SUMSUB, countries: ['FR'] }], providers: [inHouse, fakeVendor(Provider.PROVIDER_SUMSUB)] });
    expect(service.route({ site: 'MAIN', country: 'DE', level: 1 }).id).toBe(Provider.PROVIDER_DEFAULT);
  });

  it('a rule naming a provider this server does not implement stops the server at startup', () => {
    expect(() => createProvidersService({ routes: [{ provider: Provider.PROVIDER_JUMIO }, { provider: Provider.PROVIDER_DEFAULT }], providers: [inHouse] })).toThrow(/PROVIDER_JUMIO/);
  });

  it('the in-house provider takes no webhook and reads its results from the kyc module', async () => {
    await expect(inHouse.parseWebhook({ headers: {}, query: {}, rawBody: Buffer.from('{}') })).rejects.toThrow(/no webhooks/);
    expect(await inHouse.fetchResult({ userId: 'u', level: 1, externalId: null })).toEqual({ status: 'APPROVED' });
  });
});

describe('KYC_PROVIDER_ROUTES configuration', () => {
  it('defaults to one catch-all rule for the in-house provider', () => {
    expect(configWith({}).providerRoutes).toEqual([{ provider: Provider.PROVIDER_DEFAULT }]);
  });

  it('parses a JSON list of rules', () => {
    const routes = loadConfig({ KYC_PROVIDER_ROUTES: '[{"provider":"PROVIDER_DEFAULT","sites":["HKG"],"countries":["HK"],"levels":[1,2]}]' }).providerRoutes;
    expect(routes).toEqual([{ provider: 'PROVIDER_DEFAULT', sites: ['HKG'], countries: ['HK'], levels: [1, 2] }]);
  });

  it.each([
    ['not JSON', '{provider'],
    ['an unknown provider', '[{"provider":"PROVIDER_ACME"}]'],
    ['an unknown key', '[{"provider":"PROVIDER_DEFAULT","region":"EU"}]'],
    ['a lower-case country', '[{"provider":"PROVIDER_DEFAULT","countries":["de"]}]'],
    ['level 3', '[{"provider":"PROVIDER_DEFAULT","levels":[3]}]'],
    ['no rule at all', '[]'],
  ])('refuses %s with a message naming the setting', (_what, value) => {
    expect(() => loadConfig({ KYC_PROVIDER_ROUTES: value })).toThrow(/KYC_PROVIDER_ROUTES/);
  });
});
