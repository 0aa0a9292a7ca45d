import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { FakeMailer } from '../../test/test-app.ts';
import { DocumentKind, DocumentType } from '../../../shared/kyc.ts';
import { caseOf, createKycTestApp, daysAgo, get, ID_CARD_KINDS, newReviewer, newUser, post, submitLevel1, uploadDrafts, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { ReverificationRule } from '../../../shared/api/reverification.ts';

/**
 * Re-verification end to end through the API (decision 017): every call, every identity-update code,
 * authorization, with the reply AND the stored state (statuses, requests, submissions, cases, audit).
 */
let app: App;
let mailer: FakeMailer;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;

beforeAll(async () => {
  ({ app, close, mailer } = await createKycTestApp());
  reviewer = await newReviewer(app, 'rv-reviewer@example.com');
});
afterAll(async () => close());

const K = '/v3/private/kyc';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** A user whose level 1 is approved (personal information VALID_INFO, a GB driving licence). */
async function verifiedUser(): Promise<TestUser> {
  const u = await newUser(app, `rv-${++seq}@example.com`);
  const appId = await submitLevel1(app, u);
  await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  return u;
}

const requestBody = (email: string, over: Record<string, unknown> = {}) => ({ email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your licence expired.', deadline: inDays(14), ...over });
const requestPoi = (u: TestUser, over: Record<string, unknown> = {}) => post(app, '/v1/console/reverification-requests', requestBody(u.email, over), reviewer.cookie);
const poiBody = (over: Record<string, unknown> = {}) => ({
  country: 'GB',
  documentType: 'PASSPORT',
  documentNumber: `P${1000000 + seq}`,
  expiryDate: inDays(3650),
  firstName: VALID_INFO.firstName,
  lastName: VALID_INFO.lastName,
  dateOfBirth: VALID_INFO.dateOfBirth,
  ...over,
});
const statusOf = async (userId: string, target = 'POI') =>
  (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'reverification').where('subject_id', '=', userId).where('step', '=', target).executeTakeFirst())?.status ?? 'DisplayUpdatePOIStatus_No';
const caseOfSubmission = async (id: string) => (await app.services.review.casesOfSubjects('REVERIFICATION', [id])).get(id)!.id;
const reject = async (submissionId: string) =>
  post(app, `/v1/console/cases/${await caseOfSubmission(submissionId)}/reject`, { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'The photo is blurred.' }, reviewer.cookie);
async function submitPoi(u: TestUser, over: Record<string, unknown> = {}) {
  await uploadDrafts(app, u.id, 1, [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE], DocumentType.PASSPORT);
  return post(app, `${K}/update-poi`, poiBody(over), u.cookie);
}

describe('console request', () => {
  it('a reviewer asks a verified user for a new identity document: _Needed, stored, audited, mailed, shown in kyc-info', async () => {
    const u = await verifiedUser();
    const res = await requestPoi(u);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { userId: u.id, target: 'POI', status: 'DisplayUpdatePOIStatus_Needed' } });
    expect(await statusOf(u.id)).toBe('DisplayUpdatePOIStatus_Needed');
    const row = await app.db.selectFrom('reverification_requests').selectAll().where('user_id', '=', u.id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ target: 'POI', reason: 'DOCUMENT_EXPIRED', status: 'OPEN', open_key: `${u.id}:POI`, requested_by: reviewer.id });
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', 'in', [row.id, `${u.id}:POI`]).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['reverification.request', 'reverification.request.open']);
    expect(audit.every((a) => a.actor_id === reviewer.id)).toBe(true);
    const mail = mailer.to(u.email).at(-1)!;
    expect(mail.subject).toBe('Please verify your identity document again');
    expect(mail.text).toContain('Your document has expired.');
    expect(mail.text).toContain('/user/accounts/auth/reverification');

    const info = (await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result;
    expect(info.displayControl.displayUpdatePOI).toEqual({ status: 'DisplayUpdatePOIStatus_Needed', rejectReason: '', siteInfo: { site: '', country: 'GB' } });
    expect(info.displayControl.displayUpdatePOA.status).toBe('DisplayUpdatePOIStatus_No');
    expect(info.limitation).toBe('LIMITATION_DEFAULT');
    const page = (await get(app, `${K}/reverification`, u.cookie)).json().result;
    expect(page.items[0]).toMatchObject({ target: 'POI', request: { reason: 'DOCUMENT_EXPIRED', message: 'Your licence expired.', overdue: false }, provider: 'PROVIDER_DEFAULT' });
    expect(page.level).toBe(1);
  });

  it('refuses: users (10009), anonymous (10007); on the field at fault (10001): unknown e-mail, unverified document, a second request, a bad deadline', async () => {
    const u = await verifiedUser();
    const field = (path: string, code: string) => ({ ret_code: 10001, result: { fields: [{ path, code }] } });
    expect((await post(app, '/v1/console/reverification-requests', requestBody(u.email), u.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, '/v1/console/reverification-requests', requestBody(u.email))).json().ret_code).toBe(10007);
    expect((await requestPoi({ ...u, email: 'nobody@example.com' })).json()).toMatchObject(field('email', ReverificationRule.UNKNOWN_USER));
    expect((await requestPoi({ ...u, email: 'rv-reviewer@example.com' })).json()).toMatchObject(field('email', ReverificationRule.UNKNOWN_USER));
    expect((await requestPoi(u, { target: 'POA' })).json()).toMatchObject(field('target', ReverificationRule.NOT_VERIFIED));
    const fresh = await newUser(app, `rv-fresh-${++seq}@example.com`);
    expect((await requestPoi(fresh)).json()).toMatchObject(field('target', ReverificationRule.NOT_VERIFIED));
    expect((await requestPoi(u, { deadline: daysAgo(1) })).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'deadline' }] } });
    expect((await requestPoi(u)).json().ret_code).toBe(0);
    expect((await requestPoi(u)).json()).toMatchObject(field('target', ReverificationRule.ALREADY_REQUESTED));
    expect(await app.db.selectFrom('reverification_requests').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
    expect(await statusOf(fresh.id)).toBe('DisplayUpdatePOIStatus_No');
  });
});

