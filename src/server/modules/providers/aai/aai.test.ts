import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Provider } from '../../../../shared/kyc.ts';
import type { AaiConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, VendorUnavailableError, WebhookRejected } from '../errors.ts';
import type { IncomingWebhook, ProviderOutcome } from '../port.ts';
import { aaiRegion, createAaiProvider } from './aai.provider.ts';
import { startAaiFake, type AaiFake } from './fake.ts';

const secrets = { accessKey: 'test-aai-access-key', secretKey: 'test-aai-secret-key', webhookSecret: 'test-aai-callback-secret' };
const http = { timeoutMs: 300, retries: 1, backoffMs: 10 };
const session = { userId: 'user-1', level: 1 as const, returnUrl: 'http://localhost/user/accounts/auth/kyc?level=1&vendor=done', callbackUrl: 'http://localhost/x-api/v1/webhooks/aai', language: 'en-US' };

let fake: AaiFake;
let config: AaiConfig;

beforeAll(async () => {
  fake = await startAaiFake({ accessKey: secrets.accessKey, secretKey: secrets.secretKey, autoReviewMs: null });
  config = { ...secrets, baseUrl: fake.origin };
});
afterAll(() => fake.close());
afterEach(() => {
  fake.calls.length = 0;
});

const paths = () => fake.calls.map((c) => [c.path.split('/').at(-1), c.status]);

/** Starts a session; returns its signatureId and the query AAI will call us back with. */
async function started(): Promise<{ signatureId: string; query: Record<string, string> }> {
  const s = await createAaiProvider(config, http).createSession(session);
  const v = fake.verification(s.externalId!)!;
  return { signatureId: s.externalId!, query: Object.fromEntries(new URL(v.callbackUrl).searchParams) };
}

function callback(signatureId: string, query: Record<string, string>, type = 'COMPLETED'): IncomingWebhook {
  return { headers: { 'content-type': 'application/json' }, query, rawBody: Buffer.from(JSON.stringify({ signatureId, type })) };
}

describe('AAI sessions', () => {
  it('gets a signed access token once and creates an H5 link per session, with our return URL and a secret-bearing callback URL', async () => {
    const provider = createAaiProvider(config, http);
    const first = await provider.createSession(session);
    const second = await provider.createSession(session);

    expect(first).toMatchObject({ provider: Provider.PROVIDER_AAI, level: 1, flowName: 'Level1_web', apiUrl: fake.origin, expiresAt: null });
    expect(first.launch).toEqual({ mode: 'REDIRECT', url: `${fake.origin}/h5/liveness/${first.externalId}` });
    expect(second.externalId).not.toBe(first.externalId);
    expect(paths()).toEqual([
      ['generate-token', 200],
      ['generate-liveness-detection-url', 200],
      ['generate-liveness-detection-url', 200],
    ]);

    const v = fake.verification(first.externalId!)!;
    expect(v).toMatchObject({ returnUrl: session.returnUrl, userId: 'user-1', region: 'SGP' });
    const callbackUrl = new URL(v.callbackUrl);
    expect(callbackUrl.origin + callbackUrl.pathname).toBe(session.callbackUrl);
    // A nonce and its MAC, never the secret itself; each link has its own.
    expect(callbackUrl.searchParams.get('nonce')).toMatch(/^[0-9a-f]{32}$/);
    expect(callbackUrl.searchParams.get('token')).toMatch(/^[0-9a-f]{64}$/);
    expect(v.callbackUrl).not.toContain(secrets.webhookSecret);
    expect(new URL(fake.verification(second.externalId!)!.callbackUrl).searchParams.get('nonce')).not.toBe(callbackUrl.searchParams.get('nonce'));

    const page = await fetch(first.launch.mode === 'REDIRECT' ? first.launch.url : '');
    expect(await page.text()).toContain(`"url":${JSON.stringify(session.returnUrl)}`);
    expect(provider.origins()).toEqual({ script: [], frame: [], connect: [], img: [] });
  });

  it('a wrong secret key signs a token request AAI refuses (401 ACCESS_DENIED): a VendorProtocolError, no link', async () => {
    const err = await createAaiProvider({ ...config, secretKey: 'wrong' }, http).createSession(session).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorProtocolError);
    expect((err as VendorProtocolError).status).toBe(401);
    expect((err as Error).message).toMatch(/ACCESS_DENIED/);
    expect(paths()).toEqual([['generate-token', 401]]);
  });

  it('calls without a valid access token are refused; a token that expired early is replaced once', async () => {
    const refused = await fetch(`${fake.origin}/intl/openapi/identity-risk/idvs-h5/ekyc/v1/get-result`, { method: 'POST', headers: { 'x-access-token': 'forged', 'content-type': 'application/json' }, body: '{"signatureId":"x"}' });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { code: string }).code).toBe('ACCESS_DENIED');

    const provider = createAaiProvider(config, http);
    await provider.createSession(session);
    fake.expireTokens();
    fake.calls.length = 0;
    await provider.createSession(session);
    expect(paths()).toEqual([
      ['generate-liveness-detection-url', 401],
      ['generate-token', 200],
      ['generate-liveness-detection-url', 200],
    ]);
  });

  it('a region comes from AAI\'s regional host', () => {
    expect(aaiRegion('https://ph-api.advance.ai')).toBe('PHL');
    expect(aaiRegion('https://th-api.advance.ai')).toBe('THA');
    expect(aaiRegion('https://api.advance.ai')).toBe('SGP');
  });

  it('the H5 region follows the configured host, never the user (decision 022): users of other countries and languages get the host\'s region', async () => {
    // Each regional host serves its own region; an account of one region cannot run another's checks.
    expect(['sg-api', 'ph-api', 'th-api', 'my-api', 'vn-api', 'id-api'].map((h) => aaiRegion(`https://${h}.advance.ai/openapi`))).toEqual(['SGP', 'PHL', 'THA', 'MYS', 'VNM', 'IDN']);
    expect(aaiRegion('https://aai.example/proxy')).toBe('SGP');
    const provider = createAaiProvider(config, http);
    const thai = await provider.createSession({ ...session, userId: 'user-th', language: 'th-TH' });
    const filipino = await provider.createSession({ ...session, userId: 'user-ph', language: 'fil-PH' });
    expect([fake.verification(thai.externalId!)!.region, fake.verification(filipino.externalId!)!.region]).toEqual(['SGP', 'SGP']);
  });
});

