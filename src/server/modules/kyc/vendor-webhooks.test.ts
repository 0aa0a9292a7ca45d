import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Provider, StepStatus } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { hmacHex } from '../providers/signatures.ts';
import { startSumsubFake, type SumsubFake } from '../providers/sumsub/fake.ts';
import { createKycTestApp, newUser, post, VALID_INFO, type TestUser } from './kyc.fixtures.ts';

/**
 * A user routed to Sumsub, against the local Sumsub fake over real HTTP: vendor-token starts a
 * session, the fake's signed webhooks move the level (pending, then the review), each accepted
 * result is a review decision with actor `provider`; replays, stale events, bad signatures and
 * unknown applicants change nothing.
 */
const SECRETS = { appToken: 'sbx:test-app-token', secretKey: 'test-secret-key', webhookSecret: 'test-webhook-secret-0123' };
let app: App;
let close: () => Promise<void>;
let sumsub: SumsubFake;

beforeAll(async () => {
  sumsub = await startSumsubFake(SECRETS);
  const base = configWith({});
  ({ app, close } = await createKycTestApp({
    providerRoutes: [{ provider: Provider.PROVIDER_SUMSUB, countries: ['GB'] }, { provider: Provider.PROVIDER_DEFAULT }],
    vendors: {
      ...base.vendors,
      retries: 1,
      // Long enough for a loaded machine's local fake, short enough for the hang test.
      timeoutMs: 2000,
      sumsub: { ...SECRETS, baseUrl: sumsub.origin, websdkUrl: `${sumsub.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' } },
    },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  sumsub.setWebhookUrl(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/x-api/v1/webhooks/sumsub`);
});
afterAll(async () => {
  await close();
  await sumsub.close();
});

async function gbUser(email: string): Promise<TestUser> {
  const user = await newUser(app, email);
  expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, user.cookie)).json().ret_code).toBe(0);
  return user;
}

/** The level's status as the user's steps say (a level never written has its initial status). */
const stepOf = async (userId: string, level: 1 | 2) => (await app.services.kyc.canVerify(userId, level)).status;

const decisionsOf = (userId: string) =>
  app.db
    .selectFrom('review_decisions')
    .innerJoin('review_cases', 'review_cases.id', 'review_decisions.case_id')
    .select(['review_decisions.actor_type', 'review_decisions.actor_id', 'review_decisions.outcome', 'review_decisions.mode', 'review_decisions.reason_code', 'review_decisions.user_message', 'review_decisions.internal_note', 'review_cases.provider', 'review_cases.status'])
    .where('review_cases.user_id', '=', userId)
    .execute();

/** The user submits in the stand-in SDK: what the page posts to the fake. */
async function submitInSdk(token: string): Promise<void> {
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'front.png');
  form.append('selfie', new Blob([new Uint8Array([4, 5, 6])], { type: 'image/png' }), 'selfie.png');
  const res = await fetch(`${sumsub.origin}/websdk/p/${encodeURIComponent(token)}/submit`, { method: 'POST', body: form });
  expect(res.status).toBe(200);
}

