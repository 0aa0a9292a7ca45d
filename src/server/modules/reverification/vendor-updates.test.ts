import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Provider } from '../../../shared/kyc.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import type { FakeMailer } from '../../test/test-app.ts';
import { buildVendorReverificationScenario } from '../../demo/vendor-reverification-scenario.ts';
import { SUMSUB_DEMO_CREDENTIALS } from '../providers/providers.service.ts';
import { hmacHex } from '../providers/signatures.ts';
import { ONFIDO_API_PREFIX, ONFIDO_SDK_PATH, startOnfidoFake, type OnfidoFake } from '../providers/onfido/fake.ts';
import { startSumsubFake, type SumsubFake } from '../providers/sumsub/fake.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Re-verification for a user whom Sumsub verifies (decision 017, "Updates at a vendor"), against the
 * local Sumsub fake over real HTTP: update-vendor-token starts an update session (the applicant is
 * reset at Sumsub), the fake's signed "submitted" opens the update and its REVERIFICATION case, and
 * Sumsub's review decides that case with actor `provider`. The KYC level, the first verification's
 * application and its case never change; replays and a late result of the first verification
 * change nothing.
 */
// The fake's published demo App Token: the demo user's seeding talks to the fake with it.
const SECRETS = { ...SUMSUB_DEMO_CREDENTIALS, webhookSecret: 'rv-webhook-secret-0123' };
const K = '/v3/private/kyc';
let app: App;
let close: () => Promise<void>;
let mailer: FakeMailer;
let sumsub: SumsubFake;
let onfido: OnfidoFake;
const ONFIDO = { apiToken: 'rv-onfido-api-token', webhookToken: 'rv-onfido-webhook-token', workflowIds: { 1: 'rv-workflow-1', 2: 'rv-workflow-2' } };
let reviewer: TestUser;
let seq = 0;

