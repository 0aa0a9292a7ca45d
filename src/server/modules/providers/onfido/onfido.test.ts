import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Provider } from '../../../../shared/kyc.ts';
import type { OnfidoConfig } from '../../../vendor-config.ts';
import { VendorProtocolError, VendorUnavailableError, WebhookRejected } from '../errors.ts';
import { startFakeServer, type RunningFake } from '../fake-kit/fake-server.ts';
import type { IncomingWebhook, VerificationProvider } from '../port.ts';
import { bodyDigest, hmacHex } from '../signatures.ts';
import { ONFIDO_API_PREFIX, ONFIDO_SDK_PATH, startOnfidoFake, type OnfidoFake } from './fake.ts';
import { createOnfidoProvider } from './onfido.provider.ts';

/**
 * The Onfido adapter against its local fake over real HTTP: the fake checks the API token as
 * Onfido does and signs its webhooks like Onfido; a receiver here keeps each delivery's exact
 * headers and bytes, which go to parseWebhook as the webhook route would pass them.
 */

const WEBHOOK_TOKEN = 'test-onfido-webhook-token';
const WORKFLOWS = { 1: '6a3a1f2e-0000-4000-8000-000000000001', 2: '6a3a1f2e-0000-4000-8000-000000000002' };
const HTTP = { timeoutMs: 300, retries: 1, backoffMs: 10 };

let fake: OnfidoFake;
let receiver: RunningFake;
let deliveries: IncomingWebhook[];
let config: OnfidoConfig;
let onfido: VerificationProvider;

beforeAll(async () => {
  fake = await startOnfidoFake({ apiToken: 'test-onfido-api-token', webhookToken: WEBHOOK_TOKEN, workflowIds: WORKFLOWS });
  receiver = await startFakeServer([
    {
      method: 'POST',
      pattern: '/hook',
      handler: (request) => {
        deliveries.push({ headers: request.headers, query: Object.fromEntries(request.query), rawBody: request.body });
        return { status: 200, body: { ok: true } };
      },
    },
  ]);
  fake.setWebhookUrl(`${receiver.origin}/hook`);
  config = { apiToken: 'test-onfido-api-token', baseUrl: `${fake.origin}${ONFIDO_API_PREFIX}`, sdkUrl: `${fake.origin}${ONFIDO_SDK_PATH}`, workflowIds: WORKFLOWS, webhookSecret: WEBHOOK_TOKEN };
  onfido = createOnfidoProvider(config, HTTP);
});
afterAll(async () => {
  await fake.close();
  await receiver.close();
});
beforeEach(() => {
  deliveries = [];
});

const request = (userId: string, level: 1 | 2 = 1) => ({ userId, level, returnUrl: 'http://localhost/back', callbackUrl: 'http://localhost/x-api/v1/webhooks/onfido', language: 'fr-FR' });
const lastDelivery = () => deliveries.at(-1)!;
const callsSince = (n: number) => fake.calls.slice(n).map((c) => `${c.method} ${c.path.split('?')[0]} ${c.status}`);

describe('Onfido sessions', () => {
  it('creates a placeholder applicant and a workflow run of the level; the browser gets the SDK script, the run token and the run id', async () => {
    const before = fake.calls.length;
    const session = await onfido.createSession(request('user-fr-1', 2));
    const run = fake.runOf('user-fr-1')!;
    expect(session).toEqual({
      provider: Provider.PROVIDER_ONFIDO,
      level: 2,
      flowName: 'Level2_web',
      apiUrl: config.baseUrl,
      externalId: run.id,
      launch: { mode: 'SCRIPT', sdkUrl: config.sdkUrl, token: run.sdk_token },
      expiresAt: null,
    });
    expect(run).toMatchObject({ workflow_id: WORKFLOWS[2], customer_user_id: 'user-fr-1', status: 'awaiting_input', tags: ['level-2'] });
    expect(callsSince(before)).toEqual([`POST ${ONFIDO_API_PREFIX}/applicants 201`, `POST ${ONFIDO_API_PREFIX}/workflow_runs 201`]);
  });

  it('serves a stand-in SDK with Onfido.init and the capture page only for the run token', async () => {
    const session = await onfido.createSession(request('user-fr-2'));
    const script = await (await fetch(config.sdkUrl)).text();
    expect(script).toContain('window.Onfido={init:init}');
    const page = (token: string) => fetch(`${fake.origin}/sdk/workflow_runs/${session.externalId}?token=${encodeURIComponent(token)}`);
    const good = await page(session.launch.mode === 'SCRIPT' ? session.launch.token : '');
    expect(good.status).toBe(200);
    expect(await good.text()).toContain('Onfido (local stand-in)');
    expect((await page('not-the-token')).status).toBe(401);
  });

  it('a wrong API token gets Onfido\'s 401, which is a protocol error; nothing is created', async () => {
    const wrong = createOnfidoProvider({ ...config, apiToken: 'wrong' }, HTTP);
    const error = await wrong.createSession(request('user-wrong')).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorProtocolError);
    expect((error as VendorProtocolError).status).toBe(401);
    expect(fake.runOf('user-wrong')).toBeUndefined();
  });
});