describe('update-poi', () => {
  it('answers each identity-update code and stores nothing for it', async () => {
    const u = await verifiedUser();
    // Nothing asked: no photo can even be taken, and the update is 1050.
    await expect(uploadDrafts(app, u.id, 1, [DocumentKind.DOCUMENT_FRONT])).rejects.toMatchObject({ retCode: 10012 });
    expect((await post(app, `${K}/update-poi`, poiBody(), u.cookie)).json().ret_code).toBe(1050);
    await requestPoi(u);
    expect((await submitPoi(u, { firstName: 'Grace' })).json().ret_code).toBe(1045);
    expect((await submitPoi(u, { dateOfBirth: '1991-12-10' })).json().ret_code).toBe(1046);
    expect((await submitPoi(u, { country: 'FR' })).json().ret_code).toBe(1062);
    expect((await submitPoi(u, { expiryDate: daysAgo(1) })).json().ret_code).toBe(1048);
    // Another account has this very passport under review.
    const other = await verifiedUser();
    await requestPoi(other);
    expect((await submitPoi(other, { documentNumber: 'SHARED123' })).json().ret_code).toBe(0);
    expect((await submitPoi(u, { documentNumber: 'shared 123' })).json().ret_code).toBe(1047);
    expect(await app.db.selectFrom('reverification_submissions').select('id').where('user_id', '=', u.id).execute()).toEqual([]);
    expect(await statusOf(u.id)).toBe('DisplayUpdatePOIStatus_Needed');
  });

  it('sends the update for review: _Pending, a REVERIFICATION case, photos attached, level unchanged; a second one is 1052; the user cannot decide it', async () => {
    const u = await verifiedUser();
    await requestPoi(u);
    const res = await submitPoi(u);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { target: 'POI', status: 'DisplayUpdatePOIStatus_Pending' } });
    const id = res.json().result.submissionId as string;
    const sub = await app.db.selectFrom('reverification_submissions').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(sub).toMatchObject({ user_id: u.id, status: 'PENDING', provider: 'PROVIDER_DEFAULT', document_type: 'PASSPORT' });
    const docs = await app.db.selectFrom('kyc_documents').select('kind').where('application_id', '=', id).execute();
    expect(docs.map((d) => d.kind).sort()).toEqual(['DOCUMENT_FRONT', 'SELFIE']);
    const kase = await app.services.review.getCase(await caseOfSubmission(id));
    expect(kase).toMatchObject({ subjectKind: 'REVERIFICATION', userId: u.id, level: 1, status: 'PENDING' });
    expect((await post(app, `${K}/kyc-info`, { obtain_current: true }, u.cookie)).json().result.applicant.level).toBe(1);
    expect((await post(app, `${K}/update-poi`, poiBody(), u.cookie)).json().ret_code).toBe(1052);
    expect((await post(app, `/v1/console/cases/${kase!.id}/approve`, {}, u.cookie)).json().ret_code).toBe(10009);
    // The console shows the update with the request behind it and what is verified now.
    const view = (await get(app, `/v1/console/cases/${kase!.id}`, reviewer.cookie)).json().result;
    expect(view.subject).toMatchObject({ kind: 'REVERIFICATION', submission: { id, target: 'POI', holder: { firstName: 'Ada' } }, request: { reason: 'DOCUMENT_EXPIRED', requestedBy: reviewer.email }, verified: { lastName: 'Lovelace' } });
    expect(view.subject.documents).toHaveLength(2);
  });

  it('reject, reject, reject in one day: _Rejected twice, then _Rejected_Daily (1051) until the next day; approval returns to _No and closes the request', async () => {
    const u = await verifiedUser();
    await requestPoi(u);
    const statuses: string[] = [];
    for (let i = 0; i < 3; i++) {
      const decided = await reject((await submitPoi(u)).json().result.submissionId);
      statuses.push(decided.json().result.subjectStatus);
    }
    expect(statuses).toEqual(['DisplayUpdatePOIStatus_Rejected', 'DisplayUpdatePOIStatus_Rejected', 'DisplayUpdatePOIStatus_Rejected_Daily']);
    // Each decision is mailed after it commits: the reason's text, the reviewer's message, the way back.
    const rejectedMail = mailer.to(u.email).filter((m) => m.subject === 'Your new identity document was not accepted');
    expect(rejectedMail).toHaveLength(3);
    expect(rejectedMail[0]!.text).toContain('Reason: The document photo is not readable');
    expect(rejectedMail[0]!.text).toContain('The photo is blurred.');
    expect(rejectedMail[0]!.text).toMatch(/https?:\/\/\S+\/user\/accounts\/auth\/reverification/);
    const info = (await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result;
    expect(info.displayControl.displayUpdatePOI).toMatchObject({ status: 'DisplayUpdatePOIStatus_Rejected_Daily', rejectReason: 'DOCUMENT_UNREADABLE' });
    const page = (await get(app, `${K}/reverification`, u.cookie)).json().result.items[0];
    expect(page).toMatchObject({ rejectionsToday: 3, rejection: { reasonCode: 'DOCUMENT_UNREADABLE', message: 'The photo is blurred.' } });
    expect(page.retryAfter).toBe(`${inDays(1)}T00:00:00.000Z`);
    expect((await post(app, `${K}/update-poi`, poiBody(), u.cookie)).json().ret_code).toBe(1051);

    // The rejections were yesterday: the next read opens attempts again (NEW_DAY, by the system).
    await app.db.updateTable('reverification_submissions').set({ decided_at: `${daysAgo(1)}T12:00:00.000Z` }).where('user_id', '=', u.id).execute();
    expect((await get(app, `${K}/reverification`, u.cookie)).json().result.items[0].display.status).toBe('DisplayUpdatePOIStatus_Rejected');
    const newDay = await app.db.selectFrom('audit_log').select(['actor_type']).where('action', '=', 'reverification.new_day').where('entity_id', '=', `${u.id}:POI`).execute();
    expect(newDay).toEqual([{ actor_type: 'system' }]);

    const id = (await submitPoi(u)).json().result.submissionId;
    const approved = await post(app, `/v1/console/cases/${await caseOfSubmission(id)}/approve`, {}, reviewer.cookie);
    expect(approved.json().result.subjectStatus).toBe('DisplayUpdatePOIStatus_No');
    expect(mailer.to(u.email).at(-1)!.subject).toBe('Your new identity document is verified');
    expect(await app.db.selectFrom('reverification_requests').select(['status', 'open_key']).where('user_id', '=', u.id).executeTakeFirstOrThrow()).toEqual({ status: 'CLOSED', open_key: null });
    // The first verification stays in history; the approved update is now the verified document (1049 for it).
    expect((await app.db.selectFrom('kyc_applications').select('status').where('user_id', '=', u.id).execute()).map((a) => a.status)).toEqual(['APPROVED']);
    await requestPoi(u);
    const sameNumber = (await app.db.selectFrom('reverification_submissions').select('document_number').where('id', '=', id).executeTakeFirstOrThrow()).document_number;
    expect((await submitPoi(u, { documentNumber: sameNumber })).json().ret_code).toBe(1049);
  });

  it('a user never sees or changes another user\'s re-verification', async () => {
    const a = await verifiedUser();
    const b = await verifiedUser();
    await requestPoi(a);
    expect((await get(app, `${K}/reverification`, b.cookie)).json().result.items[0].display.status).toBe('DisplayUpdatePOIStatus_No');
    expect((await post(app, `${K}/update-poi`, poiBody(), b.cookie)).json().ret_code).toBe(1050);
    expect(await statusOf(a.id)).toBe('DisplayUpdatePOIStatus_Needed');
    expect((await get(app, `${K}/reverification`)).json().ret_code).toBe(10007);
    expect((await get(app, `${K}/reverification`, reviewer.cookie)).json().ret_code).toBe(10009);
  });
});

