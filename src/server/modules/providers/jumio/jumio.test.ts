import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Provider } from '../../../../shared/kyc.ts';
import type { JumioConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, VendorUnavailableError, WebhookRejected } from '../errors.ts';
import { startFakeServer, type RunningFake } from '../fake-kit/fake-server.ts';
import type { IncomingWebhook, VerificationProvider } from '../port.ts';
import { bodyDigest } from '../signatures.ts';
import { startJumioFake, type CapabilityResults, type JumioFake } from './fake.ts';
import { createJumioProvider, jumioExternalId, JUMIO_USER_AGENT } from './jumio.provider.ts';

/**
 * The Jumio adapter against its local fake over real HTTP: OAuth2 client credentials checked by
 * the fake, accounts and the hosted page, and Jumio's unsigned callbacks, which a receiver here
 * keeps with their exact query and bytes for parseWebhook (as the webhook route passes them).
 */

const SECRET = 'test-jumio-callback-secret';
const KEYS = { 1: '10011', 2: '10015' };
const HTTP = { timeoutMs: 300, retries: 1, backoffMs: 10 };

let fake: JumioFake;
let receiver: RunningFake;
let deliveries: IncomingWebhook[];
let config: JumioConfig;
let jumio: VerificationProvider;

beforeAll(async () => {
  fake = await startJumioFake({ clientId: 'test-client', clientSecret: 'test-client-secret', workflowKeys: KEYS });
  receiver = await startFakeServer([
    {
      method: 'POST',
      pattern: '/x-api/v1/webhooks/jumio',
      handler: (request) => {
        deliveries.push({ headers: request.headers, query: Object.fromEntries(request.query), rawBody: request.body });
        return { status: 200, body: { ok: true } };
      },
    },
  ]);
  config = { clientId: 'test-client', clientSecret: 'test-client-secret', authUrl: fake.origin, accountUrl: fake.origin, retrievalUrl: fake.origin, workflowKeys: KEYS, webhookSecret: SECRET };
  jumio = createJumioProvider(config, HTTP);
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(() => {
  deliveries = [];
});

const request = (userId: string, level: 1 | 2 = 1) => ({
  userId,
  level,
  returnUrl: 'http://localhost:8080/user/accounts/auth/kyc?level=1&vendor=done',
  callbackUrl: `${receiver.origin}/x-api/v1/webhooks/jumio`,
  language: 'en-US',
});
const lastDelivery = () => deliveries.at(-1)!;
const callsSince = (n: number) => fake.calls.slice(n).map((c) => `${c.method} ${c.path.split('?')[0]} ${c.status}`);

async function started(userId: string, level: 1 | 2 = 1) {
  const session = await jumio.createSession(request(userId, level));
  const execution = fake.executionOf(userId)!;
  return { session, execution };
}

describe('Jumio sessions', () => {
  it('creates an account with a workflow execution of the level; the browser is sent to the hosted page', async () => {
    const { session, execution } = await started('user-us-1', 2);
    expect(session).toMatchObject({ provider: Provider.PROVIDER_JUMIO, level: 2, flowName: 'Level2_web', externalId: jumioExternalId(execution.accountId, execution.id) });
    expect(session.launch.mode).toBe('REDIRECT');
    expect(session.launch.mode === 'REDIRECT' && session.launch.url).toBe(`${fake.origin}/web/v4/app?authorizationToken=${execution.webToken}&locale=en`);
    expect(Date.parse(session.expiresAt!) - Date.now()).toBeGreaterThan(29 * 60_000);
    // Our user id as the references (no personal data); the callback URL carries our secret.
    expect(execution.definitionKey).toBe('10015');
    expect(execution.account).toMatchObject({ customerInternalReference: 'user-us-1', userReference: 'user-us-1', successUrl: request('x').returnUrl, errorUrl: request('x').returnUrl });
    expect(new URL(execution.account.callbackUrl!).searchParams.get('token')).toBe(SECRET);
  });

  it('the hosted page finishes by sending the browser back with Jumio\'s parameters', async () => {
    const { session, execution } = await started('user-us-page');
    const html = await (await fetch(session.launch.mode === 'REDIRECT' ? session.launch.url : '')).text();
    expect(html).toContain('Jumio (local stand-in)');
    const back = /"kind":"redirect","url":"([^"]+)"/.exec(html)![1]!;
    const url = new URL(back);
    expect(url.searchParams.get('vendor')).toBe('done');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ accountId: execution.accountId, workflowExecutionId: execution.id, acquisitionStatus: 'SUCCESS', customerInternalReference: 'user-us-page' });
    expect((await fetch(`${fake.origin}/web/v4/app?authorizationToken=forged`)).status).toBe(401);
  });

  it('one access token serves many calls; a revoked one is replaced once', async () => {
    const issued = fake.tokensIssued();
    await started('user-token-a');
    await started('user-token-b');
    expect(fake.tokensIssued() - issued).toBeLessThanOrEqual(1);
    fake.revokeTokens();
    const before = fake.calls.length;
    await started('user-token-c');
    expect(callsSince(before)).toEqual(['POST /api/v1/accounts 401', 'POST /oauth2/token 200', 'POST /api/v1/accounts 200']);
  });

  it('wrong client credentials get Jumio\'s 401, a protocol error; no account is created', async () => {
    const wrong = createJumioProvider({ ...config, clientSecret: 'wrong' }, HTTP);
    const error = await wrong.createSession(request('user-wrong')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorProtocolError);
    expect((error as VendorProtocolError).status).toBe(401);
    expect(fake.executionOf('user-wrong')).toBeUndefined();
  });

  it('every API call names us in the User-Agent (the fake refuses Node\'s default)', async () => {
    const token = (await (await fetch(`${fake.origin}/oauth2/token`, { method: 'POST', headers: { authorization: `Basic ${Buffer.from('test-client:test-client-secret').toString('base64')}`, 'content-type': 'application/x-www-form-urlencoded' }, body: 'grant_type=client_credentials' })).json()) as { access_token: string };
    const anonymous = await fetch(`${fake.origin}/api/v1/accounts`, { method: 'POST', headers: { authorization: `Bearer ${token.access_token}`, 'content-type': 'application/json' }, body: '{}' });
    expect(anonymous.status).toBe(400);
    expect(JUMIO_USER_AGENT).toMatch(/^UserAccounts/);
  });
});

