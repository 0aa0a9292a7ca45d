import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Provider } from '../../../../shared/kyc.ts';
import type { IdnowConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, VendorUnavailableError, WebhookRejected } from '../errors.ts';
import type { IncomingWebhook, ProviderOutcome } from '../port.ts';
import { startIdnowFake, type IdnowFake } from './fake.ts';
import { createIdnowProvider, IDNOW_WEBHOOK_HEADER, type IdnowResult } from './idnow.provider.ts';

const secrets = { companyId: 'localbank', apiKey: 'test-idnow-api-key', webhookSecret: 'test-idnow-webhook-secret' };
const http = { timeoutMs: 300, retries: 1, backoffMs: 10 };
const session = { userId: 'user-1', level: 1 as const, returnUrl: 'http://localhost/back', callbackUrl: 'http://localhost/x-api/v1/webhooks/idnow', language: 'de-AT' };

let fake: IdnowFake;
let config: IdnowConfig;

beforeAll(async () => {
  fake = await startIdnowFake({ ...secrets, autoReviewMs: null });
  config = { ...secrets, baseUrl: fake.origin, webUrl: fake.origin };
});
afterAll(() => fake.close());
afterEach(() => {
  fake.calls.length = 0;
});

/** The webhook IDnow would post for the identification now, with the header secret (null: none). */
function webhook(transactionNumber: string, secret: string | null = secrets.webhookSecret, body: unknown = fake.resultJson(transactionNumber)): IncomingWebhook {
  return { headers: secret === null ? {} : { [IDNOW_WEBHOOK_HEADER]: secret }, query: {}, rawBody: Buffer.from(JSON.stringify(body)) };
}

const apiCalls = (path: string) => fake.calls.filter((c) => c.path.includes(path));

describe('IDnow sessions', () => {
  it('logs in once, starts an identification under a fresh transaction number and sends the user to its hosted page', async () => {
    const provider = createIdnowProvider(config, http);
    const first = await provider.createSession(session);
    const second = await provider.createSession(session);

    expect(first).toMatchObject({ provider: Provider.PROVIDER_IDNOW, level: 1, flowName: 'Level1_web', expiresAt: null });
    expect(first.externalId).toMatch(/^[0-9a-f]{32}$/);
    expect(second.externalId).not.toBe(first.externalId);
    expect(first.launch).toEqual({ mode: 'REDIRECT', url: `${fake.origin}/localbank/identifications/${first.externalId}` });
    // The fake started both, and the login token was reused for the second.
    expect(fake.identification(first.externalId!)).toMatchObject({ result: null });
    expect(apiCalls('/login')).toHaveLength(1);
    expect(apiCalls('/start').map((c) => c.status)).toEqual([200, 200]);

    // The hosted page (the stand-in) is there for the browser, and nothing of IDnow's runs in our page.
    const page = await fetch(first.launch.mode === 'REDIRECT' ? first.launch.url : '');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('IDnow (local stand-in)');
    expect(provider.origins()).toEqual({ script: [], frame: [], connect: [], img: [] });
  });

  it('a wrong API key gets IDnow\'s 401, a VendorProtocolError, and no identification', async () => {
    const provider = createIdnowProvider({ ...config, apiKey: 'wrong-key' }, http);
    const err = await provider.createSession(session).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(VendorProtocolError);
    expect((err as VendorProtocolError).status).toBe(401);
    expect(apiCalls('/start')).toHaveLength(0);
  });

  it('a call without a valid login token is refused by the fake; a token that expired early is renewed once', async () => {
    const refused = await fetch(`${fake.origin}/api/v1/localbank/identifications/abc/start`, { method: 'POST', headers: { 'x-api-login-token': 'forged' }, body: '{}' });
    expect(refused.status).toBe(401);

    const provider = createIdnowProvider(config, http);
    await provider.createSession(session);
    fake.expireTokens();
    const again = await provider.createSession(session);
    expect(fake.identification(again.externalId!)).toBeDefined();
    // Login, start, start refused (401), login again, start.
    expect(fake.calls.filter((c) => c.path.startsWith('/api/')).map((c) => [c.path.split('/').at(-1), c.status])).toEqual([
      ['start', 401],
      ['login', 200],
      ['start', 200],
      ['start', 401],
      ['login', 200],
      ['start', 200],
    ]);
  });
});