describe('AAI callbacks', () => {
  it.each([
    ['without the query token', (q: Record<string, string>) => ({ nonce: q.nonce! })],
    ['without a nonce', (q: Record<string, string>) => ({ token: q.token! })],
    ['with a token for another nonce', (q: Record<string, string>) => ({ nonce: 'a'.repeat(32), token: q.token! })],
    ['with the raw secret as token', (q: Record<string, string>) => ({ nonce: q.nonce!, token: secrets.webhookSecret })],
  ])('refuses a callback %s (401) without asking AAI anything', async (_what, tamper) => {
    const { signatureId, query } = await started();
    await fake.complete(signatureId, 'PASS');
    fake.calls.length = 0;
    const err = await createAaiProvider(config, http).parseWebhook(callback(signatureId, tamper(query))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookRejected);
    expect((err as WebhookRejected).status).toBe(401);
    expect(fake.calls).toHaveLength(0);
  });

  it.each([
    ['not JSON', Buffer.from('signatureId=1')],
    ['without a signatureId', Buffer.from('{"type":"COMPLETED"}')],
  ])('answers 400 to a body %s', async (_what, rawBody) => {
    const { query } = await started();
    const err = await createAaiProvider(config, http).parseWebhook({ headers: {}, query, rawBody }).catch((e: unknown) => e);
    expect((err as WebhookRejected).status).toBe(400);
  });

  it('answers 400 for a signatureId AAI does not know (SIGNATURE_NOT_EXIST)', async () => {
    const { query } = await started();
    const err = await createAaiProvider(config, http).parseWebhook(callback('0000000000000000', query)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookRejected);
    expect((err as WebhookRejected).status).toBe(400);
  });

  it('a valid callback is only a hint: the outcome is what get-result says', async () => {
    const { signatureId, query } = await started();
    // AAI has not decided; a "COMPLETED" claim changes nothing.
    await fake.submit(signatureId);
    fake.calls.length = 0;
    const event = await createAaiProvider(config, http).parseWebhook(callback(signatureId, query, 'SUBMIT_COMPLETED'));
    expect(event).toMatchObject({ provider: Provider.PROVIDER_AAI, type: 'SUBMIT_COMPLETED', externalId: signatureId, level: null, outcome: { status: 'PENDING' } });
    expect(paths()).toEqual([
      ['generate-token', 200],
      ['get-result', 200],
    ]);
  });

  const rejected = (mode: 'RETRY' | 'FINAL', code: string, note: string) =>
    expect.objectContaining({ status: 'REJECTED', mode, reasonCode: code, reasonCodes: [code], userMessage: '', internalNote: note });
  it.each<[string, 'PASS' | 'FAIL' | 'INCOMPLETE', boolean, string | null, string, ProviderOutcome | null | ReturnType<typeof rejected>, ProviderOutcome]>([
    ['passed', 'PASS', true, null, 'COMPLETED', { status: 'APPROVED' }, { status: 'APPROVED' }],
    ['failed on a blurry document', 'FAIL', true, 'OCR_IMAGE_BLURRY', 'COMPLETED', rejected('RETRY', 'DOCUMENT_UNREADABLE', 'AAI overallResult: FAIL, errorCode: OCR_IMAGE_BLURRY'), rejected('RETRY', 'DOCUMENT_UNREADABLE', 'AAI overallResult: FAIL, errorCode: OCR_IMAGE_BLURRY')],
    ['failed on an expired document', 'FAIL', true, 'ID_CARD_EXPIRED', 'COMPLETED', rejected('RETRY', 'DOCUMENT_EXPIRED', 'AAI overallResult: FAIL, errorCode: ID_CARD_EXPIRED'), rejected('RETRY', 'DOCUMENT_EXPIRED', 'AAI overallResult: FAIL, errorCode: ID_CARD_EXPIRED')],
    ['failed on a face mismatch', 'FAIL', true, 'FACE_NOT_MATCH', 'COMPLETED', rejected('RETRY', 'SELFIE_MISMATCH', 'AAI overallResult: FAIL, errorCode: FACE_NOT_MATCH'), rejected('RETRY', 'SELFIE_MISMATCH', 'AAI overallResult: FAIL, errorCode: FACE_NOT_MATCH')],
    ['failed on a poor selfie', 'FAIL', true, 'FACE_QUALITY_TOO_LOW', 'COMPLETED', rejected('RETRY', 'SELFIE_UNCLEAR', 'AAI overallResult: FAIL, errorCode: FACE_QUALITY_TOO_LOW'), rejected('RETRY', 'SELFIE_UNCLEAR', 'AAI overallResult: FAIL, errorCode: FACE_QUALITY_TOO_LOW')],
    ['failed on a liveness attack', 'FAIL', true, 'LIVENESS_ATTACK', 'COMPLETED', rejected('FINAL', 'SUSPECTED_FRAUD', 'AAI overallResult: FAIL, errorCode: LIVENESS_ATTACK'), rejected('FINAL', 'SUSPECTED_FRAUD', 'AAI overallResult: FAIL, errorCode: LIVENESS_ATTACK')],
    ['failed on a forged document', 'FAIL', true, 'DOCUMENT_FORGERY_DETECTED', 'COMPLETED', rejected('FINAL', 'SUSPECTED_FRAUD', 'AAI overallResult: FAIL, errorCode: DOCUMENT_FORGERY_DETECTED'), rejected('FINAL', 'SUSPECTED_FRAUD', 'AAI overallResult: FAIL, errorCode: DOCUMENT_FORGERY_DETECTED')],
    ['failed without a code', 'FAIL', true, null, 'COMPLETED', rejected('RETRY', 'OTHER', 'AAI overallResult: FAIL'), rejected('RETRY', 'OTHER', 'AAI overallResult: FAIL')],
    ['failed with a code nobody knows', 'FAIL', true, 'SOMETHING_NEW', 'COMPLETED', rejected('RETRY', 'OTHER', 'AAI overallResult: FAIL, errorCode: SOMETHING_NEW'), rejected('RETRY', 'OTHER', 'AAI overallResult: FAIL, errorCode: SOMETHING_NEW')],
    ['incomplete, submitted, being checked', 'INCOMPLETE', true, null, 'SUBMIT_COMPLETED', { status: 'PENDING' }, { status: 'PENDING' }],
    ['incomplete after COMPLETED: what was sent could not be verified', 'INCOMPLETE', true, 'LIVENESS_TIMEOUT', 'COMPLETED', rejected('RETRY', 'SELFIE_UNCLEAR', 'AAI overallResult: INCOMPLETE, errorCode: LIVENESS_TIMEOUT'), { status: 'PENDING' }],
    ['incomplete, nothing submitted (the user left)', 'INCOMPLETE', false, 'USER_QUIT', 'COMPLETED', null, { status: 'PENDING' }],
  ])('maps a verification that %s', async (_what, overall, submitted, errorCode, type, outcome, polled) => {
    const { signatureId, query } = await started();
    if (submitted) await fake.submit(signatureId);
    if (overall !== 'INCOMPLETE' || errorCode) await fake.complete(signatureId, overall, errorCode);
    const provider = createAaiProvider(config, http);
    const event = await provider.parseWebhook(callback(signatureId, query, type));
    expect(event.outcome).toEqual(outcome);
    expect(await provider.fetchResult({ userId: 'user-1', level: 1, externalId: signatureId })).toEqual(polled);
  });

  it('SUBMIT_COMPLETED arriving after COMPLETED finds the same result: the same event, decided once', async () => {
    const { signatureId, query } = await started();
    await fake.submit(signatureId);
    await fake.complete(signatureId, 'PASS');
    const provider = createAaiProvider(config, http);
    const completed = await provider.parseWebhook(callback(signatureId, query, 'COMPLETED'));
    const late = await provider.parseWebhook(callback(signatureId, query, 'SUBMIT_COMPLETED'));
    expect(late.eventId).toBe(completed.eventId);
    expect(late.outcome).toEqual({ status: 'APPROVED' });
  });

  it('an overallResult AAI does not document is a protocol error', async () => {
    const { signatureId, query } = await started();
    await fake.complete(signatureId, 'MAYBE' as 'PASS');
    await expect(createAaiProvider(config, http).parseWebhook(callback(signatureId, query))).rejects.toBeInstanceOf(VendorProtocolError);
  });
});