beforeAll(async () => {
  sumsub = await startSumsubFake(SECRETS);
  onfido = await startOnfidoFake(ONFIDO);
  const base = configWith({});
  ({ app, close, mailer } = await createKycTestApp({
    providerRoutes: [{ provider: Provider.PROVIDER_SUMSUB, countries: ['GB'] }, { provider: Provider.PROVIDER_ONFIDO, countries: ['FR'] }, { provider: Provider.PROVIDER_DEFAULT }],
    vendors: {
      ...base.vendors,
      retries: 1,
      timeoutMs: 2000,
      sumsub: { ...SECRETS, baseUrl: sumsub.origin, websdkUrl: `${sumsub.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' } },
      onfido: { apiToken: ONFIDO.apiToken, baseUrl: `${onfido.origin}${ONFIDO_API_PREFIX}`, sdkUrl: `${onfido.origin}${ONFIDO_SDK_PATH}`, workflowIds: ONFIDO.workflowIds, webhookSecret: ONFIDO.webhookToken },
    },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  sumsub.setWebhookUrl(`${origin}/x-api/v1/webhooks/sumsub`);
  onfido.setWebhookUrl(`${origin}/x-api/v1/webhooks/onfido`);
  reviewer = await newReviewer(app, 'rvv-reviewer@example.com');
});
afterAll(async () => {
  await close();
  await sumsub.close();
  await onfido.close();
});

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The user submits in the stand-in SDK: what its page posts to the fake. */
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

/** A GB user (routed to Sumsub) verified at level 1 by Sumsub, then asked by a reviewer for a new identity document. */
async function askedForNewId(): Promise<{ user: TestUser; applicantId: string; firstApplicationId: string }> {
  const user = await newUser(app, `rvv-${++seq}@example.com`);
  expect((await post(app, `${K}/kyc-personal-info`, VALID_INFO, user.cookie)).json().ret_code).toBe(0);
  const first = (await post(app, `${K}/vendor-token`, { level: 1 }, user.cookie)).json().result;
  await submitInSdk(first.token);
  await review(first.externalId, { reviewAnswer: 'GREEN' });
  expect((await app.services.kyc.canVerify(user.id, 1)).status).toBe('SUCCESS');
  const firstApplication = await app.db.selectFrom('kyc_applications').select(['id']).where('user_id', '=', user.id).executeTakeFirstOrThrow();
  const asked = await post(app, '/v1/console/reverification-requests', { email: user.email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your passport expired.', deadline: inDays(14) }, reviewer.cookie);
  expect(asked.json().ret_code).toBe(0);
  return { user, applicantId: first.externalId, firstApplicationId: firstApplication.id };
}

const statusOf = async (userId: string) =>
  (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'reverification').where('subject_id', '=', userId).where('step', '=', 'POI').executeTakeFirst())?.status;
const submissionsOf = (userId: string) => app.db.selectFrom('reverification_submissions').selectAll().where('user_id', '=', userId).orderBy('submitted_at').execute();
const sessionsOf = (userId: string) => app.db.selectFrom('vendor_sessions').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const casesOf = (userId: string) => app.db.selectFrom('review_cases').select(['id', 'subject_kind', 'subject_id', 'status', 'provider']).where('user_id', '=', userId).orderBy('opened_at').execute();
const decisionOfCase = (caseId: string) =>
  app.db.selectFrom('review_decisions').select(['actor_type', 'actor_id', 'outcome', 'mode', 'reason_code', 'reason_codes', 'user_message', 'internal_note']).where('case_id', '=', caseId).execute();
/** What first verification left: its application and its case must never change. */
const firstVerification = async (userId: string, applicationId: string) => ({
  application: await app.db.selectFrom('kyc_applications').select(['id', 'status', 'decided_at', 'reason_codes']).where('id', '=', applicationId).executeTakeFirstOrThrow(),
  kycCases: (await casesOf(userId)).filter((c) => c.subject_kind === 'KYC_APPLICATION'),
  level: await app.services.kyc.levelOf(userId),
});

describe('an update at Sumsub', () => {
  it('starts an update session tied to the request, resets the applicant, and opens the update when the user submits', async () => {
    const { user, applicantId, firstApplicationId } = await askedForNewId();
    const before = await firstVerification(user.id, firstApplicationId);

    const page = (await get(app, `${K}/reverification`, user.cookie)).json().result;
    expect(page.items[0]).toMatchObject({ target: 'POI', provider: 'PROVIDER_SUMSUB', display: { status: 'DisplayUpdatePOIStatus_Needed' } });
    // The in-house capture's call still refuses a vendor's user.
    expect((await post(app, `${K}/update-poi`, { country: 'GB', documentType: 'PASSPORT', documentNumber: 'P7654321', expiryDate: inDays(3000), firstName: VALID_INFO.firstName, lastName: VALID_INFO.lastName, dateOfBirth: VALID_INFO.dateOfBirth }, user.cookie)).json().ret_code).toBe(RetCode.KYC_PROVIDER_MISMATCH);

    const res = await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { level: 1, provider: 'PROVIDER_SUMSUB', mode: 'SCRIPT', externalId: applicantId } });
    expect(res.json().result.token).toMatch(/^_act-sbx-jwt-/);
    expect(sumsub.applicantOf(user.id)).toMatchObject({ reviewStatus: 'init', resets: 1 });
    const request = await app.db.selectFrom('reverification_requests').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const sessions = await sessionsOf(user.id);
    expect(sessions.map((s) => [s.purpose, s.reverification_request_id, s.external_id])).toEqual([
      ['VERIFICATION', null, applicantId],
      ['REVERIFICATION', request.id, applicantId],
    ]);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'after']).where('entity_id', '=', sessions[1]!.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['kyc.vendor.session.start']);

    // A second token before submitting resumes the same session.
    expect((await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().ret_code).toBe(0);
    expect(await sessionsOf(user.id)).toHaveLength(2);
    expect(sumsub.applicantOf(user.id)?.resets).toBe(1);

    await submitInSdk(res.json().result.token);
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Pending');
    const [submission] = await submissionsOf(user.id);
    expect(submission).toMatchObject({ request_id: request.id, target: 'POI', provider: 'PROVIDER_SUMSUB', document_type: 'UNDEFINED', status: 'PENDING', country: 'GB' });
    expect((await sessionsOf(user.id))[1]!.reverification_submission_id).toBe(submission!.id);
    const rvCase = (await casesOf(user.id)).find((c) => c.subject_kind === 'REVERIFICATION');
    expect(rvCase).toMatchObject({ subject_id: submission!.id, status: 'PENDING', provider: 'PROVIDER_SUMSUB' });
    // Nothing of first verification moved: no new application, the level stays.
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);
    expect(await app.db.selectFrom('kyc_applications').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
    // The page says the update is under review; another token now is 1052.
    expect((await get(app, `${K}/reverification`, user.cookie)).json().result.items[0].display.status).toBe('DisplayUpdatePOIStatus_Pending');
    expect((await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().ret_code).toBe(1052);
  });

  it("Sumsub's approval decides the update's case as the provider: the request closes, _No, level kept, mailed; a replay changes nothing", async () => {
    const { user, applicantId, firstApplicationId } = await askedForNewId();
    const before = await firstVerification(user.id, firstApplicationId);
    const token = (await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().result.token;
    await submitInSdk(token);
    await review(applicantId, { reviewAnswer: 'GREEN' });

    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_No');
    const [submission] = await submissionsOf(user.id);
    expect(submission).toMatchObject({ status: 'APPROVED', pending_key: null });
    expect(await app.db.selectFrom('reverification_requests').select(['status', 'open_key']).where('user_id', '=', user.id).executeTakeFirstOrThrow()).toEqual({ status: 'CLOSED', open_key: null });
    const rvCase = (await casesOf(user.id)).find((c) => c.subject_kind === 'REVERIFICATION')!;
    expect(rvCase.status).toBe('APPROVED');
    expect(await decisionOfCase(rvCase.id)).toEqual([{ actor_type: 'provider', actor_id: 'PROVIDER_SUMSUB', outcome: 'APPROVE', mode: null, reason_code: null, reason_codes: null, user_message: '', internal_note: '' }]);
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);
    expect(mailer.to(user.email).at(-1)!.subject).toBe('Your new identity document is verified');
    // The same delivery again (Sumsub retries): recorded once, nothing else.
    const last = sumsub.webhooks.filter((w) => w.applicantId === applicantId && w.type === 'applicantReviewed').at(-1)!;
    const replay = await fetch(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/x-api/v1/webhooks/sumsub`, {
      method: 'POST',
      body: last.body,
      headers: { 'content-type': 'application/json', 'x-payload-digest': hmacHex('sha256', SECRETS.webhookSecret, last.body), 'x-payload-digest-alg': 'HMAC_SHA256_HEX' },
    });
    expect(replay.status).toBe(200);
    expect(await decisionOfCase(rvCase.id)).toHaveLength(1);
    // The console shows the update's case with the provider's decision.
    const view = (await get(app, `/v1/console/cases/${rvCase.id}`, reviewer.cookie)).json().result;
    expect(view).toMatchObject({ case: { kind: 'REVERIFICATION', status: 'APPROVED', provider: 'PROVIDER_SUMSUB' }, subject: { kind: 'REVERIFICATION', submission: { provider: 'PROVIDER_SUMSUB', status: 'APPROVED' } } });
    expect(view.decision).toMatchObject({ outcome: 'APPROVE', decider: { type: 'provider', id: 'PROVIDER_SUMSUB' } });
  });

  it("Sumsub's rejection: _Rejected with every reason mapped as for first verification and the user's message; a new attempt is a new session", async () => {
    const { user, applicantId, firstApplicationId } = await askedForNewId();
    const before = await firstVerification(user.id, firstApplicationId);
    const token = (await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().result.token;
    await submitInSdk(token);
    await review(applicantId, { reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS', 'SELFIE_MISMATCH'], moderationComment: 'Please retake the photo.', clientComment: 'INTERNAL' });

    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Rejected');
    const rvCase = (await casesOf(user.id)).find((c) => c.subject_kind === 'REVERIFICATION')!;
    const [decision] = await decisionOfCase(rvCase.id);
    expect(decision).toMatchObject({ actor_type: 'provider', outcome: 'REJECT', mode: 'RETRY', reason_code: 'DOCUMENT_UNREADABLE', user_message: 'Please retake the photo.' });
    expect(JSON.parse(decision!.reason_codes!)).toEqual(['DOCUMENT_UNREADABLE', 'SELFIE_MISMATCH']);
    expect(decision!.internal_note).toContain('INTERNAL');
    const item = (await get(app, `${K}/reverification`, user.cookie)).json().result.items[0];
    expect(item).toMatchObject({ display: { status: 'DisplayUpdatePOIStatus_Rejected', rejectReason: 'DOCUMENT_UNREADABLE' }, rejection: { reasonCodes: ['DOCUMENT_UNREADABLE', 'SELFIE_MISMATCH'], message: 'Please retake the photo.' } });
    expect(JSON.stringify(item)).not.toContain('INTERNAL');
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);
    // The request stays open; the next attempt is a new session (the applicant reset again).
    const again = (await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json();
    expect(again.ret_code).toBe(0);
    expect((await sessionsOf(user.id)).filter((s) => s.purpose === 'REVERIFICATION')).toHaveLength(2);
    expect(sumsub.applicantOf(user.id)?.resets).toBe(2);
    await submitInSdk(again.result.token);
    expect((await submissionsOf(user.id)).map((s) => s.status)).toEqual(['REJECTED', 'PENDING']);
  });

  it('a late result of the first verification does not decide the update, and an update event never reaches an application', async () => {
    const { user, applicantId, firstApplicationId } = await askedForNewId();
    const before = await firstVerification(user.id, firstApplicationId);
    await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie);
    // A RED review dated before the update session existed (a retried delivery about the first verification).
    const late = { ...sumsub.payload(applicantId, 'applicantReviewed', new Date(Date.now() - 10 * 60_000)), reviewStatus: 'completed', reviewResult: { reviewAnswer: 'RED', reviewRejectType: 'FINAL', rejectLabels: ['FORGERY'] } };
    expect(await sumsub.send(late)).toBe(200);
    const stored = await app.db.selectFrom('vendor_webhook_events').select(['type', 'result']).where('external_id', '=', applicantId).where('type', '=', 'applicantReviewed').execute();
    expect(stored.at(-1)).toEqual({ type: 'applicantReviewed', result: 'stale' });
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Needed');
    expect(await submissionsOf(user.id)).toHaveLength(0);
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);
  });

  it('a user the in-house provider serves is answered 35005 by update-vendor-token; an update not asked for is 1050', async () => {
    // Germany is routed to the in-house provider here: verified there, then asked for a new identity document.
    const de = await newUser(app, `rvv-de-${++seq}@example.com`);
    const applicationId = await submitLevel1(app, de, { ...VALID_INFO, residenceCountry: 'DE', nationality: 'DE', postalCode: '10115', city: 'Berlin' });
    await app.services.console.approve(await caseOf(app, applicationId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    expect((await post(app, `${K}/update-vendor-token`, { target: 'POI' }, de.cookie)).json().ret_code).toBe(1050);
    expect((await post(app, '/v1/console/reverification-requests', { email: de.email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: '', deadline: inDays(14) }, reviewer.cookie)).json().ret_code).toBe(0);
    expect((await post(app, `${K}/update-vendor-token`, { target: 'POI' }, de.cookie)).json()).toMatchObject({ ret_code: RetCode.KYC_PROVIDER_MISMATCH, result: { provider: 'PROVIDER_DEFAULT' } });
    expect(await sessionsOf(de.id)).toHaveLength(0);

    const { user } = await askedForNewId();
    expect((await post(app, `${K}/update-vendor-token`, { target: 'POA' }, user.cookie)).json().ret_code).toBe(1050);
    expect((await post(app, `${K}/update-vendor-token`, { target: 'NOPE' }, user.cookie)).json().ret_code).toBe(RetCode.PARAMS_ERROR);
    expect((await sessionsOf(user.id)).filter((s) => s.purpose === 'REVERIFICATION')).toHaveLength(0);
  });

  it('the demo user reverify-vendor@example.com is built through the services and the Sumsub fake: level 1 decided by the provider, then a new identity document asked for', async () => {
    const email = `rvv-demo-${++seq}@example.com`;
    const user = await newUser(app, email);
    await buildVendorReverificationScenario(app.services, user.id, email, reviewer.id, { sumsubWebhookSecret: SECRETS.webhookSecret });
    expect(await app.services.kyc.levelOf(user.id)).toBe(1);
    const [kycCase] = (await casesOf(user.id)).filter((c) => c.subject_kind === 'KYC_APPLICATION');
    expect(kycCase).toMatchObject({ status: 'APPROVED', provider: 'PROVIDER_SUMSUB' });
    expect(await decisionOfCase(kycCase!.id)).toMatchObject([{ actor_type: 'provider', actor_id: 'PROVIDER_SUMSUB', outcome: 'APPROVE' }]);
    expect(sumsub.applicantOf(user.id)).toMatchObject({ reviewStatus: 'completed', reviewResult: { reviewAnswer: 'GREEN' } });
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Needed');
    const page = (await get(app, `${K}/reverification`, user.cookie)).json().result;
    expect(page.items[0]).toMatchObject({ provider: 'PROVIDER_SUMSUB', request: { reason: 'DOCUMENT_EXPIRED' } });
  });
});

describe("a senior reviewer overrides Sumsub's decision on an update (decision 022)", () => {
  let senior: TestUser;
  beforeAll(async () => {
    senior = await newReviewer(app, 'rvv-senior@example.com');
    await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, { type: 'system', id: null });
  });
  const override = (caseId: string, body: object) => post(app, `/v1/console/cases/${caseId}/override`, body, senior.cookie);
  const requestOf = (userId: string) => app.db.selectFrom('reverification_requests').select(['status', 'open_key', 'closed_at']).where('user_id', '=', userId).executeTakeFirstOrThrow();
  const overrideAudit = (submissionId: string) => app.db.selectFrom('audit_log').select(['action', 'after']).where('entity_type', '=', 'reverification_submission').where('entity_id', '=', submissionId).where('action', '=', 'reverification.submission.override').execute();

  async function decidedAtSumsub(answer: object) {
    const { user, applicantId, firstApplicationId } = await askedForNewId();
    const token = (await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().result.token;
    await submitInSdk(token);
    await review(applicantId, answer);
    const rvCase = (await casesOf(user.id)).find((c) => c.subject_kind === 'REVERIFICATION')!;
    return { user, applicantId, firstApplicationId, rvCase, submission: (await submissionsOf(user.id))[0]! };
  }

  it('an approval overridden: the update is rejected, the request open again, _Rejected with the reviewer\'s reason; the first verification untouched', async () => {
    const { user, firstApplicationId, rvCase, submission } = await decidedAtSumsub({ reviewAnswer: 'GREEN' });
    const before = await firstVerification(user.id, firstApplicationId);
    expect(await requestOf(user.id)).toMatchObject({ status: 'CLOSED', open_key: null });

    const res = (await override(rvCase.id, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'The photo of the page is cut off.', internalNote: 'Sumsub missed the cropped MRZ.' })).json();
    expect(res).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'DisplayUpdatePOIStatus_Rejected' } });
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Rejected');
    expect((await submissionsOf(user.id)).map((s) => s.status)).toEqual(['REJECTED']);
    expect(await requestOf(user.id)).toEqual({ status: 'OPEN', open_key: `${user.id}:POI`, closed_at: null });
    expect(await decisionOfCase(rvCase.id)).toEqual([
      expect.objectContaining({ actor_type: 'provider', outcome: 'APPROVE' }),
      expect.objectContaining({ actor_type: 'reviewer', actor_id: senior.id, outcome: 'REJECT', reason_code: 'DOCUMENT_UNREADABLE', user_message: 'The photo of the page is cut off.' }),
    ]);
    expect(await overrideAudit(submission.id)).toEqual([{ action: 'reverification.submission.override', after: expect.stringContaining('"displayStatus":"DisplayUpdatePOIStatus_Rejected"') }]);
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);
    // The user sees why and may send another update.
    const item = (await get(app, `${K}/reverification`, user.cookie)).json().result.items[0];
    expect(item).toMatchObject({ display: { status: 'DisplayUpdatePOIStatus_Rejected', rejectReason: 'DOCUMENT_UNREADABLE' }, rejection: { message: 'The photo of the page is cut off.' } });
    expect((await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().ret_code).toBe(0);
  });

  it('a rejection overridden: the update is approved, the request closed, _No', async () => {
    const { user, rvCase, submission } = await decidedAtSumsub({ reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS'], moderationComment: 'Blurred.' });
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Rejected');
    const res = (await override(rvCase.id, { outcome: 'APPROVE', internalNote: 'Readable at full size; Sumsub judged the thumbnail.' })).json();
    expect(res).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: 'DisplayUpdatePOIStatus_No' } });
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_No');
    expect((await submissionsOf(user.id)).map((s) => s.status)).toEqual(['APPROVED']);
    expect(await requestOf(user.id)).toMatchObject({ status: 'CLOSED', open_key: null });
    expect(await overrideAudit(submission.id)).toHaveLength(1);
  });

  it('refused once the user moved on (a newer update was sent): 36012, nothing changes', async () => {
    const { user, rvCase } = await decidedAtSumsub({ reviewAnswer: 'RED', reviewRejectType: 'RETRY', rejectLabels: ['UNSATISFACTORY_PHOTOS'] });
    await submitInSdk((await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().result.token);
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Pending');
    const res = (await override(rvCase.id, { outcome: 'APPROVE', internalNote: 'Readable after all.' })).json();
    expect(res.ret_code).toBe(RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON);
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Pending');
    expect((await submissionsOf(user.id)).map((s) => s.status)).toEqual(['REJECTED', 'PENDING']);
    expect(await decisionOfCase(rvCase.id)).toHaveLength(1);
  });
});

describe('an update at Onfido (a new workflow run per session)', () => {
  /** A French resident verified at level 1 by Onfido, then asked for a new identity document. */
  async function onfidoUser() {
    const user = await newUser(app, `rvv-fr-${++seq}@example.com`);
    expect((await post(app, `${K}/kyc-personal-info`, { ...VALID_INFO, nationality: 'FR', residenceCountry: 'FR', postalCode: '75002', city: 'Paris' }, user.cookie)).json().ret_code).toBe(0);
    const first = (await post(app, `${K}/vendor-token`, { level: 1 }, user.cookie)).json().result;
    await onfido.submit(first.externalId);
    await onfido.complete(first.externalId, 'approved');
    expect(await app.services.kyc.levelOf(user.id)).toBe(1);
    const application = await app.db.selectFrom('kyc_applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    expect((await post(app, '/v1/console/reverification-requests', { email: user.email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: '', deadline: inDays(14) }, reviewer.cookie)).json().ret_code).toBe(0);
    return { user, firstRun: first.externalId as string, firstApplicationId: application.id };
  }

  it('a declined run rejects the update with the mapped reason; an approved run closes the request; the first run\'s late events touch nothing', async () => {
    const { user, firstRun, firstApplicationId } = await onfidoUser();
    const before = await firstVerification(user.id, firstApplicationId);
    const token = (await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json();
    expect(token).toMatchObject({ ret_code: 0, result: { provider: 'PROVIDER_ONFIDO', mode: 'SCRIPT' } });
    const run = token.result.externalId as string;
    expect(run).not.toBe(firstRun);
    expect(onfido.runOf(user.id)?.id).toBe(run);

    expect(await onfido.submit(run)).toBe(200);
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Pending');
    await onfido.complete(run, 'declined', { reasons: ['document_image_quality'] });
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Rejected');
    const rvCase = (await casesOf(user.id)).find((c) => c.subject_kind === 'REVERIFICATION')!;
    expect(await decisionOfCase(rvCase.id)).toMatchObject([{ actor_type: 'provider', actor_id: 'PROVIDER_ONFIDO', outcome: 'REJECT', reason_code: 'DOCUMENT_UNREADABLE' }]);

    // The first verification's run is heard of again (a retried, later-dated delivery): it stays with
    // the first verification, which is decided — nothing changes, the update neither.
    expect(await onfido.send(onfido.runCompletedPayload(firstRun, new Date(Date.now() + 1000)))).toBe(200);
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_Rejected');
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);

    // A new attempt is a new run; Onfido approves it: the request closes, the level stays.
    const again = (await post(app, `${K}/update-vendor-token`, { target: 'POI' }, user.cookie)).json().result.externalId as string;
    expect(again).not.toBe(run);
    await onfido.submit(again);
    await onfido.complete(again, 'approved');
    expect(await statusOf(user.id)).toBe('DisplayUpdatePOIStatus_No');
    expect((await submissionsOf(user.id)).map((s) => [s.status, s.provider])).toEqual([
      ['REJECTED', 'PROVIDER_ONFIDO'],
      ['APPROVED', 'PROVIDER_ONFIDO'],
    ]);
    expect((await sessionsOf(user.id)).map((s) => [s.purpose, s.external_id])).toEqual([
      ['VERIFICATION', firstRun],
      ['REVERIFICATION', run],
      ['REVERIFICATION', again],
    ]);
    expect(await firstVerification(user.id, firstApplicationId)).toEqual(before);
  });
});
