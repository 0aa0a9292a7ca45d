import type { FakeMailer } from '../../test/test-app.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentKind } from '../../../shared/kyc.ts';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { createKycTestApp,
  daysAgo,
  get,
  ID_CARD_KINDS,
  newReviewer,
  newUser,
  post,
  submitLevel1,
  uploadDrafts,
  VALID_INFO,
  type TestUser, caseOf, storedSteps } from './kyc.fixtures.ts';

let app: App;
let close: () => Promise<void>;
let mailer: FakeMailer;
let seq = 0;
beforeAll(async () => ({ app, close, mailer } = await createKycTestApp()));
afterAll(async () => close());

const fresh = () => newUser(app, `kyc-${++seq}@example.com`);
const kyc = (path: string) => `/v3/private/kyc/${path}`;
const ALL_FLAGS = { obtain_kyc_token: true, obtain_current: true, obtain_quotas: true, obtain_state: true, obtain_aml_questionnaire: true, obtain_verification_process: true };

const stepsOf = (userId: string) => storedSteps(app, userId);
const auditOf = (entityId: string) => app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', entityId).orderBy('at').orderBy('seq').execute();
const stateOf = async (u: TestUser) => (await post(app, kyc('kyc-info'), { obtain_state: true }, u.cookie)).json().result.state as { level: number; status: string }[];

describe('POST kyc-info', () => {
  it('answers a new user with real values: level 1 ALLOW, level 2 NOT_ALLOW, quotas with BTC, in-house provider', async () => {
    const u = await fresh();
    const res = await post(app, kyc('kyc-info'), ALL_FLAGS, u.cookie);
    expect(res.statusCode).toBe(200);
    const r = res.json().result;
    expect(res.json().ret_code).toBe(0);
    expect(r.state).toEqual([
      { level: 1, status: 'ALLOW', type: 'INDIVIDUAL' },
      { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
    ]);
    expect(r).toMatchObject({
      provider: 'PROVIDER_DEFAULT',
      flowNames: ['Level1_web', 'Level2_web'],
      opened: true,
      limitation: 'LIMITATION_DEFAULT',
      limitationInfo: { limitation: 'LIMITATION_DEFAULT', reasons: [], actions: [] },
      kycToken: '',
      apiUrl: '',
      errorNotify: [],
      additionalRejectReason: [],
      residenceCountry: '',
      applicant: { country: '', firstname: '', lastname: '', level: 0, identifies: [] },
      verificationProcess: { isVerificationProcess: false, tasks: [] },
      amlQuestionnaire: { needQuestionnaire: false, templateCode: '' },
      questionnaireStatus: 'QUESTIONNAIRE_STATUS_UNDEFINED',
      custody: 'CUSTODY_UNSPECIFIED',
      second_identity_state: null,
      kybQuota: null,
    });
    expect(r.quotas.map((q: { level: number }) => q.level)).toEqual([0, 1, 2]);
    for (const q of r.quotas) expect(q.coinLimit.find((c: { coin: string }) => c.coin === 'BTC').limit).toMatch(/^\d+(\.\d+)?$/);
    // Higher levels unlock more.
    expect(Number(r.quotas[2].usdLimit)).toBeGreaterThan(Number(r.quotas[1].usdLimit));
    expect(Number(r.quotas[1].usdLimit)).toBeGreaterThan(Number(r.quotas[0].usdLimit));
    // Reading writes nothing for a user with nothing to reconcile.
    expect(await stepsOf(u.id)).toEqual([]);
  });

  it('honours its flags: without them the flagged parts are absent', async () => {
    const u = await fresh();
    const none = (await post(app, kyc('kyc-info'), {}, u.cookie)).json().result;
    for (const key of ['state', 'quotas', 'applicant', 'kycToken', 'verificationProcess', 'amlQuestionnaire']) expect(none).not.toHaveProperty(key);
    expect(none.provider).toBe('PROVIDER_DEFAULT');
    const onlyQuotas = (await post(app, kyc('kyc-info'), { obtain_quotas: true }, u.cookie)).json().result;
    expect(onlyQuotas.quotas).toHaveLength(3);
    expect(onlyQuotas).not.toHaveProperty('state');
    // A body-less call is "no flags".
    const bare = await app.inject({ method: 'POST', url: `/x-api${kyc('kyc-info')}`, headers: { cookie: u.cookie } });
    expect(bare.json().ret_code).toBe(0);
    expect(bare.json().result).not.toHaveProperty('state');
  });

  it('refuses flags of the wrong type', async () => {
    const u = await fresh();
    const res = await post(app, kyc('kyc-info'), { obtain_state: 'yes' }, u.cookie);
    expect(res.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'obtain_state', code: 'type' }] } });
  });

  it('member_tag.KYC = 1: both steps NOT_ALLOW INDIVIDUAL, and no step can be changed', async () => {
    const id = await app.services.accounts.createUser({ email: 'tagged@example.com', password: 'correct-horse-battery' }, { type: 'system', id: null }, 'user', { member_tag: { KYC: '1' } });
    const cookie = (await post(app, '/v1/user/login', { email: 'tagged@example.com', password: 'correct-horse-battery' })).cookies.find((c) => c.name === 'ua_sid')!;
    const u = { id, email: 'tagged@example.com', cookie: `ua_sid=${cookie.value}` };
    expect(await stateOf(u)).toEqual([
      { level: 1, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
      { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
    ]);
    const save = await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    expect(save.json().ret_code).toBe(10012);
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result.editable).toBe(false);
    expect((await post(app, kyc('can-verify'), { level: 1 }, u.cookie)).json().result).toMatchObject({ canVerify: false, status: 'NOT_ALLOW', reason: 'NO_STEPS' });
    expect(await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', id).execute()).toEqual([]);
  });

  it('needs a session; reviewers are refused on user routes', async () => {
    expect((await post(app, kyc('kyc-info'), {})).json().ret_code).toBe(10007);
    const reviewer = await newReviewer(app, 'rev-kyc-info@example.com');
    expect((await post(app, kyc('kyc-info'), {}, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, kyc('kyc-personal-info'), VALID_INFO, reviewer.cookie)).json().ret_code).toBe(10009);
  });
});

