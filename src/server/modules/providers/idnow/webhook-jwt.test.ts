import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Provider } from '../../../../shared/kyc.ts';
import { loadConfig } from '../../../config.ts';
import type { IdnowConfig } from '../../../vendor-config.ts';
import { WebhookRejected } from '../errors.ts';
import type { IncomingWebhook } from '../port.ts';
import { IDNOW_FAKE_AUDIENCE, startIdnowFake, type IdnowFake } from './fake.ts';
import { createIdnowProvider } from './idnow.provider.ts';
import { IDNOW_SIGNATURE_HEADER } from './webhook-jwt.ts';

/**
 * IDnow's JWT-signed webhooks (its newer platform; decision 022), against the local fake that signs
 * like IDnow with a key of its own: a good token in the body or in X-Idnow-Signature names the
 * identification, which is then read back from IDnow; a token that is forged, expired, from the
 * future, for someone else or otherwise not right is refused with 401 before IDnow is even asked.
 */
const secrets = { companyId: 'jwtbank', apiKey: 'jwt-idnow-api-key', webhookSecret: 'jwt-idnow-webhook-secret' };
const http = { timeoutMs: 1000, retries: 1, backoffMs: 10 };
let fake: IdnowFake;
let config: IdnowConfig;

beforeAll(async () => {
  fake = await startIdnowFake({ ...secrets, autoReviewMs: null });
  config = { ...secrets, baseUrl: fake.origin, webUrl: fake.origin, webhookJwt: { jwks: fake.jwks, issuer: fake.issuer, audience: IDNOW_FAKE_AUDIENCE } };
});
afterAll(() => fake.close());

const inBody = (jwt: string): IncomingWebhook => ({ headers: { 'content-type': 'application/jwt' }, query: {}, rawBody: Buffer.from(jwt) });
const inHeader = (jwt: string): IncomingWebhook => ({ headers: { 'content-type': 'application/json', [IDNOW_SIGNATURE_HEADER]: jwt }, query: {}, rawBody: Buffer.from('{"eventId":"x"}') });

async function decided(result: 'SUCCESS' | 'FRAUD_SUSPICION_CONFIRMED' = 'SUCCESS') {
  const s = await createIdnowProvider(config, http).createSession({ userId: 'user-1', level: 1, returnUrl: 'http://localhost/back', callbackUrl: 'http://localhost/hook', language: 'de' });
  await fake.decide(s.externalId!, result);
  return s.externalId!;
}

async function refusal(delivery: IncomingWebhook, cfg: IdnowConfig = config) {
  const reads = fake.calls.filter((c) => c.path.includes('/identifications/') && c.method === 'GET').length;
  const err = await createIdnowProvider(cfg, http).parseWebhook(delivery).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(WebhookRejected);
  // Refused before anything else: IDnow is not asked about a delivery we do not trust.
  expect(fake.calls.filter((c) => c.path.includes('/identifications/') && c.method === 'GET')).toHaveLength(reads);
  return err as WebhookRejected;
}