describe('deadline, Turkey, proof of address, EU reset', () => {
  it('after the deadline without a submission kyc-info limits the account; a submission lifts it', async () => {
    const u = await verifiedUser();
    await requestPoi(u);
    await app.db.updateTable('reverification_requests').set({ deadline: daysAgo(1) }).where('user_id', '=', u.id).execute();
    const info = (await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result;
    expect(info.limitation).toBe('LIMITATION_REVERIFICATION_OVERDUE');
    expect(info.limitationInfo).toEqual({ limitation: 'LIMITATION_REVERIFICATION_OVERDUE', reasons: ['REVERIFICATION_POI_OVERDUE'], actions: [{ reason: 'REVERIFICATION_POI_OVERDUE', action: 'UPDATE_DOCUMENTS', route: 'reverification' }] });
    await submitPoi(u);
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result.limitation).toBe('LIMITATION_DEFAULT');
  });

  it('Turkey (site TUR, residence TR) verifies in the app: siteInfo says so, the web update is 1053 and no photo is taken', async () => {
    const u = await newUser(app, `rv-tr-${++seq}@example.com`);
    const appId = await submitLevel1(app, u, { ...VALID_INFO, residenceCountry: 'TR', postalCode: '34000' });
    await app.services.console.approve(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    await app.services.reverification.setSite(u.id, 'TUR', { type: 'system', id: null });
    await requestPoi(u);
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result.displayControl.displayUpdatePOI.siteInfo).toEqual({ site: 'TUR', country: 'TR' });
    await expect(uploadDrafts(app, u.id, 1, [DocumentKind.DOCUMENT_FRONT])).rejects.toMatchObject({ retCode: 10012 });
    expect((await post(app, `${K}/update-poi`, poiBody(), u.cookie)).json().ret_code).toBe(1053);
  });

  it('update-poa: a statement older than allowed is 1048; a recent one goes to review (level 2 capture)', async () => {
    const u = await newUser(app, `rv-poa-${++seq}@example.com`);
    const l1 = await submitLevel1(app, u);
    await app.services.console.approve(await caseOf(app, l1), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    await uploadDrafts(app, u.id, 2, [DocumentKind.PROOF_OF_ADDRESS]);
    const l2 = (await post(app, `${K}/submit-application`, { level: 2, proofOfAddressType: 'UTILITY_BILL', issuedOn: daysAgo(10) }, u.cookie)).json().result.applicationId;
    await app.services.console.approve(await caseOf(app, l2), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    expect((await requestPoi(u, { target: 'POA', reason: 'ADDRESS_OUTDATED' })).json().result.status).toBe('DisplayUpdatePOIStatus_Needed');
    await uploadDrafts(app, u.id, 2, [DocumentKind.PROOF_OF_ADDRESS]);
    expect((await post(app, `${K}/update-poa`, { proofOfAddressType: 'BANK_STATEMENT', issuedOn: daysAgo(200) }, u.cookie)).json().ret_code).toBe(1048);
    const ok = await post(app, `${K}/update-poa`, { proofOfAddressType: 'BANK_STATEMENT', issuedOn: daysAgo(5) }, u.cookie);
    expect(ok.json()).toMatchObject({ ret_code: 0, result: { target: 'POA', status: 'DisplayUpdatePOIStatus_Pending' } });
    expect(await statusOf(u.id, 'POA')).toBe('DisplayUpdatePOIStatus_Pending');
    expect(await statusOf(u.id, 'POI')).toBe('DisplayUpdatePOIStatus_No');
  });

  it('reset-eu-poi: only for an EU-site account, once; it asks for the identity document (30-day deadline)', async () => {
    const u = await verifiedUser();
    expect((await post(app, `${K}/reset-eu-poi`, {}, u.cookie)).json().ret_code).toBe(10012);
    await app.services.reverification.setSite(u.id, 'EU', { type: 'system', id: null });
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result.displayControl.displayEuPoiReset).toBe(true);
    const res = await post(app, `${K}/reset-eu-poi`, {}, u.cookie);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { status: 'DisplayUpdatePOIStatus_Needed', deadline: inDays(30) } });
    expect(await app.db.selectFrom('reverification_requests').select(['reason', 'requested_by']).where('user_id', '=', u.id).executeTakeFirstOrThrow()).toEqual({ reason: 'EU_ENTITY_MIGRATION', requested_by: null });
    const info = (await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result;
    expect(info.displayControl.displayEuPoiReset).toBe(false);
    expect((await post(app, `${K}/reset-eu-poi`, {}, u.cookie)).json().ret_code).toBe(10012);
  });
});

