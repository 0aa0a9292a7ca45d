import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../../app.ts';
import { loadConfig } from '../../../config.ts';
import { createTestApp } from '../../../test/test-app.ts';
import { createAaiProvider } from './aai.provider.ts';
import { startAaiFake, type AaiFake } from './fake.ts';

/**
 * The webhook route with the AAI adapter: the callback's query (our token) and raw body reach the
 * adapter, a missing or wrong token is refused before anything is stored, an accepted callback is
 * recorded once. (The kyc module's handling of a known session is tested with the kyc module.)
 */
const secrets = { accessKey: 'route-aai-access-key', secretKey: 'route-aai-secret-key', webhookSecret: 'route-aai-callback-secret' };
let fake: AaiFake;
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  fake = await startAaiFake({ accessKey: secrets.accessKey, secretKey: secrets.secretKey, autoReviewMs: null });
  const vendors = { ...loadConfig({}).vendors, aai: { ...secrets, baseUrl: fake.origin } };
  ({ app, close } = await createTestApp({ vendors }));
});
afterAll(async () => {
  await close();
  await fake.close();
});

const events = (externalId: string) => app.db.selectFrom('vendor_webhook_events').selectAll().where('provider', '=', 'PROVIDER_AAI').where('external_id', '=', externalId).execute();

describe('POST /x-api/v1/webhooks/aai', () => {
  it('refuses a callback without our token (401, nothing stored); accepts one with it, once', async () => {
    const provider = createAaiProvider({ ...secrets, baseUrl: fake.origin }, { timeoutMs: 1000, retries: 0 });
    const s = await provider.createSession({ userId: 'u-route', level: 1, returnUrl: 'http://localhost/back', callbackUrl: 'http://localhost/x-api/v1/webhooks/aai', language: 'en-US' });
    const signatureId = s.externalId!;
    await fake.submit(signatureId);
    await fake.complete(signatureId, 'PASS');
    const callback = new URL(fake.verification(signatureId)!.callbackUrl);
    const payload = JSON.stringify({ signatureId, type: 'COMPLETED' });
    const headers = { 'content-type': 'application/json' };

    const unsigned = await app.inject({ method: 'POST', url: '/x-api/v1/webhooks/aai', headers, payload });
    expect(unsigned.statusCode).toBe(401);
    const forged = await app.inject({ method: 'POST', url: `/x-api/v1/webhooks/aai?nonce=${callback.searchParams.get('nonce')}&token=${'0'.repeat(64)}`, headers, payload });
    expect(forged.statusCode).toBe(401);
    expect(await events(signatureId)).toEqual([]);

    const url = `${callback.pathname}${callback.search}`;
    expect((await app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url, headers, payload })).statusCode).toBe(200);
    // No session of ours names this signatureId: acknowledged and recorded once, the replay a duplicate.
    expect((await events(signatureId)).map((e) => [e.type, e.result])).toEqual([['COMPLETED', 'unknown_applicant']]);
  });
});
