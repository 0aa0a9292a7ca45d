import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PersonalInfoInput } from '../../../shared/api/personal-info.ts';
import { Provider } from '../../../shared/kyc.ts';
import { QUICK_KYC_ATTEMPTS_PER_DAY } from '../../../shared/quick-kyc.ts';
import type { App } from '../../app.ts';
import { configWith } from '../../config.ts';
import { startSumsubFake, type SumsubFake } from '../providers/sumsub/fake.ts';
import { NON_DOC_TEST_NUMBERS } from '../providers/sumsub/non-doc-fake.ts';
import { createInHouseProvider, createProvidersService } from '../providers/providers.service.ts';
import { createKycService } from './kyc.service.ts';
import { createKycTestApp, get, newUser, post, VALID_INFO, type TestUser } from './kyc.fixtures.ts';

/**
 * Quick KYC (§2 vendor route, §7 can-quick-kyc / do-quick-kyc, decision 019) over HTTP against the
 * Sumsub fake: the reply AND what is stored — application, review case, the provider's decision,
 * the steps, the audit trail — for eligible and ineligible users, a matching, a mismatching and an
 * unknown number, the vendor down, the daily limit and someone else's number.
 */
const SECRETS = { appToken: 'sbx:test-app-token', secretKey: 'test-secret-key', webhookSecret: 'test-webhook-secret-123' };
const CAN = '/v3/private/kyc/can-quick-kyc';
const DO = '/v3/private/kyc/do-quick-kyc';
const CHINWE: PersonalInfoInput = { ...VALID_INFO, firstName: 'Chinwe', lastName: 'Okafor', dateOfBirth: '1990-04-12', nationality: 'NG', residenceCountry: 'NG', city: 'Lagos', postalCode: '100001', addressLine2: '' };