describe('kyc-personal-info', () => {
  it('GET answers nothing saved yet, editable', async () => {
    const u = await fresh();
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json()).toMatchObject({ ret_code: 0, result: { info: null, editable: true, updatedAt: null } });
  });

  it('POST saves normalised data, audits it, and GET returns it', async () => {
    const u = await fresh();
    const res = await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, firstName: '  Ada ', nationality: 'gb', stateRegion: undefined }, u.cookie);
    expect(res.json().ret_code).toBe(0);
    // No mobile number given (it is optional, decision 040): answered as empty.
    expect(res.json().result.info).toEqual({ ...VALID_INFO, firstName: 'Ada', nationality: 'GB', mobileCountry: '', mobileNumber: '' });
    const row = await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ first_name: 'Ada', nationality: 'GB', residence_country: 'GB', postal_code: 'SW1A 1AA', date_of_birth: '1990-12-10' });
    const audit = await auditOf(u.id);
    expect(audit.find((a) => a.action === 'kyc.personal_info.save')).toMatchObject({ actor_id: u.id, before: null });

    // A second save replaces the first and records both sides.
    await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, city: 'Manchester', postalCode: 'M1 1AE' }, u.cookie);
    const again = (await get(app, kyc('kyc-personal-info'), u.cookie)).json().result;
    expect(again.info.city).toBe('Manchester');
    const saves = (await auditOf(u.id)).filter((a) => a.action === 'kyc.personal_info.save');
    expect(saves).toHaveLength(2);
    expect(JSON.parse(saves[1]!.before!).city).toBe('London');
    expect((await post(app, kyc('kyc-info'), { obtain_current: true }, u.cookie)).json().result).toMatchObject({
      residenceCountry: 'GB',
      applicant: { firstname: 'Ada', lastname: 'Lovelace', country: 'GB' },
    });
  });

  it.each([
    ['a minor', { dateOfBirth: daysAgo(365 * 17) }, 'dateOfBirth', 'kyc-rules.too_young', { min: 18 }],
    ['someone 130 years old', { dateOfBirth: '1890-01-01' }, 'dateOfBirth', 'kyc-rules.too_old', { max: 120 }],
    ['a date in the future', { dateOfBirth: '2999-01-01' }, 'dateOfBirth', 'kyc-rules.future_date', undefined],
    ['an impossible date', { dateOfBirth: '1990-02-30' }, 'dateOfBirth', 'kyc-rules.invalid_date', undefined],
    ['digits in a name', { firstName: 'Ada1' }, 'firstName', 'kyc-rules.invalid_name', undefined],
    ['markup in a name', { lastName: '<script>' }, 'lastName', 'kyc-rules.invalid_name', undefined],
    ['an unknown country', { nationality: 'XX' }, 'nationality', 'kyc-rules.invalid_country', undefined],
    ['a disabled residence country', { residenceCountry: 'KP' }, 'residenceCountry', 'kyc-rules.country_not_supported', undefined],
    ['a missing postal code where one exists', { postalCode: '' }, 'postalCode', 'required', undefined],
    ['a missing city', { city: ' ' }, 'city', 'required', { min: 1 }],
  ])('refuses %s with a translated key and stores nothing', async (_label, change, path, code, params) => {
    const u = await fresh();
    const res = await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, ...change }, u.cookie);
    expect(res.json().ret_code).toBe(10001);
    const issue = res.json().result.fields.find((f: { path: string }) => f.path === path);
    expect(issue).toEqual(params ? { path, code, params } : { path, code });
    expect(await app.db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
  });

  it('accepts names in other scripts and no postal code where none is used', async () => {
    const u = await fresh();
    const res = await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, firstName: '小龙', lastName: 'Ó Súilleabháin-Smith', residenceCountry: 'HK', postalCode: '' }, u.cookie);
    expect(res.json().ret_code).toBe(0);
    expect(res.json().result.info).toMatchObject({ firstName: '小龙', residenceCountry: 'HK', postalCode: '' });
  });

  it('is locked once submitted (pending), and again editable after a retryable rejection', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result.editable).toBe(false);
    const locked = await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, city: 'Leeds' }, u.cookie);
    expect(locked.json().ret_code).toBe(35002);
    expect((await app.db.selectFrom('kyc_personal_info').select('city').where('user_id', '=', u.id).executeTakeFirstOrThrow()).city).toBe('London');

    const reviewer = await newReviewer(app, 'rev-lock@example.com');
    await app.services.console.reject(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { mode: 'RETRY', reasonCode: 'DATA_MISMATCH', userMessage: 'Your city does not match.', internalNote: '' });
    expect((await get(app, kyc('kyc-personal-info'), u.cookie)).json().result.editable).toBe(true);
    expect((await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, city: 'Leeds', postalCode: 'LS1 1AA' }, u.cookie)).json().ret_code).toBe(0);
  });
});

