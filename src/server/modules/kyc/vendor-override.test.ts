import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Provider, StepStatus } from '../../../shared/kyc.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { hmacHex } from '../providers/signatures.ts';
import { startSumsubFake, type SumsubFake } from '../providers/sumsub/fake.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, VALID_INFO, type TestUser } from './kyc.fixtures.ts';

/**
 * Decision 022 against the local Sumsub fake over real HTTP: after a senior reviewer overrode
 * Sumsub's decision, a later result Sumsub sends for the same applicant is recorded as `overridden`
 * and changes nothing; the user's retry at Sumsub (a new submission) is a new application that
 * Sumsub decides as usual.
 */
const SECRETS = { appToken: 'sbx:override-app-token', secretKey: 'override-secret-key', webhookSecret: 'override-webhook-secret-01' };
let app: App;
let close: () => Promise<void>;
let sumsub: SumsubFake;
let senior: TestUser;

beforeAll(async () => {
  sumsub = await startSumsubFake(SECRETS);
  const base = configWith({});
  ({ app, close } = await createKycTestApp({
    providerRoutes: [{ provider: Provider.PROVIDER_SUMSUB, countries: ['GB'] }, { provider: Provider.PROVIDER_DEFAULT }],
    vendors: { ...base.vendors, sumsub: { ...SECRETS, baseUrl: sumsub.origin, websdkUrl: `${sumsub.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' } } },
  }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  sumsub.setWebhookUrl(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/x-api/v1/webhooks/sumsub`);
  senior = await newReviewer(app, 'vo-senior@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, { type: 'system', id: null });
});
afterAll(async () => {
  await close();
  await sumsub.close();
});

const stepOf = async (userId: string, level: 1 | 2) => (await app.services.kyc.canVerify(userId, level)).status;

async function submitInSdk(token: string): Promise<void> {
  const form = new FormData();
  form.append('document', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'front.png');
  form.append('selfie', new Blob([new Uint8Array([4, 5, 6])], { type: 'image/png' }), 'selfie.png');
  expect((await fetch(`${sumsub.origin}/websdk/p/${encodeURIComponent(token)}/submit`, { method: 'POST', body: form })).status).toBe(200);
}

/** Sumsub's sandbox review of the applicant (its webhook follows). */
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

describe('a vendor result after an override', () => {
  it('is recorded as overridden and changes nothing; the user\'s retry at the vendor is decided by it as usual', async () => {
    const user = await newUser(app, 'vo-user@example.com');
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, user.cookie)).json().ret_code).toBe(0);
    const { result } = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    await submitInSdk(result.token);
    await review(result.externalId, { reviewAnswer: 'GREEN' });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.SUCCESS);
    const firstApp = await app.db.selectFrom('kyc_applications').select('id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
    const caseId = await caseOf(app, firstApp.id);

    const overridden = (
      await post(app, `/v1/console/cases/${caseId}/override`, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'SELFIE_MISMATCH', userMessage: 'Please take the selfie again.', internalNote: 'Selfie is a photo of a screen.' }, senior.cookie)
    ).json();
    expect(overridden).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: StepStatus.FAILED_AND_CAN_RETRY } });

    // Sumsub reviews the same applicant again (GREEN): acknowledged, recorded, not applied.
    await review(result.externalId, { reviewAnswer: 'GREEN' });
    expect(sumsub.webhooks.at(-1)).toMatchObject({ type: 'applicantReviewed', status: 200 });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.FAILED_AND_CAN_RETRY);
    const events = await app.db.selectFrom('vendor_webhook_events').select(['type', 'result']).where('external_id', '=', result.externalId).where('type', '=', 'applicantReviewed').orderBy('received_at').execute();
    expect(events.map((e) => e.result)).toEqual(['applied', 'overridden']);
    expect(await app.db.selectFrom('kyc_applications').select('status').where('user_id', '=', user.id).execute()).toEqual([{ status: 'REJECTED' }]);
    expect(await app.db.selectFrom('review_decisions').select(['actor_type', 'current_key']).where('case_id', '=', caseId).orderBy('created_at').execute()).toEqual([
      { actor_type: 'provider', current_key: null },
      { actor_type: 'reviewer', current_key: caseId },
    ]);

    // The user retries at Sumsub: a new submission, a new application, Sumsub's decision applies.
    const again = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json().result;
    expect(again.provider).toBe(Provider.PROVIDER_SUMSUB);
    await submitInSdk(again.token);
    expect(await stepOf(user.id, 1)).toBe(StepStatus.PENDING);
    await review(again.externalId, { reviewAnswer: 'GREEN' });
    expect(await stepOf(user.id, 1)).toBe(StepStatus.SUCCESS);
    expect(await app.db.selectFrom('kyc_applications').select('status').where('user_id', '=', user.id).orderBy('submitted_at').execute()).toEqual([{ status: 'REJECTED' }, { status: 'APPROVED' }]);
  });
});