let fake: SumsubFake;
let app: App;
let close: () => Promise<void>;
beforeAll(async () => {
  fake = await startSumsubFake({ ...SECRETS, autoReviewMs: null });
  const base = configWith({});
  const sumsub = { ...SECRETS, baseUrl: fake.origin, websdkUrl: `${fake.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' } };
  ({ app, close } = await createKycTestApp({ vendors: { ...base.vendors, timeoutMs: 1500, retries: 0, sumsub } }));
});
afterAll(async () => {
  await close();
  await fake.close();
});

let seq = 0;
async function nigerian(info: Partial<PersonalInfoInput> = {}): Promise<TestUser> {
  const u = await newUser(app, `quick-${(seq += 1)}@example.com`);
  expect((await post(app, '/v3/private/kyc/kyc-personal-info', { ...CHINWE, ...info }, u.cookie)).json().ret_code).toBe(0);
  return u;
}

const applicationsOf = (userId: string) => app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', userId).execute();
const casesOf = (userId: string) => app.db.selectFrom('review_cases').selectAll().where('user_id', '=', userId).execute();
const decisionsOf = (caseId: string) => app.db.selectFrom('review_decisions').selectAll().where('case_id', '=', caseId).execute();
const stepsOf = async (userId: string) =>
  Object.fromEntries((await app.db.selectFrom('step_states').select(['step', 'status']).where('machine', '=', 'kyc_level').where('subject_id', '=', userId).execute()).map((r) => [r.step, r.status]));
const auditActions = async (entityId: string) => (await app.db.selectFrom('audit_log').select(['action', 'actor_type', 'actor_id']).where('entity_id', '=', entityId).orderBy('at').orderBy('seq').execute());

describe('can-quick-kyc', () => {
  it('not signed in: 10007', async () => {
    expect((await get(app, CAN)).json().ret_code).toBe(10007);
  });

  it('without personal information: PERSONAL_INFO_MISSING; a British resident: COUNTRY_NOT_OFFERED; a Nigerian: eligible for BVN and NIN through Sumsub', async () => {
    const none = await newUser(app, 'quick-none@example.com');
    expect((await get(app, CAN, none.cookie)).json().result).toMatchObject({ eligible: false, reason: 'PERSONAL_INFO_MISSING', country: '', idTypes: [], status: 'ALLOW' });
    await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, none.cookie);
    expect((await get(app, CAN, none.cookie)).json().result).toMatchObject({ eligible: false, reason: 'COUNTRY_NOT_OFFERED', country: 'GB', provider: null, idTypes: [] });
    const ng = await nigerian();
    expect((await get(app, CAN, ng.cookie)).json().result).toEqual({
      eligible: true,
      reason: null,
      country: 'NG',
      provider: 'PROVIDER_SUMSUB',
      idTypes: ['BVN', 'NIN'],
      status: 'ALLOW',
      attemptsLeft: QUICK_KYC_ATTEMPTS_PER_DAY,
      retryAfterSeconds: 0,
    });
  });

  it("the country's provider not configured on this server: PROVIDER_NOT_CONFIGURED, and do-quick-kyc is refused (37002) without a call", async () => {
    const u = await nigerian();
    const providers = createProvidersService({ routes: [], providers: [createInHouseProvider({ outcomeOf: async () => ({ status: 'PENDING' }) })] });
    const s = app.services;
    const kyc = createKycService({ db: app.db, config: app.config, documents: s.documents, accounts: s.accounts, review: s.review, providers, log: app.log, otp: { require: async () => { throw new Error('no codes here'); }, consume: async () => {} }, reverification: s.reverification });
    expect(await kyc.canQuickKyc(u.id)).toMatchObject({ eligible: false, reason: 'PROVIDER_NOT_CONFIGURED', provider: Provider.PROVIDER_SUMSUB, idTypes: [] });
    const calls = fake.calls.length;
    await expect(kyc.doQuickKyc(u.id, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch }, { type: 'user', id: u.id })).rejects.toMatchObject({ retCode: 37002 });
    expect(fake.calls.length).toBe(calls);
    expect(await applicationsOf(u.id)).toEqual([]);
  });
});

describe('do-quick-kyc', () => {
  it('a matching BVN: LEVEL_1 reached — application, case decided by the provider, steps and audit stored in one go', async () => {
    const u = await nigerian();
    const res = await post(app, DO, { idType: 'BVN', idNumber: '222 1234 5678' }, u.cookie);
    const reply = res.json();
    expect(reply.ret_code).toBe(0);
    expect(reply.result).toMatchObject({ outcome: 'APPROVED', status: 'SUCCESS', reasonCode: null, idType: 'BVN', maskedNumber: '•••••••5678', attemptsLeft: QUICK_KYC_ATTEMPTS_PER_DAY - 1 });

    const [application] = await applicationsOf(u.id);
    expect(application).toMatchObject({ id: reply.result.applicationId, level: 1, provider: 'PROVIDER_SUMSUB', country: 'NG', document_type: 'BANK_VERIFICATION_NUMBER', status: 'APPROVED', pending_key: null });
    const snapshot = JSON.parse(application!.submitted);
    expect(snapshot).toMatchObject({
      personalInfo: { firstName: 'Chinwe', lastName: 'Okafor', dateOfBirth: '1990-04-12', residenceCountry: 'NG' },
      document: { country: 'NG', type: 'BANK_VERIFICATION_NUMBER', number: NON_DOC_TEST_NUMBERS.bvnMatch },
      vendor: { provider: 'PROVIDER_SUMSUB' },
      nonDoc: { idType: 'BVN', registry: 'MATCH' },
    });
    const [kase] = await casesOf(u.id);
    expect(kase).toMatchObject({ subject_kind: 'KYC_APPLICATION', subject_id: application!.id, status: 'APPROVED', provider: 'PROVIDER_SUMSUB', country: 'NG', level: 1 });
    expect(await decisionsOf(kase!.id)).toEqual([expect.objectContaining({ actor_type: 'provider', actor_id: 'PROVIDER_SUMSUB', outcome: 'APPROVE', mode: null, reason_code: null })]);
    expect(await stepsOf(u.id)).toEqual({ 1: 'SUCCESS', 2: 'ALLOW' });
    expect(await auditActions(application!.id)).toEqual([
      { action: 'kyc.application.submit', actor_type: 'user', actor_id: u.id },
      { action: 'kyc.application.approve', actor_type: 'provider', actor_id: 'PROVIDER_SUMSUB' },
      { action: 'kyc.quick.check', actor_type: 'user', actor_id: u.id },
    ]);
    expect((await auditActions(kase!.id)).map((a) => a.action)).toEqual(['review.case.open', 'review.case.decide']);
    // The number never appears unmasked in the audit trail.
    const audit = await app.db.selectFrom('audit_log').select('after').where('entity_id', '=', application!.id).execute();
    expect(JSON.stringify(audit)).not.toContain(NON_DOC_TEST_NUMBERS.bvnMatch);

    // The profile's level and kyc-info agree; the quick path is closed now.
    expect((await get(app, '/v2/private/user/profile', u.cookie)).json().result.level).toBe(1);
    expect((await get(app, CAN, u.cookie)).json().result).toMatchObject({ eligible: false, reason: 'LEVEL_NOT_OPEN', status: 'SUCCESS' });
    expect((await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch }, u.cookie)).json().ret_code).toBe(10012);
    expect(await applicationsOf(u.id)).toHaveLength(1);
  });

  it('a NIN, typed with spaces, is an ID card for the application', async () => {
    const u = await nigerian();
    const reply = (await post(app, DO, { idType: 'NIN', idNumber: ' 700 1234 5678 ' }, u.cookie)).json();
    expect(reply.result).toMatchObject({ outcome: 'APPROVED', status: 'SUCCESS' });
    expect((await applicationsOf(u.id))[0]).toMatchObject({ document_type: 'ID_CARD', status: 'APPROVED' });
  });

  it("someone else's number (another person's BVN): NOT_MATCHED, a RETRY rejection for DATA_MISMATCH — the document path stays open", async () => {
    const u = await nigerian();
    const reply = (await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnOtherPerson }, u.cookie)).json();
    expect(reply.result).toMatchObject({ outcome: 'NOT_MATCHED', status: 'FAILED_AND_CAN_RETRY', reasonCode: 'DATA_MISMATCH' });
    const [application] = await applicationsOf(u.id);
    expect(application).toMatchObject({ status: 'REJECTED', reason_codes: JSON.stringify(['DATA_MISMATCH']) });
    const [kase] = await casesOf(u.id);
    const [decision] = await decisionsOf(kase!.id);
    expect(decision).toMatchObject({ actor_type: 'provider', actor_id: 'PROVIDER_SUMSUB', outcome: 'REJECT', mode: 'RETRY', reason_code: 'DATA_MISMATCH', user_message: '' });
    expect(decision!.internal_note).toMatch(/does not match the name or date of birth/);
    expect(await stepsOf(u.id)).toMatchObject({ 1: 'FAILED_AND_CAN_RETRY' });
    expect((await auditActions(application!.id)).map((a) => a.action)).toEqual(['kyc.application.submit', 'kyc.application.reject', 'kyc.quick.check']);
    // The user reads the reason on the overview, and may verify with a document instead.
    const info = (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result;
    expect(info.errorNotify).toEqual([expect.objectContaining({ level: 1, status: 'FAILED_AND_CAN_RETRY', reasonCode: 'DATA_MISMATCH' })]);
    expect((await post(app, '/v3/private/kyc/can-verify', { level: 1 }, u.cookie)).json().result).toMatchObject({ canVerify: true });
  });

  it('data from the body is ignored: the registry compares the caller’s own saved personal information', async () => {
    const mallory = await nigerian({ firstName: 'Mallory', lastName: 'Adeyemi', dateOfBirth: '1991-01-01' });
    const reply = (await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch, firstName: 'Chinwe', lastName: 'Okafor', dateOfBirth: '1990-04-12' }, mallory.cookie)).json();
    expect(reply.result).toMatchObject({ outcome: 'NOT_MATCHED', status: 'FAILED_AND_CAN_RETRY' });
    expect(await stepsOf(mallory.id)).toMatchObject({ 1: 'FAILED_AND_CAN_RETRY' });
  });

  it('an unknown number: NOT_FOUND, also a RETRY rejection for DATA_MISMATCH', async () => {
    const u = await nigerian();
    const reply = (await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnUnknown }, u.cookie)).json();
    expect(reply.result).toMatchObject({ outcome: 'NOT_FOUND', status: 'FAILED_AND_CAN_RETRY', reasonCode: 'DATA_MISMATCH' });
    const [kase] = await casesOf(u.id);
    expect((await decisionsOf(kase!.id))[0]!.internal_note).toMatch(/not found in the registry/);
  });

  it('vendor down (no answer) or the registry down: the translated 35006, nothing written', async () => {
    const u = await nigerian();
    const auditBefore = (await app.db.selectFrom('audit_log').select('id').execute()).length;
    fake.injectFaults({ kind: 'hang' });
    const hang = (await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch }, u.cookie)).json();
    expect(hang).toMatchObject({ ret_code: 35006, result: { provider: 'PROVIDER_SUMSUB' } });
    const down = (await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnRegistryDown }, u.cookie)).json();
    expect(down.ret_code).toBe(35006);
    expect(await applicationsOf(u.id)).toEqual([]);
    expect(await casesOf(u.id)).toEqual([]);
    expect(await stepsOf(u.id)).not.toMatchObject({ 1: 'PENDING' });
    expect((await app.db.selectFrom('audit_log').select('id').execute()).length).toBe(auditBefore);
    // Each attempt that was made counts (it may have cost a lookup).
    expect((await get(app, CAN, u.cookie)).json().result).toMatchObject({ eligible: true, attemptsLeft: QUICK_KYC_ATTEMPTS_PER_DAY - 2 });
  });

  it(`the daily limit: after ${QUICK_KYC_ATTEMPTS_PER_DAY} checks the next is refused (37001, when to retry) without asking the vendor`, async () => {
    const u = await nigerian();
    for (let i = 0; i < QUICK_KYC_ATTEMPTS_PER_DAY; i += 1) {
      expect((await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnUnknown }, u.cookie)).json().result).toMatchObject({ outcome: 'NOT_FOUND', attemptsLeft: QUICK_KYC_ATTEMPTS_PER_DAY - 1 - i });
    }
    const calls = fake.calls.length;
    const refused = (await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch }, u.cookie)).json();
    expect(refused.ret_code).toBe(37001);
    expect(refused.result.retryAfterSeconds).toBeGreaterThan(23 * 3600);
    expect(fake.calls.length).toBe(calls);
    expect(await applicationsOf(u.id)).toHaveLength(QUICK_KYC_ATTEMPTS_PER_DAY);
    expect((await get(app, CAN, u.cookie)).json().result).toMatchObject({ eligible: false, reason: 'ATTEMPTS_EXHAUSTED', attemptsLeft: 0 });
    // The document path is not limited by it.
    expect((await post(app, '/v3/private/kyc/can-verify', { level: 1 }, u.cookie)).json().result.canVerify).toBe(true);
  });

  it('the format is checked per type with translated field errors, before any attempt is counted or the vendor asked', async () => {
    const u = await nigerian();
    const calls = fake.calls.length;
    const field = async (body: object) => (await post(app, DO, body, u.cookie)).json();
    expect(await field({ idType: 'BVN', idNumber: '1234' })).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'idNumber', code: 'quick-kyc.wrong_length', params: { digits: 11 } }] } });
    expect((await field({ idType: 'BVN', idNumber: '2221234567X' })).result.fields).toEqual([{ path: 'idNumber', code: 'quick-kyc.digits_only' }]);
    expect((await field({ idType: 'ZA_ID', idNumber: '9001015009087' })).result.fields).toEqual([{ path: 'idNumber', code: 'quick-kyc.check_digit' }]);
    expect((await field({ idType: 'CPF', idNumber: '111.111.111-11' })).result.fields).toEqual([{ path: 'idNumber', code: 'quick-kyc.check_digit' }]);
    expect((await field({ idType: 'PASSPORT', idNumber: '12345678901' })).result.fields).toEqual([{ path: 'idType', code: 'type' }]);
    expect((await field({ idType: 'BVN', idNumber: '' })).result.fields).toEqual([expect.objectContaining({ path: 'idNumber', code: 'required' })]);
    // A valid South African number, but this user lives in Nigeria.
    expect((await field({ idType: 'ZA_ID', idNumber: NON_DOC_TEST_NUMBERS.zaIdMatch })).result.fields).toEqual([{ path: 'idType', code: 'quick-kyc.id_type_not_offered' }]);
    expect(fake.calls.length).toBe(calls);
    expect((await get(app, CAN, u.cookie)).json().result.attemptsLeft).toBe(QUICK_KYC_ATTEMPTS_PER_DAY);
  });

  it('a British resident is refused (37002); a user without personal information 35001; nothing written', async () => {
    const gb = await newUser(app, 'quick-gb@example.com');
    expect((await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch }, gb.cookie)).json().ret_code).toBe(35001);
    await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, gb.cookie);
    expect((await post(app, DO, { idType: 'BVN', idNumber: NON_DOC_TEST_NUMBERS.bvnMatch }, gb.cookie)).json()).toMatchObject({ ret_code: 37002, result: { reason: 'COUNTRY_NOT_OFFERED' } });
    expect(await applicationsOf(gb.id)).toEqual([]);
  });
});
