import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Provider } from '../../../shared/kyc.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { startSumsubFake, type SumsubFake } from '../providers/sumsub/fake.ts';
import { createKycTestApp, get, newUser, post, VALID_INFO } from './kyc.fixtures.ts';

/**
 * Issue 30: kyc-info's kycToken is the vendor access token vendor-token gives (Sumsub's local fake
 * over real HTTP), apiUrl the vendor's API base; both empty for the in-house provider. The optional
 * mobile number follows §5's rule, is stored with its country and is in the user's data export.
 */
const SECRETS = { appToken: 'sbx:token-app-token', secretKey: 'token-secret-key', webhookSecret: 'token-webhook-secret-01' };
let app: App;
let close: () => Promise<void>;
let sumsub: SumsubFake;

beforeAll(async () => {
  sumsub = await startSumsubFake(SECRETS);
  const base = configWith({});
  ({ app, close } = await createKycTestApp({
    providerRoutes: [{ provider: Provider.PROVIDER_SUMSUB, countries: ['GB'] }, { provider: Provider.PROVIDER_DEFAULT }],
    vendors: { ...base.vendors, sumsub: { ...SECRETS, baseUrl: sumsub.origin, websdkUrl: `${sumsub.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' } } },
  }));
});
afterAll(async () => {
  await close();
  await sumsub.close();
});

describe('kyc-info kycToken and apiUrl', () => {
  it('a Sumsub-routed user asking with obtain_kyc_token gets the access token vendor-token gives, and Sumsub\'s API as apiUrl', async () => {
    const user = await newUser(app, 'token-gb@example.com');
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, user.cookie)).json().ret_code).toBe(0);
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_kyc_token: true }, user.cookie)).json().result;
    expect(info.provider).toBe(Provider.PROVIDER_SUMSUB);
    expect(info.apiUrl).toBe(sumsub.origin);
    expect(info.kycToken).not.toBe('');
    // The same token the SDK would start with: Sumsub's fake accepts it for this applicant.
    const token = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json().result;
    expect(token.apiUrl).toBe(info.apiUrl);
    const sessions = await app.db.selectFrom('vendor_sessions').select(['provider', 'external_id']).where('user_id', '=', user.id).execute();
    expect(sessions).toEqual([{ provider: Provider.PROVIDER_SUMSUB, external_id: token.externalId }]);
    expect((await fetch(`${sumsub.origin}/websdk/p/${encodeURIComponent(info.kycToken as string)}`)).status).toBe(200);
    // Not asked for: no token, and the reply kept in the cache never carries one.
    const again = (await post(app, '/v3/private/kyc/kyc-info', {}, user.cookie)).json().result;
    expect(again.kycToken).toBeUndefined();
  });

  it('the in-house provider: kycToken and apiUrl are empty', async () => {
    const user = await newUser(app, 'token-de@example.com');
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, nationality: 'DE', residenceCountry: 'DE', postalCode: '10115' }, user.cookie)).json().ret_code).toBe(0);
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_kyc_token: true }, user.cookie)).json().result;
    expect(info).toMatchObject({ provider: Provider.PROVIDER_DEFAULT, kycToken: '', apiUrl: '' });
    expect(await app.db.selectFrom('vendor_sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });
});

describe('the mobile number', () => {
  it('is refused unless 7 to 12 digits after trimming, and needs its country; nothing is stored then', async () => {
    const user = await newUser(app, 'mobile-bad@example.com');
    const short = (await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, mobileCountry: 'GB', mobileNumber: ' 123456 ' }, user.cookie)).json();
    expect(short).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'mobileNumber', code: 'invalid_mobile' }] } });
    const letters = (await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, mobileCountry: 'GB', mobileNumber: '+447700900123' }, user.cookie)).json();
    expect(letters.result.fields).toEqual([{ path: 'mobileNumber', code: 'invalid_mobile' }]);
    const noCountry = (await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, mobileNumber: '7700900123' }, user.cookie)).json();
    expect(noCountry.result.fields).toEqual([{ path: 'mobileCountry', code: 'required' }]);
    expect(await app.db.selectFrom('kyc_personal_info').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('is stored trimmed with its country, given back, audited and in the data export; without a number the country is dropped', async () => {
    const user = await newUser(app, 'mobile-ok@example.com');
    const saved = (await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, mobileCountry: 'gb', mobileNumber: ' 7700900123 ' }, user.cookie)).json();
    expect(saved).toMatchObject({ ret_code: 0, result: { info: { mobileCountry: 'GB', mobileNumber: '7700900123' } } });
    expect(await app.db.selectFrom('kyc_personal_info').select(['mobile_country', 'mobile_number']).where('user_id', '=', user.id).execute()).toEqual([{ mobile_country: 'GB', mobile_number: '7700900123' }]);
    const audit = await app.db.selectFrom('audit_log').select('after').where('action', '=', 'kyc.personal_info.save').where('entity_id', '=', user.id).executeTakeFirstOrThrow();
    expect(JSON.parse(audit.after!)).toMatchObject({ mobileCountry: 'GB', mobileNumber: '7700900123' });
    const exported = (await get(app, '/v1/private/user/data-export', user.cookie)).json();
    expect(exported.result.personalInfo).toMatchObject({ mobileCountry: 'GB', mobileNumber: '7700900123' });

    const cleared = (await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, mobileCountry: 'GB', mobileNumber: '' }, user.cookie)).json();
    expect(cleared.result.info).toMatchObject({ mobileCountry: '', mobileNumber: '' });
    expect(await app.db.selectFrom('kyc_personal_info').select(['mobile_country', 'mobile_number']).where('user_id', '=', user.id).execute()).toEqual([{ mobile_country: '', mobile_number: '' }]);
  });
});