describe('provider, document types, config, country of the IP', () => {
  it('get-kyc-provider: the in-house provider and the flow of the level', async () => {
    const u = await fresh();
    expect((await post(app, kyc('get-kyc-provider'), { level: 2 }, u.cookie)).json().result).toEqual({ level: 2, provider: 'PROVIDER_DEFAULT', flowName: 'Level2_web', apiUrl: '' });
    expect((await post(app, kyc('get-kyc-provider'), {}, u.cookie)).json().result.flowName).toBe('Level1_web');
    expect((await post(app, kyc('get-kyc-provider'), { level: 3 }, u.cookie)).json().ret_code).toBe(10001);
  });

  it('supported-document-type: per issuing country, with the images each needs', async () => {
    const u = await fresh();
    const de = (await post(app, kyc('supported-document-type'), { country: 'de' }, u.cookie)).json().result;
    expect(de.country).toBe('DE');
    expect(de.documentTypes.map((d: { type: string }) => d.type)).toEqual(['ID_CARD', 'PASSPORT', 'DRIVERS_LICENSE', 'RESIDENCE_PERMIT']);
    expect(de.documentTypes.find((d: { type: string }) => d.type === 'PASSPORT').kinds).toEqual(['DOCUMENT_FRONT', 'SELFIE']);
    expect(de.documentTypes.find((d: { type: string }) => d.type === 'ID_CARD').kinds).toEqual(['DOCUMENT_FRONT', 'DOCUMENT_BACK', 'SELFIE']);
    const ng = (await post(app, kyc('supported-document-type'), { country: 'NG' }, u.cookie)).json().result;
    expect(ng.documentTypes.find((d: { type: string }) => d.type === 'BANK_VERIFICATION_NUMBER')).toEqual({ type: 'BANK_VERIFICATION_NUMBER', kinds: ['SELFIE'], needsNumber: true });
    const gb = (await post(app, kyc('supported-document-type'), { country: 'GB' }, u.cookie)).json().result;
    expect(gb.documentTypes.map((d: { type: string }) => d.type)).not.toContain('ID_CARD');
    expect((await post(app, kyc('supported-document-type'), { country: 'IR' }, u.cookie)).json().result.documentTypes).toEqual([]);
    expect((await post(app, kyc('supported-document-type'), { country: 'ZZ' }, u.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'country', code: 'kyc-rules.invalid_country' }] } });
  });

  it('get-config: the rules the screens show', async () => {
    const u = await fresh();
    const r = (await get(app, kyc('get-config'), u.cookie)).json().result;
    expect(r).toMatchObject({ provider: 'PROVIDER_DEFAULT', opened: true, minAgeYears: 18, maxAgeYears: 120, proofOfAddressMaxAgeMonths: 3, proofOfAddressTypes: ['BANK_STATEMENT', 'UTILITY_BILL'] });
    expect(r.levels).toEqual([
      { level: 1, flowName: 'Level1_web' },
      { level: 2, flowName: 'Level2_web' },
    ]);
    expect(r.disabledCountries).toContain('KP');
    expect(r.maxUploadBytes).toBe(app.config.maxUploadBytes);
  });

  it('get-supported-ip-country-code: unknown without a trusted proxy, even if the header is sent', async () => {
    const u = await fresh();
    const res = await get(app, kyc('get-supported-ip-country-code'), u.cookie, { 'cf-ipcountry': 'DE' });
    expect(res.json().result).toEqual({ countryCode: '', isSupported: false });
  });

  it('get-supported-ip-country-code: the trusted proxy header decides, checked against the list', async () => {
    const { app: proxied, close: closeProxied } = await createTestApp({ trustProxy: ['loopback'] });
    try {
      const u = await newUser(proxied, 'ip@example.com');
      const ask = async (h: Record<string, string>) => (await get(proxied, kyc('get-supported-ip-country-code'), u.cookie, h)).json().result;
      expect(await ask({ 'cf-ipcountry': 'de' })).toEqual({ countryCode: 'DE', isSupported: true });
      expect(await ask({ 'cloudfront-viewer-country': 'IR' })).toEqual({ countryCode: 'IR', isSupported: false });
      expect(await ask({ 'cf-ipcountry': 'T1' })).toEqual({ countryCode: '', isSupported: false });
      expect(await ask({})).toEqual({ countryCode: '', isSupported: false });
    } finally {
      await closeProxied();
    }
  });
});