describe('Jumio callbacks: authenticity', () => {
  it('a callback with our token is accepted only after Jumio\'s record is read; its identity is the digest of its bytes', async () => {
    const { session, execution } = await started('user-cb');
    const before = fake.calls.length;
    await fake.process(execution.id, 'PASSED');
    const event = await jumio.parseWebhook(lastDelivery());
    expect(callsSince(before)).toEqual([`GET /api/v1/accounts/${execution.accountId}/workflow-executions/${execution.id} 200`]);
    expect(event).toMatchObject({ provider: Provider.PROVIDER_JUMIO, type: 'workflowExecution.PROCESSED', externalId: session.externalId, level: 1, outcome: { status: 'APPROVED' } });
    expect(event.eventId).toBe(bodyDigest(lastDelivery().rawBody));
    expect(event.occurredAt).toBe(Date.parse((JSON.parse(lastDelivery().rawBody.toString('utf8')) as { callbackSentAt: string }).callbackSentAt));
  });

  it.each([
    ['no token', undefined],
    ['a wrong token', 'guessed-secret-of-same-len'],
  ])('%s: 401 before anything is read from Jumio', async (_what, token) => {
    const { execution } = await started(`user-forged-${token ?? 'none'}`);
    await fake.process(execution.id, 'PASSED');
    const forged = { ...lastDelivery(), query: token === undefined ? {} : { token } };
    const before = fake.calls.length;
    await expect(jumio.parseWebhook(forged)).rejects.toMatchObject({ name: 'WebhookRejected', status: 401 });
    expect(fake.calls.length).toBe(before);
  });

  it('a callback\'s claims are not believed: a body saying PROCESSED for an execution still initiated changes nothing', async () => {
    const { execution } = await started('user-liar');
    const url = `${request('x').callbackUrl}?token=${SECRET}`;
    await fake.send(url, { ...fake.callbackBody(execution.id), workflowExecution: { id: execution.id, status: 'PROCESSED' } });
    const event = await jumio.parseWebhook(lastDelivery());
    expect(event.outcome).toBeNull();
    expect(event.type).toBe('workflowExecution.INITIATED');
  });

  it('a callback naming an execution Jumio does not know: 400', async () => {
    const url = `${request('x').callbackUrl}?token=${SECRET}`;
    await fake.send(url, { callbackSentAt: new Date().toISOString(), workflowExecution: { id: 'no-such-execution', status: 'PROCESSED' }, account: { id: 'no-such-account' } });
    await expect(jumio.parseWebhook(lastDelivery())).rejects.toMatchObject({ status: 400 });
  });

  it('with our token but not JSON or not Jumio\'s shape: 400', async () => {
    const withToken = (body: string) => ({ headers: {}, query: { token: SECRET }, rawBody: Buffer.from(body) });
    await expect(jumio.parseWebhook(withToken('{nope'))).rejects.toMatchObject({ status: 400 });
    await expect(jumio.parseWebhook(withToken('{"workflowExecution":{"id":"a"}}'))).rejects.toMatchObject({ status: 400 });
    await expect(jumio.parseWebhook(withToken('{"callbackSentAt":"yesterday","workflowExecution":{"id":"a"},"account":{"id":"b"}}'))).rejects.toMatchObject({ status: 400 });
  });
});

