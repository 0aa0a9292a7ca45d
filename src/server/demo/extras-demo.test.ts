import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_PASSWORD, seedDemoData } from '../seed.ts';
import { createTestApp, jsonHeaders, signIn } from '../test/test-app.ts';

/**
 * The account extras' demo users (README, decision 025): each one shows its pop-up or flow, from
 * state made through the services.
 */
let app: App;
let close: () => Promise<void>;
beforeAll(async () => {
  ({ app, close } = await createTestApp());
  await seedDemoData(app.services, app.db);
}, 120_000); // every demo user, as seed.test.ts allows (over 30 s on PostgreSQL on a busy machine)
afterAll(async () => close());

const as = (email: string) => signIn(app, email, DEMO_PASSWORD, false);
const post = (url: string, payload: object, cookie: string) => app.inject({ method: 'POST', url: `/x-api${url}`, headers: { ...jsonHeaders, cookie }, payload });
const get = (url: string, cookie: string) => app.inject({ method: 'GET', url: `/x-api${url}`, headers: { cookie } });
const info = async (cookie: string) => (await post('/v3/private/kyc/kyc-info', {}, cookie)).json().result;

describe('account extras demo users', () => {
  it('satos-deposit: the deposit-verify pop-up; satos-eu: the move to the EU entity', async () => {
    const deposit = await as('satos-deposit@example.com');
    expect((await get('/fiat/public/channel/pop-up?type=satos_deposit_verify', deposit)).json().result.show).toBe(true);
    const eu = await as('satos-eu@example.com');
    expect((await get('/fiat/public/channel/pop-up?type=satos_deposit_verify', eu)).json().result.show).toBe(false);
    expect(await info(eu)).toMatchObject({ custody: 'CUSTODY_SATOS', displayControl: { isDisplaySatosToEu: true }, bannerTags: expect.arrayContaining(['SATOS_TO_EU']) });
  });

  it('new-satos, vip-invited, agreement-update, and the catalogue (agreements, partner, announcement)', async () => {
    expect((await info(await as('new-satos@example.com'))).displayControl.isDisplayNewSatos).toBe(true);
    const vip = await as('vip-invited@example.com');
    expect((await post('/v3/private/vip/kycpopupinfo', { bus_type: 'vip' }, vip)).json().result).toMatchObject({ show: true, tier: 'VIP2' });
    const update = await as('agreement-update@example.com');
    expect((await info(update)).bannerTags).toEqual(expect.arrayContaining(['AGREEMENT_UPDATE', 'KYC_ANNOUNCEMENT']));
    const demo = await as('demo@example.com');
    expect((await get('/affiliate/apis/v1/aff_user_info', demo)).json().result.showPopup).toBe(true);
    const agreements = (await post('/option/asset/amp/product/agreement/query', {}, demo)).json().result.items;
    expect(agreements.map((a: { product: string; current: { version: number } }) => `${a.product}:${a.current.version}`)).toEqual(['OPTION:2', 'HKG_POA:1', 'SATOS_EU:1']);
  });
});