describe('submit-application (level 1)', () => {
  it('in one transaction: application PENDING, documents attached, step PENDING, audited', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    const ids = await uploadDrafts(app, u.id, 1, ID_CARD_KINDS);
    const res = await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { level: 1, status: 'PENDING' } });
    const appId = res.json().result.applicationId;

    const row = await app.db.selectFrom('kyc_applications').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: u.id, level: 1, status: 'PENDING', provider: 'PROVIDER_DEFAULT', country: 'GB', document_type: 'DRIVERS_LICENSE', pending_key: `${u.id}:1` });
    expect(JSON.parse(row.submitted)).toMatchObject({ personalInfo: { lastName: 'Lovelace' }, document: { country: 'GB', type: 'DRIVERS_LICENSE', number: '' } });
    const attached = await app.db.selectFrom('kyc_documents').select(['id', 'application_id']).where('user_id', '=', u.id).execute();
    expect(attached.map((d) => d.application_id)).toEqual([appId, appId, appId]);
    expect(attached.map((d) => d.id).sort()).toEqual([...ids].sort());
    expect(await stepsOf(u.id)).toEqual([{ level: 1, status: 'PENDING' }]);
    const audit = await auditOf(`${u.id}:1`);
    expect(audit.map((a) => [a.action, JSON.parse(a.before!).status, JSON.parse(a.after!).status])).toEqual([['kyc.step.submit', 'ALLOW', 'PENDING']]);
    expect((await auditOf(appId)).map((a) => a.action)).toEqual(['kyc.application.submit']);

    const info = (await post(app, kyc('kyc-info'), ALL_FLAGS, u.cookie)).json().result;
    expect(info.state[0].status).toBe('PENDING');
    expect(info.verificationProcess.isVerificationProcess).toBe(true);
    expect(info.applicant.identifies).toEqual([expect.objectContaining({ applicationId: appId, level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE', status: 'PENDING' })]);
  });

  it('a passport needs only the front and a selfie; explicit document ids are honoured', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    const [front, , selfie] = await uploadDrafts(app, u.id, 1, ID_CARD_KINDS, 'PASSPORT');
    const res = await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'PASSPORT', documentIds: [front, selfie] }, u.cookie);
    expect(res.json().ret_code).toBe(0);
    const docs = await app.db.selectFrom('kyc_documents').select(['kind', 'application_id']).where('user_id', '=', u.id).execute();
    // The back stays an unsubmitted draft.
    expect(docs.find((d) => d.kind === 'DOCUMENT_BACK')!.application_id).toBeNull();
    expect(docs.filter((d) => d.application_id !== null).map((d) => d.kind).sort()).toEqual(['DOCUMENT_FRONT', 'SELFIE']);
  });

  it('without personal information: 35001, nothing changed', async () => {
    const u = await fresh();
    await uploadDrafts(app, u.id, 1, ID_CARD_KINDS);
    const res = await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'PASSPORT' }, u.cookie);
    expect(res.json().ret_code).toBe(35001);
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await stepsOf(u.id)).toEqual([]);
  });

  it('with a missing image: 35003 naming it; the drafts stay drafts and the step ALLOW', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    await uploadDrafts(app, u.id, 1, [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE]);
    const res = await post(app, kyc('submit-application'), { level: 1, country: 'DE', documentType: 'ID_CARD' }, u.cookie);
    expect(res.json()).toMatchObject({ ret_code: 35003, result: { missing: ['DOCUMENT_BACK'] } });
    expect((await app.db.selectFrom('kyc_documents').select('application_id').where('user_id', '=', u.id).execute()).every((d) => d.application_id === null)).toBe(true);
    expect(await stepsOf(u.id)).toEqual([]);
    expect((await stateOf(u))[0]!.status).toBe('ALLOW');
  });

  it('refuses a document type the issuing country does not issue, and a BVN without its 11 digits', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    const gbId = await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'ID_CARD' }, u.cookie);
    expect(gbId.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'documentType', code: 'kyc-rules.document_type_not_supported' }] } });
    const bvn = await post(app, kyc('submit-application'), { level: 1, country: 'NG', documentType: 'BANK_VERIFICATION_NUMBER', documentNumber: '123' }, u.cookie);
    expect(bvn.json().result.fields).toEqual([{ path: 'documentNumber', code: 'kyc-rules.invalid_bvn' }]);
    const disabled = await post(app, kyc('submit-application'), { level: 1, country: 'KP', documentType: 'PASSPORT' }, u.cookie);
    expect(disabled.json().result.fields).toContainEqual({ path: 'country', code: 'kyc-rules.country_not_supported' });
  });

  it('a BVN submission needs only a selfie and keeps the number for the reviewer', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, nationality: 'NG', residenceCountry: 'NG', postalCode: '101001' }, u.cookie);
    await uploadDrafts(app, u.id, 1, [DocumentKind.SELFIE]);
    const res = await post(app, kyc('submit-application'), { level: 1, country: 'NG', documentType: 'BANK_VERIFICATION_NUMBER', documentNumber: '22345678901' }, u.cookie);
    expect(res.json().ret_code).toBe(0);
    const row = await app.db.selectFrom('kyc_applications').select('submitted').where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(JSON.parse(row.submitted).document).toEqual({ country: 'NG', type: 'BANK_VERIFICATION_NUMBER', number: '22345678901' });
  });

  it('another user\'s draft ids cannot be submitted', async () => {
    const a = await fresh();
    const b = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, a.cookie);
    const bIds = await uploadDrafts(app, b.id, 1, [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE], 'PASSPORT');
    const res = await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'PASSPORT', documentIds: bIds }, a.cookie);
    expect(res.json().ret_code).toBe(34007);
    expect((await app.db.selectFrom('kyc_documents').select('application_id').where('user_id', '=', b.id).execute()).every((d) => d.application_id === null)).toBe(true);
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', 'in', [a.id, b.id]).execute()).toEqual([]);
  });

  it('a double submit creates exactly one application', async () => {
    const u = await fresh();
    await submitLevel1(app, u);
    // While it is pending the level takes no new photos either (the same rule, decision 005).
    await expect(uploadDrafts(app, u.id, 1, ID_CARD_KINDS)).rejects.toMatchObject({ retCode: 10012 });
    const again = await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie);
    expect(again.json().ret_code).toBe(10012);
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(1);
  });

  it('concurrent submits (Promise.all): exactly one succeeds, one application, one PENDING step', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    await uploadDrafts(app, u.id, 1, ID_CARD_KINDS);
    const body = { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' };
    const results = await Promise.all([1, 2, 3, 4].map(() => post(app, kyc('submit-application'), body, u.cookie)));
    const codes = results.map((r) => r.json().ret_code).sort();
    expect(codes.filter((c) => c === 0)).toHaveLength(1);
    for (const c of codes.filter((c) => c !== 0)) expect([10012, 34007]).toContain(c);
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', u.id).execute()).toHaveLength(1);
    expect(await stepsOf(u.id)).toEqual([{ level: 1, status: 'PENDING' }]);
    expect((await auditOf(`${u.id}:1`)).filter((a) => a.action === 'kyc.step.submit')).toHaveLength(1);
  });

  it('the unique pending slot holds even when the state check is bypassed', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const row = await app.db.selectFrom('kyc_applications').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    await expect(app.db.insertInto('kyc_applications').values({ ...row, id: crypto.randomUUID() }).execute()).rejects.toThrow(/unique|duplicate/i);
  });
});

