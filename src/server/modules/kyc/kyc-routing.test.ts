import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Provider } from '../../../shared/kyc.ts';
import type { App } from '../../app.ts';
import { createInHouseProvider, createProvidersService, type VerificationProvider } from '../providers/providers.service.ts';
import { createKycService } from './kyc.service.ts';
import { createKycTestApp, get, ID_CARD_KINDS, newUser, post, uploadDrafts, VALID_INFO } from './kyc.fixtures.ts';

/**
 * Which provider a user gets comes from the routing data (site, residence country, level): kyc-info,
 * get-kyc-provider and the in-house submission all ask the routing. A fake vendor stands in for the
 * adapters of issue 9 (no network).
 */
const NO_FLAGS = { obtain_kyc_token: false, obtain_current: false, obtain_quotas: false, obtain_state: false, obtain_aml_questionnaire: false, obtain_verification_process: false };
let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createKycTestApp()));
afterAll(async () => close());

const vendor: VerificationProvider = {
  id: Provider.PROVIDER_SUMSUB,
  createSession: async ({ level }) => ({ provider: Provider.PROVIDER_SUMSUB, level, flowName: level === 2 ? 'Level2_web' : 'Level1_web', apiUrl: 'https://vendor.invalid', externalId: 'x', launch: { mode: 'SCRIPT', sdkUrl: 'https://vendor.invalid/sdk.js', token: 't' }, expiresAt: null }),
  origins: () => ({ script: ['https://vendor.invalid'], frame: [], connect: ['https://vendor.invalid'], img: [] }),
  parseWebhook: async () => {
    throw new Error('unused');
  },
  fetchResult: async () => ({ status: 'PENDING' }),
};

function kycRoutedBy(routes: Parameters<typeof createProvidersService>[0]['routes']) {
  const providers = createProvidersService({ routes, providers: [createInHouseProvider({ outcomeOf: async () => ({ status: 'PENDING' }) }), vendor] });
  const s = app.services;
  return createKycService({ db: app.db, config: app.config, documents: s.documents, accounts: s.accounts, review: s.review, providers, log: app.log, otp: { require: async () => { throw new Error('no codes here'); }, consume: async () => {} }, reverification: s.reverification });
}

describe('provider routing', () => {
  it('residents of a routed country get the vendor (kyc-info, get-kyc-provider); others and other sites the in-house provider', async () => {
    const kyc = kycRoutedBy([{ provider: Provider.PROVIDER_SUMSUB, countries: ['DE'], sites: ['MAIN'] }, { provider: Provider.PROVIDER_DEFAULT }]);
    const de = await newUser(app, 'routing-de@example.com');
    const gb = await newUser(app, 'routing-gb@example.com');
    await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, residenceCountry: 'DE', postalCode: '10115' }, de.cookie);
    await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, gb.cookie);

    expect((await kyc.getInfo(de.id, NO_FLAGS, { site: 'MAIN' })).provider).toBe(Provider.PROVIDER_SUMSUB);
    expect((await kyc.getInfo(de.id, NO_FLAGS, { site: 'HKG' })).provider).toBe(Provider.PROVIDER_DEFAULT);
    expect((await kyc.getInfo(gb.id, NO_FLAGS, { site: 'MAIN' })).provider).toBe(Provider.PROVIDER_DEFAULT);
    expect(await kyc.getProvider(de.id, 1, { site: 'MAIN' })).toEqual({ level: 1, provider: Provider.PROVIDER_SUMSUB, flowName: 'Level1_web', apiUrl: 'https://vendor.invalid' });
    expect(await kyc.getProvider(gb.id, 2, { site: 'MAIN' })).toEqual({ level: 2, provider: Provider.PROVIDER_DEFAULT, flowName: 'Level2_web', apiUrl: '' });
  });

  it('a user routed to a vendor cannot submit to the in-house provider (35005); nothing is stored', async () => {
    const kyc = kycRoutedBy([{ provider: Provider.PROVIDER_SUMSUB, levels: [1] }, { provider: Provider.PROVIDER_DEFAULT }]);
    const u = await newUser(app, 'routing-submit@example.com');
    await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, u.cookie);
    await uploadDrafts(app, u.id, 1, ID_CARD_KINDS);
    await expect(kyc.submitApplication(u.id, { level: 1, country: 'GB', documentType: 'ID_CARD', documentNumber: '' }, { type: 'user', id: u.id })).rejects.toMatchObject({
      retCode: 35005,
      result: { provider: Provider.PROVIDER_SUMSUB },
    });
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('review_cases').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('the default routing (one in-house rule) answers PROVIDER_DEFAULT over HTTP, for get-config too', async () => {
    const u = await newUser(app, 'routing-http@example.com');
    expect((await post(app, '/v3/private/kyc/get-kyc-provider', { level: 1 }, u.cookie)).json().result).toEqual({ level: 1, provider: 'PROVIDER_DEFAULT', flowName: 'Level1_web', apiUrl: '' });
    expect((await get(app, '/v3/private/kyc/get-config', u.cookie)).json().result.provider).toBe('PROVIDER_DEFAULT');
  });
});