describe('Onfido webhooks: authenticity', () => {
  it('a delivery signed with the webhook token is accepted; its identity is the digest of its bytes', async () => {
    const session = await onfido.createSession(request('user-sig'));
    await fake.complete(session.externalId!, 'approved');
    const event = await onfido.parseWebhook(lastDelivery());
    expect(event).toMatchObject({ provider: Provider.PROVIDER_ONFIDO, type: 'workflow_run.completed', externalId: session.externalId, outcome: { status: 'APPROVED' } });
    expect(event.eventId).toBe(bodyDigest(lastDelivery().rawBody));
    // The same delivery again has the same identity (the kyc module processes it once).
    expect((await onfido.parseWebhook(lastDelivery())).eventId).toBe(event.eventId);
  });

  it.each([
    ['unsigned', null],
    ['signed with another secret', 'not-the-webhook-token'],
  ])('%s: 401, nothing parsed', async (_what, secret) => {
    await fake.send(fake.runCompletedPayload('00000000-0000-4000-8000-000000000000'), { secret });
    await expect(onfido.parseWebhook(lastDelivery())).rejects.toMatchObject({ name: 'WebhookRejected', status: 401 });
  });

  it('a body changed after signing: 401', async () => {
    const session = await onfido.createSession(request('user-tamper'));
    await fake.complete(session.externalId!, 'declined', { reasons: ['document_image_quality'] });
    const original = lastDelivery();
    const tampered = Buffer.from(original.rawBody.toString('utf8').replace('"declined"', '"approved"'));
    await expect(onfido.parseWebhook({ ...original, rawBody: tampered })).rejects.toBeInstanceOf(WebhookRejected);
  });

  it('correctly signed but not JSON or not Onfido\'s shape: 400', async () => {
    const sign = (body: string) => ({ headers: { 'x-sha2-signature': hmacHex('sha256', WEBHOOK_TOKEN, body) }, query: {}, rawBody: Buffer.from(body) });
    await expect(onfido.parseWebhook(sign('{not json'))).rejects.toMatchObject({ status: 400 });
    await expect(onfido.parseWebhook(sign('{"payload":{"action":"workflow_run.completed"}}'))).rejects.toMatchObject({ status: 400 });
    await expect(onfido.parseWebhook(sign('{"payload":{"resource_type":"workflow_run","action":"workflow_run.completed","object":{"id":"x","status":"approved"}}}'))).rejects.toMatchObject({ status: 400 });
  });
});