describe('AAI stand-in page and callbacks', () => {
  it('the page posts the capture; the fake calls our callback URL with its token, unsigned, and the adapter accepts it', async () => {
    const received: { url: string; body: Buffer }[] = [];
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ url: req.url ?? '', body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const demo = await startAaiFake({ accessKey: secrets.accessKey, secretKey: secrets.secretKey, autoReviewMs: 0 });
    try {
      const provider = createAaiProvider({ ...secrets, baseUrl: demo.origin }, http);
      const callbackUrl = `http://127.0.0.1:${(hook.address() as AddressInfo).port}/x-api/v1/webhooks/aai`;
      const s = await provider.createSession({ ...session, callbackUrl });

      const form = new FormData();
      form.set('document', new Blob([Buffer.from('front')]), 'front.jpg');
      form.set('selfie', new Blob([Buffer.from('face')]), 'selfie.jpg');
      form.set('sandboxResult', 'RED_FINAL');
      const submitted = await fetch(`${demo.origin}/h5/liveness/${s.externalId}/submit`, { method: 'POST', body: form });
      expect(submitted.status).toBe(200);

      await vi.waitFor(() => expect(received).toHaveLength(2));
      const events = [];
      for (const r of received) {
        const url = new URL(r.url, 'http://x');
        expect(url.pathname).toBe('/x-api/v1/webhooks/aai');
        events.push(await provider.parseWebhook({ headers: {}, query: Object.fromEntries(url.searchParams), rawBody: r.body }));
      }
      expect(events.map((e) => e.type)).toEqual(['SUBMIT_COMPLETED', 'COMPLETED']);
      expect(events[1]!.outcome).toMatchObject({ status: 'REJECTED', mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD' });
    } finally {
      await demo.close();
      await new Promise<void>((r) => hook.close(() => r()));
    }
  });
});

describe('AAI unavailable or answering garbage', () => {
  it('a hanging AAI is VendorUnavailableError within the time limit', async () => {
    fake.injectFaults({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    await expect(createAaiProvider(config, http).createSession(session)).rejects.toBeInstanceOf(VendorUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a 503 is retried and the link then created', async () => {
    fake.injectFaults({ kind: 'status', status: 503 });
    const s = await createAaiProvider(config, http).createSession(session);
    expect(fake.verification(s.externalId!)).toBeDefined();
    expect(paths()).toEqual([
      ['generate-token', 503],
      ['generate-token', 200],
      ['generate-liveness-detection-url', 200],
    ]);
  });

  it('garbage instead of JSON is a VendorProtocolError', async () => {
    fake.injectFaults({ kind: 'garbage' });
    await expect(createAaiProvider(config, http).createSession(session)).rejects.toBeInstanceOf(VendorProtocolError);
  });

  it('an envelope with another code (PARAMETER_ERROR) is a VendorProtocolError carrying it', async () => {
    const err = await createAaiProvider(config, http)
      .createSession({ ...session, returnUrl: 'not a url' })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorProtocolError);
    expect((err as Error).message).toMatch(/PARAMETER_ERROR/);
  });
});
