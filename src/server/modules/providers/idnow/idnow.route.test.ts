import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { IDNOW_FAKE_AUDIENCE, startIdnowFake, type IdnowFake } from './fake.ts';
import { IDNOW_WEBHOOK_HEADER } from './idnow.provider.ts';

/**
 * The webhook route with the IDnow adapter: what IDnow posts reaches the adapter as sent (header,
 * raw body), a wrong secret is refused before anything is stored, and an accepted delivery is
 * recorded once. (The kyc module's handling of a known session is tested with the kyc module.)
 */
const secrets = { companyId: 'localbank', apiKey: 'route-idnow-api-key', webhookSecret: 'route-idnow-webhook-secret' };
let fake: IdnowFake;
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startIdnowFake({ ...secrets, autoReviewMs: null });
  const vendors = { ...loadConfig({}).vendors, idnow: { ...secrets, baseUrl: fake.origin, webUrl: fake.origin, webhookJwt: { jwks: fake.jwks, issuer: fake.issuer, audience: IDNOW_FAKE_AUDIENCE } } };
  ({ app, close } = await createTestApp({ vendors }));
});
afterAll(async () => {
  await close();
  await fake.close();
});

const events = (externalId: string) => app.db.selectFrom('vendor_webhook_events').selectAll().where('provider', '=', 'PROVIDER_IDNOW').where('external_id', '=', externalId).execute();

describe('POST /x-api/v1/webhooks/idnow', () => {
  it('refuses a wrong secret with 401 and stores nothing; accepts the right one once, after reading the result from IDnow', async () => {
    const login = await fetch(`${fake.origin}/api/v1/localbank/login`, { method: 'POST', body: JSON.stringify({ apiKey: secrets.apiKey }) });
    const { authToken } = (await login.json()) as { authToken: string };
    await fetch(`${fake.origin}/api/v1/localbank/identifications/route-tx-1/start`, { method: 'POST', headers: { 'x-api-login-token': authToken }, body: '{}' });
    await fake.decide('route-tx-1', 'SUCCESS');
    const payload = JSON.stringify(fake.resultJson('route-tx-1'));

    const bad = await app.inject({ method: 'POST', url: '/x-api/v1/webhooks/idnow', headers: { 'content-type': 'application/json', [IDNOW_WEBHOOK_HEADER]: 'wrong-secret' }, payload });
    expect(bad.statusCode).toBe(401);
    expect(await events('route-tx-1')).toEqual([]);

    const headers = { 'content-type': 'application/json', [IDNOW_WEBHOOK_HEADER]: secrets.webhookSecret };
    const good = await app.inject({ method: 'POST', url: '/x-api/v1/webhooks/idnow', headers, payload });
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ ret_code: 0, result: { received: true } });
    const again = await app.inject({ method: 'POST', url: '/x-api/v1/webhooks/idnow', headers, payload });
    expect(again.statusCode).toBe(200);
    // No session of ours names this transaction: acknowledged and recorded once, the replay a duplicate.
    expect((await events('route-tx-1')).map((e) => [e.type, e.result])).toEqual([['SUCCESS', 'unknown_applicant']]);
  });

  it('a JWT-signed delivery (decision 022): forged gets 401 and stores nothing; signed is accepted once, its replay a duplicate', async () => {
    const login = await fetch(`${fake.origin}/api/v1/localbank/login`, { method: 'POST', body: JSON.stringify({ apiKey: secrets.apiKey }) });
    const { authToken } = (await login.json()) as { authToken: string };
    await fetch(`${fake.origin}/api/v1/localbank/identifications/route-tx-jwt/start`, { method: 'POST', headers: { 'x-api-login-token': authToken }, body: '{}' });
    await fake.decide('route-tx-jwt', 'SUCCESS');
    const post = (payload: string) => app.inject({ method: 'POST', url: '/x-api/v1/webhooks/idnow', headers: { 'content-type': 'application/jwt' }, payload });

    expect((await post(fake.signedEvent('route-tx-jwt', { key: 'foreign' }))).statusCode).toBe(401);
    expect(await events('route-tx-jwt')).toEqual([]);
    const jwt = fake.signedEvent('route-tx-jwt');
    expect((await post(jwt)).json()).toMatchObject({ ret_code: 0, result: { received: true } });
    expect((await post(jwt)).statusCode).toBe(200);
    expect((await events('route-tx-jwt')).map((e) => [e.type, e.result])).toEqual([['SUCCESS', 'unknown_applicant']]);
  });
});