describe('self-reset with an e-mailed code (§8 30101)', () => {
  it('asks for a code (30101, mailed), refuses a wrong one (30102), resets with the right one, and the code works once', async () => {
    const u = await newUser(app, `rv-reset-${++seq}@example.com`);
    const appId = await submitLevel1(app, u);
    await app.services.console.reject(await caseOf(app, appId), { type: 'reviewer', id: reviewer.id }, { mode: 'RETRY', reasonCode: 'SELFIE_UNCLEAR', userMessage: 'Retake.', internalNote: '' });
    const first = (await post(app, `${K}/self-reset`, { level: 1 }, u.cookie)).json();
    expect(first).toMatchObject({ ret_code: 30101, result: { email: `r***@example.com`, expiresInSeconds: 600 } });
    const code = /\b(\d{6})\b/.exec(mailer.to(u.email).at(-1)!.text)![1]!;
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await post(app, `${K}/self-reset`, { level: 1, otp: wrong }, u.cookie)).json().ret_code).toBe(30102);
    expect((await post(app, `${K}/self-reset`, { level: 1, otp: code }, u.cookie)).json()).toMatchObject({ ret_code: 0, result: { status: 'ALLOW' } });
    expect(await app.db.selectFrom('one_time_codes').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
    // A level that cannot be reset mails nothing.
    const sent = mailer.to(u.email).length;
    expect((await post(app, `${K}/self-reset`, { level: 1, otp: code }, u.cookie)).json().ret_code).toBe(10012);
    expect(mailer.to(u.email)).toHaveLength(sent);
    await uploadDrafts(app, u.id, 1, ID_CARD_KINDS);
  });
});