describe('IDnow webhooks', () => {
  async function started(): Promise<string> {
    const s = await createIdnowProvider(config, http).createSession(session);
    return s.externalId!;
  }

  it.each([
    ['without the secret header', null],
    ['with a wrong secret', 'not-the-secret-at-all'],
    ['with a secret of another length', 'x'],
  ])('refuses a delivery %s (401) without asking IDnow anything', async (_what, secret) => {
    const tx = await started();
    await fake.decide(tx, 'SUCCESS');
    fake.calls.length = 0;
    const err = await createIdnowProvider(config, http).parseWebhook(webhook(tx, secret)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookRejected);
    expect((err as WebhookRejected).status).toBe(401);
    expect(fake.calls).toHaveLength(0);
  });

  it('trusts only the transaction number: the outcome is what IDnow answers, not what the body claims', async () => {
    const tx = await started();
    await fake.decide(tx, 'REVIEW_PENDING');
    const forged = { identificationprocess: { transactionnumber: tx, result: 'SUCCESS' } };
    const event = await createIdnowProvider(config, http).parseWebhook(webhook(tx, secrets.webhookSecret, forged));
    expect(event).toMatchObject({ provider: Provider.PROVIDER_IDNOW, type: 'REVIEW_PENDING', externalId: tx, level: null, outcome: { status: 'PENDING' } });
    expect(fake.calls.filter((c) => c.method === 'GET').map((c) => [c.path, c.status])).toEqual([[`/api/v1/localbank/identifications/${tx}`, 200]]);
  });

  it.each([
    ['not JSON', Buffer.from('<xml/>')],
    ['without a transaction number', Buffer.from(JSON.stringify({ identificationprocess: { result: 'SUCCESS' } }))],
  ])('answers 400 to a body %s', async (_what, rawBody) => {
    const err = await createIdnowProvider(config, http)
      .parseWebhook({ headers: { [IDNOW_WEBHOOK_HEADER]: secrets.webhookSecret }, query: {}, rawBody })
      .catch((e: unknown) => e);
    expect((err as WebhookRejected).status).toBe(400);
  });

  it('answers 400 for a transaction number IDnow has no result for', async () => {
    const err = await createIdnowProvider(config, http).parseWebhook(webhook('unknown-transaction')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(WebhookRejected);
    expect((err as WebhookRejected).status).toBe(400);
  });

  const rejected = (mode: 'RETRY' | 'FINAL', code: string, note: string) =>
    expect.objectContaining({ status: 'REJECTED', mode, reasonCode: code, reasonCodes: [code], userMessage: '', internalNote: note });
  it.each<[IdnowResult, string | null, ProviderOutcome | null | ReturnType<typeof rejected>]>([
    ['SUCCESS', null, { status: 'APPROVED' }],
    ['SUCCESS_DATA_CHANGED', null, { status: 'APPROVED' }],
    ['REVIEW_PENDING', null, { status: 'PENDING' }],
    ['CHECK_PENDING', null, { status: 'PENDING' }],
    ['FRAUD_SUSPICION_PENDING', null, { status: 'PENDING' }],
    ['FRAUD_SUSPICION_CONFIRMED', 'ID_OTHER', rejected('FINAL', 'SUSPECTED_FRAUD', 'IDnow result: FRAUD_SUSPICION_CONFIRMED, reason: ID_OTHER')],
    ['CANCELED', 'ID_BLURRY', rejected('RETRY', 'DOCUMENT_UNREADABLE', 'IDnow result: CANCELED, reason: ID_BLURRY')],
    ['CANCELED', 'ID_EXPIRED', rejected('RETRY', 'DOCUMENT_EXPIRED', 'IDnow result: CANCELED, reason: ID_EXPIRED')],
    ['CANCELED', 'ID_DAMAGED', rejected('RETRY', 'DOCUMENT_NOT_ACCEPTED', 'IDnow result: CANCELED, reason: ID_DAMAGED')],
    ['CANCELED', 'ID_WRONG_SIDE', rejected('RETRY', 'DOCUMENT_INCOMPLETE', 'IDnow result: CANCELED, reason: ID_WRONG_SIDE')],
    ['CANCELED', 'SELFIE_GLARE', rejected('RETRY', 'SELFIE_UNCLEAR', 'IDnow result: CANCELED, reason: SELFIE_GLARE')],
    ['CANCELED', 'IDENT_CANNOT_BE_COMPLETED', rejected('RETRY', 'OTHER', 'IDnow result: CANCELED, reason: IDENT_CANNOT_BE_COMPLETED')],
    ['CANCELED', null, rejected('RETRY', 'OTHER', 'IDnow result: CANCELED')],
    ['ABORTED', null, null],
  ])('maps %s (reason %s) to our outcome', async (result, reason, outcome) => {
    const tx = await started();
    await fake.decide(tx, result, reason);
    const provider = createIdnowProvider(config, http);
    const event = await provider.parseWebhook(webhook(tx));
    expect(event.type).toBe(result);
    expect(event.outcome).toEqual(outcome);
    // Polling gives the same answer; a result that decides nothing reads as still pending.
    expect(await provider.fetchResult({ userId: 'user-1', level: 1, externalId: tx })).toEqual(outcome ?? { status: 'PENDING' });
  });

  it('the same result read twice is one event; a new result is another, ordered by when it was read', async () => {
    const tx = await started();
    const provider = createIdnowProvider(config, http);
    await fake.decide(tx, 'REVIEW_PENDING');
    const a = await provider.parseWebhook(webhook(tx));
    const b = await provider.parseWebhook(webhook(tx));
    await fake.decide(tx, 'SUCCESS');
    const c = await provider.parseWebhook(webhook(tx));
    expect(b.eventId).toBe(a.eventId);
    expect(c.eventId).not.toBe(a.eventId);
    expect(c.occurredAt).toBeGreaterThanOrEqual(b.occurredAt);
  });

  it('an unknown result value from IDnow is a protocol error, not a guess', async () => {
    const tx = await started();
    await fake.decide(tx, 'MAYBE' as IdnowResult);
    await expect(createIdnowProvider(config, http).parseWebhook(webhook(tx))).rejects.toBeInstanceOf(VendorProtocolError);
  });

  it('fetchResult before the user finished is PENDING', async () => {
    const tx = await started();
    expect(await createIdnowProvider(config, http).fetchResult({ userId: 'user-1', level: 1, externalId: tx })).toEqual({ status: 'PENDING' });
  });
});

describe('IDnow stand-in page and deliveries', () => {
  it('the page posts the capture; the fake reports to our webhook with the secret header, which the adapter accepts', async () => {
    const received: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
    const hook = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers, body: Buffer.concat(chunks) });
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((r) => hook.listen(0, '127.0.0.1', r));
    const demo = await startIdnowFake({ ...secrets, autoReviewMs: 0, redirectUrl: 'http://localhost/user/accounts/auth/kyc?level=1&vendor=done' });
    try {
      demo.setWebhookUrl(`http://127.0.0.1:${(hook.address() as AddressInfo).port}/x-api/v1/webhooks/idnow`);
      const provider = createIdnowProvider({ ...secrets, baseUrl: demo.origin, webUrl: demo.origin }, http);
      const s = await provider.createSession(session);
      const page = await (await fetch(s.launch.mode === 'REDIRECT' ? s.launch.url : '')).text();
      // The page ends at the company's redirect URL.
      expect(page).toContain('"url":"http://localhost/user/accounts/auth/kyc?level=1&vendor=done"');

      const form = new FormData();
      form.set('document', new Blob([Buffer.from('front')]), 'front.jpg');
      form.set('selfie', new Blob([Buffer.from('face')]), 'selfie.jpg');
      form.set('sandboxResult', 'RED_RETRY');
      const submitted = await fetch(`${demo.origin}/localbank/identifications/${s.externalId}/submit`, { method: 'POST', body: form });
      expect(submitted.status).toBe(200);

      await vi.waitFor(() => expect(received).toHaveLength(2));
      const outcomes = [];
      for (const r of received) {
        expect(r.headers[IDNOW_WEBHOOK_HEADER]).toBe(secrets.webhookSecret);
        outcomes.push((await provider.parseWebhook({ headers: r.headers, query: {}, rawBody: r.body })).outcome);
      }
      // Both deliveries are read back from IDnow, which by then has the final result.
      expect(outcomes.every((o) => o?.status === 'REJECTED' && o.mode === 'RETRY' && o.reasonCode === 'DOCUMENT_UNREADABLE')).toBe(true);
      expect(demo.webhooks.map((w) => [w.result, w.status])).toEqual([
        ['REVIEW_PENDING', 200],
        ['CANCELED', 200],
      ]);
    } finally {
      await demo.close();
      await new Promise<void>((r) => hook.close(() => r()));
    }
  });
});

describe('IDnow unavailable or answering garbage', () => {
  it('a hanging IDnow is VendorUnavailableError within the time limit', async () => {
    fake.injectFaults({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    await expect(createIdnowProvider(config, http).createSession(session)).rejects.toBeInstanceOf(VendorUnavailableError);
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('a 503 is retried and the session then starts', async () => {
    fake.injectFaults({ kind: 'status', status: 503 });
    const s = await createIdnowProvider(config, http).createSession(session);
    expect(fake.identification(s.externalId!)).toBeDefined();
    expect(apiCalls('/login').map((c) => c.status)).toEqual([503, 200]);
  });

  it('garbage instead of JSON is a VendorProtocolError', async () => {
    fake.injectFaults({ kind: 'garbage' });
    await expect(createIdnowProvider(config, http).createSession(session)).rejects.toBeInstanceOf(VendorProtocolError);
  });
});