describe('level 2 and the order of levels', () => {
  it('level 2 cannot be submitted before level 1 succeeds', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    await expect(uploadDrafts(app, u.id, 2, [DocumentKind.PROOF_OF_ADDRESS])).rejects.toMatchObject({ retCode: 10012 });
    const res = await post(app, kyc('submit-application'), { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: daysAgo(10) }, u.cookie);
    expect(res.json().ret_code).toBe(10012);
    await submitLevel1(app, u);
    expect((await post(app, kyc('submit-application'), { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: daysAgo(10) }, u.cookie)).json().ret_code).toBe(10012);
    expect(await app.db.selectFrom('kyc_applications').selectAll().where('user_id', '=', u.id).where('level', '=', 2).execute()).toEqual([]);
  });

  it('after level 1 approval: level 2 ALLOW; a proof of address older than 3 months is refused; a recent one goes PENDING', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const reviewer = await newReviewer(app, 'rev-l2@example.com');
    await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    expect(await stateOf(u)).toEqual([
      { level: 1, status: 'SUCCESS', type: 'INDIVIDUAL' },
      { level: 2, status: 'ALLOW', type: 'INDIVIDUAL' },
    ]);
    expect((await get(app, '/v2/private/user/profile', u.cookie)).json().result.level).toBe(1);

    const old = await post(app, kyc('submit-application'), { level: 2, proofOfAddressType: 'BANK_STATEMENT', issuedOn: daysAgo(120) }, u.cookie);
    expect(old.json().result.fields).toEqual([{ path: 'issuedOn', code: 'kyc-rules.document_too_old', params: { months: 3 } }]);
    const none = await post(app, kyc('submit-application'), { level: 2, proofOfAddressType: 'BANK_STATEMENT', issuedOn: daysAgo(10) }, u.cookie);
    expect(none.json()).toMatchObject({ ret_code: 35003, result: { missing: ['PROOF_OF_ADDRESS'] } });

    await uploadDrafts(app, u.id, 2, [DocumentKind.PROOF_OF_ADDRESS]);
    const ok = await post(app, kyc('submit-application'), { level: 2, proofOfAddressType: 'BANK_STATEMENT', issuedOn: daysAgo(10) }, u.cookie);
    expect(ok.json()).toMatchObject({ ret_code: 0, result: { level: 2, status: 'PENDING' } });
    const row = await app.db.selectFrom('kyc_applications').selectAll().where('id', '=', ok.json().result.applicationId).executeTakeFirstOrThrow();
    // The reviewer compares the proof with the residence address given for level 1.
    expect(row).toMatchObject({ country: 'GB', document_type: 'BANK_STATEMENT' });
    expect(JSON.parse(row.submitted)).toMatchObject({ personalInfo: { addressLine1: '12 Example Street', postalCode: 'SW1A 1AA' }, proofOfAddress: { type: 'BANK_STATEMENT', issuedOn: daysAgo(10) } });

    await app.services.console.approve(await caseOf(app, row.id), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    expect((await get(app, '/v2/private/user/profile', u.cookie)).json().result.level).toBe(2);
    expect((await post(app, kyc('kyc-info'), { obtain_current: true }, u.cookie)).json().result.applicant.level).toBe(2);
  });
});