describe('IDnow JWT webhooks', () => {
  it('a signed event in the body or in X-Idnow-Signature names the identification; its result is read back from IDnow', async () => {
    const tx = await decided();
    const provider = createIdnowProvider(config, http);
    const fromBody = await provider.parseWebhook(inBody(fake.signedEvent(tx)));
    expect(fromBody).toMatchObject({ provider: Provider.PROVIDER_IDNOW, externalId: tx, type: 'SUCCESS', outcome: { status: 'APPROVED' } });
    const fromHeader = await provider.parseWebhook(inHeader(fake.signedEvent(tx)));
    // The same state read twice (two deliveries, or a replayed token): one event id, decided once.
    expect(fromHeader.eventId).toBe(fromBody.eventId);
    // The keys are IDnow's published JWKS document; the fake serves its own the same way.
    expect(await (await fetch(`${fake.origin}/oidc/.well-known/jwks.json`)).json()).toEqual(fake.jwks);
  });

  it('the secret-header scheme keeps working alongside', async () => {
    const tx = await decided('FRAUD_SUSPICION_CONFIRMED');
    const event = await createIdnowProvider(config, http).parseWebhook({ headers: { 'content-type': 'application/json', 'x-auth-token': secrets.webhookSecret }, query: {}, rawBody: Buffer.from(JSON.stringify(fake.resultJson(tx))) });
    expect(event).toMatchObject({ externalId: tx, outcome: { status: 'REJECTED', mode: 'FINAL' } });
  });

  it('refuses with 401: a foreign key, an unknown kid, HS256 or none, a changed payload', async () => {
    const tx = await decided();
    expect((await refusal(inBody(fake.signedEvent(tx, { key: 'foreign' })))).status).toBe(401);
    expect((await refusal(inBody(fake.signedEvent(tx, { header: { kid: 'someone-else' } })))).message).toContain('unknown kid');
    expect((await refusal(inBody(fake.signedEvent(tx, { header: { alg: 'HS256' } })))).message).toContain('HS256');
    const [h, p] = fake.signedEvent(tx).split('.');
    expect((await refusal(inBody(`${Buffer.from(JSON.stringify({ alg: 'none', kid: fake.jwks.keys[0]!.kid })).toString('base64url')}.${p}.`))).status).toBe(401);
    const otherPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), aud: 'x' })).toString('base64url');
    const signature = fake.signedEvent(tx).split('.')[2];
    expect((await refusal(inBody(`${h}.${otherPayload}.${signature}`))).message).toContain('bad signature');
    expect((await refusal(inBody('not-a-jwt'))).status).toBe(401);
  });

  it('refuses with 401: expired, issued in the future, another issuer or audience, no exp or iat', async () => {
    const tx = await decided();
    const now = Math.floor(Date.now() / 1000);
    expect((await refusal(inBody(fake.signedEvent(tx, { claims: { iat: now - 900, exp: now - 600 } })))).message).toContain('expired');
    expect((await refusal(inBody(fake.signedEvent(tx, { claims: { iat: now + 3600, exp: now + 4000 } })))).message).toContain('future');
    expect((await refusal(inBody(fake.signedEvent(tx, { claims: { iss: 'https://attacker.example/oidc' } })))).message).toContain('issuer');
    expect((await refusal(inBody(fake.signedEvent(tx, { claims: { aud: 'another-app' } })))).message).toContain('audience');
    expect((await refusal(inBody(fake.signedEvent(tx, { claims: { exp: undefined } })))).status).toBe(401);
    expect((await refusal(inBody(fake.signedEvent(tx, { claims: { iat: undefined } })))).status).toBe(401);
    // A little clock difference is tolerated.
    await expect(createIdnowProvider(config, http).parseWebhook(inBody(fake.signedEvent(tx, { claims: { iat: now + 20 } })))).resolves.toMatchObject({ externalId: tx });
  });

  it('without IDNOW_WEBHOOK_JWKS a JWT delivery is refused (the secret header is still required)', async () => {
    const tx = await decided();
    expect((await refusal(inBody(fake.signedEvent(tx)), { ...config, webhookJwt: null })).message).toContain('not configured');
  });

  it('a well-signed token that is not an IDnow event is 400', async () => {
    const tx = await decided();
    const err = await createIdnowProvider(config, http).parseWebhook(inBody(fake.signedEvent(tx, { claims: { data: { hello: 'world' } } }))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookRejected);
    expect((err as WebhookRejected).status).toBe(400);
  });

  it('is configured by IDNOW_WEBHOOK_JWKS, _ISSUER and _AUDIENCE together (one without the others stops the start)', () => {
    const creds = { IDNOW_COMPANY_ID: 'jwtbank', IDNOW_API_KEY: 'k', IDNOW_WEBHOOK_SECRET: 'a-real-webhook-secret-0123' };
    const jwt = { IDNOW_WEBHOOK_JWKS: JSON.stringify(fake.jwks), IDNOW_WEBHOOK_ISSUER: 'https://auth.eu.platform.idnow.io/oidc', IDNOW_WEBHOOK_AUDIENCE: 'our-app' };
    expect(loadConfig({ ...creds, ...jwt }).vendors.idnow?.webhookJwt).toEqual({ jwks: fake.jwks, issuer: jwt.IDNOW_WEBHOOK_ISSUER, audience: 'our-app' });
    expect(loadConfig(creds).vendors.idnow?.webhookJwt).toBeNull();
    expect(() => loadConfig({ ...creds, IDNOW_WEBHOOK_JWKS: jwt.IDNOW_WEBHOOK_JWKS })).toThrow(/IDNOW_WEBHOOK_ISSUER/);
    expect(() => loadConfig({ ...creds, ...jwt, IDNOW_WEBHOOK_JWKS: '{"keys":[]}' })).toThrow();
  });
});