/** Sumsub's sandbox review, signed like every API call. */
async function review(applicantId: string, result: object): Promise<void> {
  const path = `/resources/applicants/${applicantId}/status/testCompleted`;
  const body = JSON.stringify(result);
  const ts = Math.floor(Date.now() / 1000).toString();
  const res = await fetch(`${sumsub.origin}${path}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-app-token': SECRETS.appToken, 'x-app-access-ts': ts, 'x-app-access-sig': hmacHex('sha256', SECRETS.secretKey, ts + 'POST' + path + body) },
  });
  expect(res.status).toBe(200);
}

describe('vendor-token', () => {
  it('starts a Sumsub session for a GB resident: the SDK script, a token, the applicant; stored once per applicant and level', async () => {
    const user = await gbUser('vendor-token@example.com');
    const first = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    expect(first.ret_code).toBe(0);
    expect(first.result).toMatchObject({ level: 1, provider: Provider.PROVIDER_SUMSUB, mode: 'SCRIPT', sdkUrl: `${sumsub.origin}/idensic/static/sns-websdk-builder.js`, apiUrl: sumsub.origin, url: '' });
    expect(first.result.token).toMatch(/^_act-sbx-jwt-/);
    const applicant = sumsub.applicantOf(user.id)!;
    expect(first.result.externalId).toBe(applicant.id);
    const again = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    expect(again.result.externalId).toBe(applicant.id);
    const sessions = await app.db.selectFrom('vendor_sessions').selectAll().where('user_id', '=', user.id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({ provider: Provider.PROVIDER_SUMSUB, external_id: applicant.id, level: 1, application_id: null });
    const audit = await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', sessions[0]!.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['kyc.vendor.session.start']);
  });

  it('a user routed in-house is told so (35005); without personal information 35001; nothing stored', async () => {
    const de = await newUser(app, 'vendor-token-de@example.com');
    expect((await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, de.cookie)).json().ret_code).toBe(RetCode.KYC_PERSONAL_INFO_REQUIRED);
    await post(app, '/v3/private/kyc/kyc-personal-info', { ...VALID_INFO, residenceCountry: 'DE', postalCode: '10115' }, de.cookie);
    expect((await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, de.cookie)).json().ret_code).toBe(RetCode.KYC_PROVIDER_MISMATCH);
    expect(await app.db.selectFrom('vendor_sessions').selectAll().where('user_id', '=', de.id).execute()).toHaveLength(0);
  });

  it('Sumsub down (no answer, then 503s): the translated 35006 after the retries, nothing stored', async () => {
    const user = await gbUser('vendor-down@example.com');
    sumsub.injectFaults({ kind: 'hang' }, { kind: 'status', status: 503 });
    const res = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    expect(res.ret_code).toBe(RetCode.KYC_PROVIDER_UNAVAILABLE);
    expect(await app.db.selectFrom('vendor_sessions').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0);
    expect(await stepOf(user.id, 1)).toBe(StepStatus.ALLOW);
  });

  it('Sumsub answers garbage: 35006, nothing stored', async () => {
    const user = await gbUser('vendor-garbage@example.com');
    sumsub.injectFaults({ kind: 'garbage' });
    expect((await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json().ret_code).toBe(RetCode.KYC_PROVIDER_UNAVAILABLE);
    expect(await app.db.selectFrom('vendor_sessions').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0);
  });
});

describe('Sumsub webhooks', () => {
  it('submitted in the SDK: PENDING with a case for PROVIDER_SUMSUB; GREEN: LEVEL_1 by a provider decision, level 2 unlocked', async () => {
    const user = await gbUser('vendor-green@example.com');
    const { result } = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    await submitInSdk(result.token);
    expect(sumsub.webhooks.at(-1)).toMatchObject({ type: 'applicantPending', status: 200 });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.PENDING);
    const app1 = await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect(app1).toMatchObject({ provider: Provider.PROVIDER_SUMSUB, status: 'PENDING', document_type: 'UNDEFINED', country: 'GB' });
    expect(JSON.parse(app1.submitted).vendor).toEqual({ provider: Provider.PROVIDER_SUMSUB, externalId: result.externalId });

    await review(result.externalId, { reviewAnswer: 'GREEN' });
    expect(sumsub.webhooks.at(-1)).toMatchObject({ type: 'applicantReviewed', status: 200 });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.SUCCESS);
    expect(await stepOf(user.id, 2)).toBe(StepStatus.ALLOW);
    expect(await decisionsOf(user.id)).toEqual([
      expect.objectContaining({ actor_type: 'provider', actor_id: Provider.PROVIDER_SUMSUB, outcome: 'APPROVE', provider: Provider.PROVIDER_SUMSUB, status: 'APPROVED' }),
    ]);
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_current: true }, user.cookie)).json().result;
    expect(info.applicant.level).toBe(1);
  });

  it('RED RETRY: FAILED_AND_CAN_RETRY with every reason mapped (kyc-info shows each) and the moderation comment, the client comment only for reviewers', async () => {
    const user = await gbUser('vendor-retry@example.com');
    const { result } = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    await submitInSdk(result.token);
    await review(result.externalId, { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SELFIE_MISMATCH'], moderationComment: 'Please retake the photo.', clientComment: 'internal only' });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.FAILED_AND_CAN_RETRY);
    const [decision] = await decisionsOf(user.id);
    expect(decision).toMatchObject({ outcome: 'REJECT', mode: 'RETRY', reason_code: 'DOCUMENT_UNREADABLE', user_message: 'Please retake the photo.' });
    expect(decision!.internal_note).toContain('UNSATISFACTORY_PHOTOS, SELFIE_MISMATCH');
    expect(decision!.internal_note).toContain('internal only');
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, user.cookie)).json().result;
    expect(info.errorNotify.map((n: { reasonCode: string }) => n.reasonCode)).toEqual(['DOCUMENT_UNREADABLE', 'SELFIE_MISMATCH']);
    expect(JSON.stringify(info)).not.toContain('internal only');
    // The user keeps Sumsub for the retry, and a new submission makes a new application.
    expect((await post(app, '/v3/private/kyc/traffic-diversion', { level: 1 }, user.cookie)).json().result).toMatchObject({ provider: Provider.PROVIDER_SUMSUB, reason: 'OPEN_APPLICATION' });
    const again = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json().result;
    await submitInSdk(again.token);
    expect(await stepOf(user.id, 1)).toBe(StepStatus.PENDING);
    expect(await app.db.selectFrom('kyc_applications').select('status').where('user_id', '=', user.id).orderBy('submitted_at').execute()).toEqual([{ status: 'REJECTED' }, { status: 'PENDING' }]);
  });

  it('RED FINAL: FAILED_AND_CAN_NOT_RETRY (fraud)', async () => {
    const user = await gbUser('vendor-final@example.com');
    const { result } = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    await submitInSdk(result.token);
    await review(result.externalId, { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.FAILED_AND_CAN_NOT_RETRY);
    expect(await decisionsOf(user.id)).toEqual([expect.objectContaining({ mode: 'FINAL', reason_code: 'SUSPECTED_FRAUD' })]);
  });

  it('the same delivery twice makes one decision; an older event after a newer one changes nothing', async () => {
    const user = await gbUser('vendor-replay@example.com');
    const { result } = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    await submitInSdk(result.token);
    const pendingBody = sumsub.webhooks.at(-1)!.body;
    await review(result.externalId, { reviewAnswer: 'GREEN' });
    const reviewed = sumsub.webhooks.at(-1)!.body;
    // Replay the review: acknowledged, nothing new.
    expect(await sumsub.send(JSON.parse(reviewed) as Record<string, unknown>)).toBe(200);
    expect(await decisionsOf(user.id)).toHaveLength(1);
    // A pending event from before the review, delivered late (a new delivery, an older time): stale.
    const late = { ...(JSON.parse(pendingBody) as Record<string, unknown>), correlationId: 'late-delivery' };
    expect(await sumsub.send(late)).toBe(200);
    expect(await stepOf(user.id, 1)).toBe(StepStatus.SUCCESS);
    // (applicantCreated arrives before our session is stored: acknowledged as an unknown applicant.)
    const events = await app.db.selectFrom('vendor_webhook_events').select(['type', 'result']).where('external_id', '=', result.externalId).where('type', '!=', 'applicantCreated').orderBy('received_at').execute();
    expect(events.map((e) => `${e.type}:${e.result}`)).toEqual(['applicantPending:applied', 'applicantReviewed:applied', 'applicantPending:stale']);
  });

  it('a bad or missing signature gets 401 and writes nothing', async () => {
    const user = await gbUser('vendor-forged@example.com');
    const { result } = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    const forged = { ...sumsub.payload(result.externalId, 'applicantReviewed'), reviewResult: { reviewAnswer: 'GREEN' } };
    expect(await sumsub.send(forged, { secret: 'not-the-secret-at-all' })).toBe(401);
    expect(await sumsub.send(forged, { secret: null })).toBe(401);
    expect(await stepOf(user.id, 1)).toBe(StepStatus.ALLOW);
    expect(await app.db.selectFrom('vendor_webhook_events').selectAll().where('external_id', '=', result.externalId).where('type', '!=', 'applicantCreated').execute()).toHaveLength(0);
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', user.id).execute()).toHaveLength(0);
  });

  it('an event for an applicant we do not know is acknowledged and recorded, nothing else', async () => {
    const before = await app.db.selectFrom('kyc_applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    expect(await sumsub.send({ ...sumsub.payload('0123456789abcdef01234567', 'applicantReviewed'), reviewResult: { reviewAnswer: 'GREEN' } })).toBe(200);
    const row = await app.db.selectFrom('vendor_webhook_events').selectAll().where('external_id', '=', '0123456789abcdef01234567').executeTakeFirstOrThrow();
    expect(row.result).toBe('unknown_applicant');
    expect(await app.db.selectFrom('kyc_applications').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).toEqual(before);
  });

  it('a signed body that is not a Sumsub event is refused with 400', async () => {
    expect(await sumsub.send({ hello: 'world' })).toBe(400);
    const raw = 'not json';
    const res = await app.inject({ method: 'POST', url: '/x-api/v1/webhooks/sumsub', headers: { 'content-type': 'application/json', 'x-payload-digest': hmacHex('sha256', SECRETS.webhookSecret, raw) }, payload: raw });
    expect(res.statusCode).toBe(400);
  });

  it('a vendor that is not configured here has no webhook (not found)', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/v1/webhooks/onfido', headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(res.json().ret_code).toBe(RetCode.NOT_FOUND);
  });
});

describe('routing agrees everywhere', () => {
  it('traffic-diversion, get-kyc-provider, get-verification-sdk-info and kyc-info name the same provider', async () => {
    const user = await gbUser('vendor-agree@example.com');
    const td = (await post(app, '/v3/private/kyc/traffic-diversion', { level: 1 }, user.cookie)).json().result;
    expect(td).toMatchObject({ provider: Provider.PROVIDER_SUMSUB, reason: 'RULE', split: [] });
    expect((await post(app, '/v3/private/kyc/get-kyc-provider', { level: 1 }, user.cookie)).json().result.provider).toBe(Provider.PROVIDER_SUMSUB);
    const sdk = (await post(app, '/v3/private/kyc/get-verification-sdk-info', { level: 1 }, user.cookie)).json().result;
    expect(sdk).toMatchObject({ provider: Provider.PROVIDER_SUMSUB, mode: 'SCRIPT', origins: [sumsub.origin] });
    expect((await post(app, '/v3/private/kyc/kyc-info', {}, user.cookie)).json().result.provider).toBe(Provider.PROVIDER_SUMSUB);
  });

  it('the page CSP allows the configured vendor and nothing else', async () => {
    const res = await app.inject({ method: 'GET', url: '/user/accounts/auth/personal' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`script-src 'self' ${sumsub.origin}`);
    expect(csp).toContain(`frame-src 'self' ${sumsub.origin}`);
  });
});