describe('Onfido results mapped to ours', () => {
  async function endedRun(userId: string, status: Parameters<OnfidoFake['complete']>[1], details?: Parameters<OnfidoFake['complete']>[2]) {
    const session = await onfido.createSession(request(userId));
    const before = fake.calls.length;
    await fake.complete(session.externalId!, status, details);
    const event = await onfido.parseWebhook(lastDelivery());
    return { session, event, fetched: callsSince(before) };
  }

  it('approved: approved, from the webhook alone', async () => {
    const { event, fetched } = await endedRun('user-ok', 'approved');
    expect(event.outcome).toEqual({ status: 'APPROVED' });
    expect(fetched).toEqual([]);
  });

  it('declined for image quality: rejected with a retry, the reasons mapped, Onfido\'s reasons for reviewers only', async () => {
    const { session, event, fetched } = await endedRun('user-blurry', 'declined', { reasons: ['document_image_quality', 'document_data_validation_expiry_date'] });
    expect(fetched).toEqual([`GET ${ONFIDO_API_PREFIX}/workflow_runs/${session.externalId} 200`]);
    expect(event.level).toBe(1);
    expect(event.outcome).toMatchObject({ status: 'REJECTED', mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', reasonCodes: ['DOCUMENT_UNREADABLE', 'DOCUMENT_EXPIRED'], userMessage: '' });
    expect(event.outcome?.status === 'REJECTED' && event.outcome.internalNote).toContain('document_image_quality, document_data_validation_expiry_date');
  });

  it.each([
    [['document_visual_authenticity_fraud'], 'SUSPECTED_FRAUD'],
    [['known_faces_duplicate'], 'DUPLICATE_ACCOUNT'],
    [['document_age_validation'], 'UNDERAGE'],
    [['watchlist_sanctions_hit'], 'RESTRICTED_JURISDICTION'],
  ])('declined for %j: closed for good (%s)', async (reasons, code) => {
    const { event } = await endedRun(`user-final-${code}`, 'declined', { reasons });
    expect(event.outcome).toMatchObject({ status: 'REJECTED', mode: 'FINAL', reasonCode: code });
  });

  it('declined with a face mismatch: retry; with no or unknown reasons: OTHER, retry', async () => {
    expect((await endedRun('user-face', 'declined', { reasons: ['facial_similarity_face_comparison'] })).event.outcome).toMatchObject({ mode: 'RETRY', reasonCodes: ['SELFIE_MISMATCH'] });
    expect((await endedRun('user-none', 'declined')).event.outcome).toMatchObject({ mode: 'RETRY', reasonCodes: ['OTHER'] });
    expect((await endedRun('user-odd', 'declined', { reasons: ['custom_branch_7'] })).event.outcome).toMatchObject({ mode: 'RETRY', reasonCodes: ['OTHER'] });
  });

  it('error: the user may try again; the error is in the reviewers\' note', async () => {
    const { event } = await endedRun('user-error', 'error', { error: { type: 'task_error', message: 'document report timed out' } });
    expect(event.outcome).toMatchObject({ status: 'REJECTED', mode: 'RETRY', reasonCode: 'OTHER', userMessage: '' });
    expect(event.outcome?.status === 'REJECTED' && event.outcome.internalNote).toContain('task_error: document report timed out');
  });

  it('review: pending (a human decides); abandoned: nothing changes', async () => {
    expect((await endedRun('user-review', 'review')).event.outcome).toEqual({ status: 'PENDING' });
    const abandoned = await endedRun('user-gone', 'abandoned');
    expect(abandoned.event.outcome).toBeNull();
    expect(abandoned.event.externalId).toBe(abandoned.session.externalId);
  });

  it('the capture task finishing: the run is processing, so the submission is pending', async () => {
    const session = await onfido.createSession(request('user-submits', 2));
    await fake.submit(session.externalId!);
    const event = await onfido.parseWebhook(lastDelivery());
    expect(event).toMatchObject({ type: 'workflow_task.completed', externalId: session.externalId, level: 2, outcome: { status: 'PENDING' } });
  });

  it('webhooks are ordered by Onfido\'s completion time', async () => {
    const session = await onfido.createSession(request('user-clock'));
    await fake.complete(session.externalId!, 'approved');
    const completed = JSON.parse(lastDelivery().rawBody.toString('utf8')) as { payload: { object: { completed_at_iso8601: string } } };
    expect((await onfido.parseWebhook(lastDelivery())).occurredAt).toBe(Date.parse(completed.payload.object.completed_at_iso8601));
  });

  it('fetchResult reads the run: each status mapped, awaiting input counts as pending', async () => {
    const session = await onfido.createSession(request('user-fetch'));
    expect(await onfido.fetchResult({ userId: 'user-fetch', level: 1, externalId: session.externalId })).toEqual({ status: 'PENDING' });
    await fake.complete(session.externalId!, 'declined', { reasons: ['document_visual_authenticity_fraud'] });
    expect(await onfido.fetchResult({ userId: 'user-fetch', level: 1, externalId: session.externalId })).toMatchObject({ status: 'REJECTED', mode: 'FINAL' });
  });
});

describe('Onfido unreachable or unreadable', () => {
  it('a hanging API: VendorUnavailableError within the time limit and retries', async () => {
    fake.injectFaults({ kind: 'hang' }, { kind: 'hang' });
    const started = Date.now();
    await expect(onfido.createSession(request('user-hang'))).rejects.toBeInstanceOf(VendorUnavailableError);
    expect(Date.now() - started).toBeLessThan(2 * HTTP.timeoutMs + 500);
    expect(fake.runOf('user-hang')).toBeUndefined();
  });

  it('503 then success: retried, the session starts', async () => {
    const before = fake.calls.length;
    fake.injectFaults({ kind: 'status', status: 503 });
    const session = await onfido.createSession(request('user-503'));
    expect(session.externalId).toBe(fake.runOf('user-503')!.id);
    expect(callsSince(before)).toEqual([`POST ${ONFIDO_API_PREFIX}/applicants 503`, `POST ${ONFIDO_API_PREFIX}/applicants 201`, `POST ${ONFIDO_API_PREFIX}/workflow_runs 201`]);
  });

  it('a garbage reply: VendorProtocolError', async () => {
    fake.injectFaults({ kind: 'garbage' });
    await expect(onfido.createSession(request('user-garbage'))).rejects.toBeInstanceOf(VendorProtocolError);
  });

  it('a webhook whose run cannot be read is not acknowledged (the vendor delivers it again)', async () => {
    const session = await onfido.createSession(request('user-later'));
    await fake.complete(session.externalId!, 'declined', { reasons: ['document_image_quality'] });
    fake.injectFaults({ kind: 'status', status: 503 }, { kind: 'status', status: 503 });
    const error = await onfido.parseWebhook(lastDelivery()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VendorUnavailableError);
    expect(error).not.toBeInstanceOf(WebhookRejected);
  });
});

it('origins: the SDK host for script, frame and connections, the API host for connections', () => {
  expect(onfido.origins()).toEqual({ script: [fake.origin], frame: [fake.origin], connect: [fake.origin], img: [fake.origin] });
  const real = createOnfidoProvider({ ...config, baseUrl: 'https://api.eu.onfido.com/v3.6', sdkUrl: 'https://sdk.onfido.com/v14' }, HTTP);
  expect(real.origins()).toEqual({ script: ['https://sdk.onfido.com'], frame: ['https://sdk.onfido.com'], connect: ['https://api.eu.onfido.com', 'https://sdk.onfido.com'], img: ['https://sdk.onfido.com'] });
});