describe('Jumio results mapped to ours', () => {
  async function processed(userId: string, decision: Parameters<JumioFake['process']>[1], capabilities?: CapabilityResults) {
    const { execution } = await started(userId);
    await fake.process(execution.id, decision, capabilities);
    return (await jumio.parseWebhook(lastDelivery())).outcome;
  }

  it('PASSED: approved', async () => {
    expect(await processed('user-passed', 'PASSED')).toEqual({ status: 'APPROVED' });
  });

  it('REJECTED for a blurred picture: retry, the reason mapped, the labels and risk score for reviewers only', async () => {
    const outcome = await processed('user-blurred', 'REJECTED', { usability: ['REJECTED', 'BLURRED'] });
    expect(outcome).toMatchObject({ status: 'REJECTED', mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: ['DOCUMENT_UNREADABLE'], userMessage: '' });
    expect(outcome?.status === 'REJECTED' && outcome.internalNote).toMatch(/REJECTED \(risk score 90\); labels: usability\.BLURRED/);
  });

  it.each<[CapabilityResults, string, 'RETRY' | 'FINAL']>([
    [{ imageChecks: ['REJECTED', 'MANIPULATED_DOCUMENT_EXPIRY'] }, 'SUSPECTED_FRAUD', 'FINAL'],
    [{ similarity: ['REJECTED', 'NO_MATCH'] }, 'SELFIE_MISMATCH', 'RETRY'],
    [{ liveness: ['REJECTED', 'PHOTOCOPY'] }, 'SUSPECTED_FRAUD', 'FINAL'],
    [{ usability: ['REJECTED', 'PHOTOCOPY'] }, 'DOCUMENT_NOT_ACCEPTED', 'RETRY'],
    [{ dataChecks: ['REJECTED', 'MISMATCHING_DATAPOINTS'] }, 'DATA_MISMATCH', 'RETRY'],
    [{ usability: ['REJECTED', 'SOMETHING_NEW'] }, 'OTHER', 'RETRY'],
  ])('REJECTED with %j: %s, %s', async (capabilities, code, mode) => {
    expect(await processed(`user-${code}-${Object.keys(capabilities)[0]}`, 'REJECTED', capabilities)).toMatchObject({ status: 'REJECTED', mode, reasonCode: code });
  });

  it('WARNING: pending for our reviewers; NOT_EXECUTED: the user may try again', async () => {
    expect(await processed('user-warning', 'WARNING', { imageChecks: ['WARNING', 'REPEATED_FACE'] })).toEqual({ status: 'PENDING' });
    expect(await processed('user-not-executed', 'NOT_EXECUTED', { usability: ['NOT_EXECUTED', 'NOT_UPLOADED'] })).toMatchObject({ status: 'REJECTED', mode: 'RETRY', reasonCode: 'OTHER' });
  });

  it.each(['SESSION_EXPIRED', 'TOKEN_EXPIRED'] as const)('%s: nothing changes (nothing was submitted)', async (status) => {
    const { session, execution } = await started(`user-${status}`);
    await fake.expire(execution.id, status);
    const event = await jumio.parseWebhook(lastDelivery());
    expect(event).toMatchObject({ type: `workflowExecution.${status}`, externalId: session.externalId, outcome: null });
  });

  it('fetchResult reads the execution: initiated and acquired are pending, then the decision', async () => {
    const { session, execution } = await started('user-fetch');
    const ask = () => jumio.fetchResult({ userId: 'user-fetch', level: 1, externalId: session.externalId });
    expect(await ask()).toEqual({ status: 'PENDING' });
    fake.acquire(execution.id);
    expect(await ask()).toEqual({ status: 'PENDING' });
    await fake.process(execution.id, 'REJECTED', { imageChecks: ['REJECTED', 'FAKE'] });
    expect(await ask()).toMatchObject({ status: 'REJECTED', mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD' });
    await expect(jumio.fetchResult({ userId: 'u', level: 1, externalId: 'not-an-id' })).rejects.toBeInstanceOf(VendorProtocolError);
  });
});

describe('Jumio unreachable or unreadable', () => {
  it('a hanging API: VendorUnavailableError within the time limit and retries', async () => {
    await started('user-warm'); // a token in hand: the hang hits the account call
    fake.injectFaults({ kind: 'hang' }, { kind: 'hang' });
    const begun = Date.now();
    await expect(jumio.createSession(request('user-hang'))).rejects.toBeInstanceOf(VendorUnavailableError);
    expect(Date.now() - begun).toBeLessThan(2 * HTTP.timeoutMs + 500);
    expect(fake.executionOf('user-hang')).toBeUndefined();
  });

  it('503 then success: retried, the session starts', async () => {
    await started('user-warm-2');
    const before = fake.calls.length;
    fake.injectFaults({ kind: 'status', status: 503 });
    const { session, execution } = await started('user-503');
    expect(session.externalId).toBe(jumioExternalId(execution.accountId, execution.id));
    expect(callsSince(before)).toEqual(['POST /api/v1/accounts 503', 'POST /api/v1/accounts 200']);
  });

  it('a garbage reply: VendorProtocolError', async () => {
    await started('user-warm-3');
    fake.injectFaults({ kind: 'garbage' });
    await expect(jumio.createSession(request('user-garbage'))).rejects.toBeInstanceOf(VendorProtocolError);
  });

  it('a callback whose execution cannot be read is not acknowledged (Jumio delivers it again)', async () => {
    const { execution } = await started('user-retrieval-down');
    await fake.process(execution.id, 'PASSED');
    fake.injectFaults({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const error = await jumio.parseWebhook(lastDelivery()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorUnavailableError);
    expect(error).not.toBeInstanceOf(WebhookRejected);
  });
});

it('origins: none (the browser navigates to Jumio and back)', () => {
  expect(jumio.origins()).toEqual({ script: [], frame: [], connect: [], img: [] });
});