describe('can-verify and self-reset', () => {
  it('can-verify follows the step and reports missing personal information', async () => {
    const u = await fresh();
    expect((await post(app, kyc('can-verify'), { level: 1 }, u.cookie)).json().result).toEqual({ level: 1, canVerify: true, status: 'ALLOW', personalInfoComplete: false, reason: 'PERSONAL_INFO_REQUIRED' });
    expect((await post(app, kyc('can-verify'), { level: 2 }, u.cookie)).json().result).toMatchObject({ canVerify: false, status: 'NOT_ALLOW', reason: 'PREVIOUS_LEVEL_FIRST' });
    await submitLevel1(app, u);
    expect((await post(app, kyc('can-verify'), { level: 1 }, u.cookie)).json().result).toEqual({ level: 1, canVerify: false, status: 'PENDING', personalInfoComplete: true, reason: 'UNDER_REVIEW' });
  });

  it('self-reset only after a retryable rejection: back to ALLOW, unsubmitted uploads discarded, audited', async () => {
    const u = await fresh();
    expect((await post(app, kyc('self-reset'), { level: 1 }, u.cookie)).json().ret_code).toBe(10012);
    const appId = await submitLevel1(app, u);
    expect((await post(app, kyc('self-reset'), { level: 1 }, u.cookie)).json().ret_code).toBe(10012);
    const reviewer = await newReviewer(app, 'rev-reset@example.com');
    await app.services.console.reject(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { mode: 'RETRY', reasonCode: 'SELFIE_UNCLEAR', userMessage: 'Retake the selfie.', internalNote: '' });
    await uploadDrafts(app, u.id, 1, [DocumentKind.SELFIE]);

    // Confirmed by the e-mailed code (§8 30101; the code's own rules: reverification.test.ts).
    expect((await post(app, kyc('self-reset'), { level: 1 }, u.cookie)).json().ret_code).toBe(30101);
    const otp = /\b(\d{6})\b/.exec(mailer.to(u.email).at(-1)!.text)![1]!;
    const res = await post(app, kyc('self-reset'), { level: 1, otp }, u.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { level: 1, status: 'ALLOW', discardedDocuments: 1 } });
    expect(await stepsOf(u.id)).toEqual([{ level: 1, status: 'ALLOW' }]);
    const docs = await app.db.selectFrom('kyc_documents').select('application_id').where('user_id', '=', u.id).execute();
    expect(docs.every((d) => d.application_id === appId)).toBe(true);
    expect((await auditOf(`${u.id}:1`)).map((a) => a.action)).toEqual(['kyc.step.submit', 'kyc.step.reject_retry', 'kyc.step.self_reset']);
    // After a reset the notice of the rejection is gone (the step is ALLOW again).
    expect((await post(app, kyc('kyc-info'), {}, u.cookie)).json().result.errorNotify).toEqual([]);
  });

  it('a final rejection cannot be reset or resubmitted', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const reviewer = await newReviewer(app, 'rev-final@example.com');
    await app.services.console.reject(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify you.', internalNote: '' });
    expect((await post(app, kyc('self-reset'), { level: 1 }, u.cookie)).json().ret_code).toBe(10012);
    await expect(uploadDrafts(app, u.id, 1, ID_CARD_KINDS)).rejects.toMatchObject({ retCode: 10012 });
    expect((await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie)).json().ret_code).toBe(10012);
    expect(await stepsOf(u.id)).toEqual([{ level: 1, status: 'FAILED_AND_CAN_NOT_RETRY' }]);
  });
});

describe('CERTIFICATION_DISABLED', () => {
  it('a residence country that became disabled disables open steps; lifting it re-opens them', async () => {
    const u = await fresh();
    await post(app, kyc('kyc-personal-info'), VALID_INFO, u.cookie);
    // Saved before the country was restricted (the list is product configuration and can change).
    await app.db.updateTable('kyc_personal_info').set({ residence_country: 'IR' }).where('user_id', '=', u.id).execute();
    expect((await stateOf(u)).map((s) => s.status)).toEqual(['CERTIFICATION_DISABLED', 'CERTIFICATION_DISABLED']);
    expect(await stepsOf(u.id)).toEqual([
      { level: 1, status: 'CERTIFICATION_DISABLED' },
      { level: 2, status: 'CERTIFICATION_DISABLED' },
    ]);
    const audit = await auditOf(`${u.id}:1`);
    expect(audit.map((a) => [a.action, a.actor_type])).toEqual([['kyc.step.disable', 'system']]);
    await expect(uploadDrafts(app, u.id, 1, ID_CARD_KINDS)).rejects.toMatchObject({ retCode: 10012 });
    expect((await post(app, kyc('submit-application'), { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie)).json().ret_code).toBe(10012);
    expect((await post(app, kyc('can-verify'), { level: 1 }, u.cookie)).json().result).toMatchObject({ canVerify: false, status: 'CERTIFICATION_DISABLED' });

    await app.db.updateTable('kyc_personal_info').set({ residence_country: 'GB' }).where('user_id', '=', u.id).execute();
    expect((await stateOf(u)).map((s) => s.status)).toEqual(['ALLOW', 'NOT_ALLOW']);
    expect((await auditOf(`${u.id}:1`)).map((a) => a.action)).toEqual(['kyc.step.disable', 'kyc.step.enable', 'kyc.step.unlock']);
  });
});

describe('authorization between users', () => {
  it('user B never sees or changes user A\'s data', async () => {
    const a = await fresh();
    const b = await fresh();
    await submitLevel1(app, a);
    const bInfo = (await post(app, kyc('kyc-info'), ALL_FLAGS, b.cookie)).json().result;
    expect(bInfo.applicant).toEqual({ country: '', firstname: '', lastname: '', level: 0, identifies: [] });
    expect(bInfo.state[0].status).toBe('ALLOW');
    expect((await get(app, kyc('kyc-personal-info'), b.cookie)).json().result.info).toBeNull();
    // B saving and resetting touches only B.
    await post(app, kyc('kyc-personal-info'), { ...VALID_INFO, firstName: 'Bob' }, b.cookie);
    expect((await app.db.selectFrom('kyc_personal_info').select('first_name').where('user_id', '=', a.id).executeTakeFirstOrThrow()).first_name).toBe('Ada');
    expect((await post(app, kyc('self-reset'), { level: 1 }, b.cookie)).json().ret_code).toBe(10012);
    expect(await stepsOf(a.id)).toEqual([{ level: 1, status: 'PENDING' }]);
    // A's documents are not readable by B (the owner route of the documents module).
    const aDoc = await app.db.selectFrom('kyc_documents').select('id').where('user_id', '=', a.id).executeTakeFirstOrThrow();
    const read = await get(app, `/v3/private/kyc/document/${aDoc.id}`, b.cookie);
    expect(read.json().ret_code).toBe(10011);
  });
});

describe('step status has one writer', () => {
  it('every stored step change has its audit record', async () => {
    const rows = await app.db.selectFrom('step_states').selectAll().where('machine', '=', 'kyc_level').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      const last = (await auditOf(`${r.subject_id}:${r.step}`)).filter((a) => a.action.startsWith('kyc.step.')).at(-1);
      expect(JSON.parse(last!.after!).status).toBe(r.status);
    }
  });
});
