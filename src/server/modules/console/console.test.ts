import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'reviewer-console@example.com');
});
afterAll(async () => close());

const fresh = () => newUser(app, `console-${++seq}@example.com`);
const C = '/v1/console/kyc/applications';
const approve = (id: string, body: object = {}, cookie = reviewer.cookie) => post(app, `${C}/${id}/approve`, body, cookie);
const reject = (id: string, body: object, cookie = reviewer.cookie) => post(app, `${C}/${id}/reject`, body, cookie);
const RETRY = { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'The back of your card is blurred; please retake it.', internalNote: 'INTERNAL-NOTE-do-not-leak' };

describe('who may use the console', () => {
  it('users get 10009 and anonymous callers 10007 on every console route; nothing changes', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    // '' = no cookie (an undefined argument would fall back to the reviewer's default).
    const calls = (cookie: string) => [
      get(app, '/v1/console/me', cookie),
      get(app, C, cookie),
      get(app, `${C}/${appId}`, cookie),
      approve(appId, {}, cookie),
      reject(appId, RETRY, cookie),
      get(app, `/v1/console/document/${appId}`, cookie),
    ];
    for (const res of await Promise.all(calls(u.cookie))) expect(res.json().ret_code).toBe(10009);
    for (const res of await Promise.all(calls(''))) expect(res.json().ret_code).toBe(10007);
    expect((await app.db.selectFrom('kyc_applications').select('status').where('id', '=', appId).executeTakeFirstOrThrow()).status).toBe('PENDING');
    expect(await app.db.selectFrom('kyc_decisions').selectAll().where('application_id', '=', appId).execute()).toEqual([]);
  });

  it('a reviewer is told who they are', async () => {
    expect((await get(app, '/v1/console/me', reviewer.cookie)).json().result).toEqual({ id: reviewer.id, email: reviewer.email, role: 'reviewer' });
  });
});

describe('queue', () => {
  it('lists pending applications oldest first, with filters and paging', async () => {
    const a = await fresh();
    const b = await fresh();
    const c = await fresh();
    const idA = await submitLevel1(app, a);
    const idB = await submitLevel1(app, b, { ...VALID_INFO, nationality: 'DE', residenceCountry: 'DE', postalCode: '10115' });
    const idC = await submitLevel1(app, c);

    const all = (await get(app, `${C}?pageSize=100`, reviewer.cookie)).json().result;
    const ids = all.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(idA)).toBeLessThan(ids.indexOf(idB));
    expect(ids.indexOf(idB)).toBeLessThan(ids.indexOf(idC));
    const submitted = all.items.map((i: { submittedAt: string }) => i.submittedAt);
    expect([...submitted].sort()).toEqual(submitted);
    expect(all.items.find((i: { id: string }) => i.id === idB)).toMatchObject({ userId: b.id, email: b.email, level: 1, country: 'DE', documentType: 'DRIVERS_LICENSE', provider: 'PROVIDER_DEFAULT', status: 'PENDING' });
    expect(all.total).toBe(all.items.length);

    const de = (await get(app, `${C}?country=de&level=1&provider=PROVIDER_DEFAULT`, reviewer.cookie)).json().result;
    expect(de.items.map((i: { id: string }) => i.id)).toEqual([idB]);
    expect((await get(app, `${C}?level=2`, reviewer.cookie)).json().result.items).toEqual([]);
    expect((await get(app, `${C}?provider=PROVIDER_SUMSUB`, reviewer.cookie)).json().result.total).toBe(0);

    const page2 = (await get(app, `${C}?pageSize=1&page=2`, reviewer.cookie)).json().result;
    expect(page2).toMatchObject({ page: 2, pageSize: 1, total: all.total });
    expect(page2.items.map((i: { id: string }) => i.id)).toEqual([ids[1]]);

    expect((await get(app, `${C}?level=3`, reviewer.cookie)).json().ret_code).toBe(10001);
    expect((await get(app, `${C}?pageSize=1000`, reviewer.cookie)).json().ret_code).toBe(10001);
    expect((await get(app, `${C}?country=XX`, reviewer.cookie)).json().ret_code).toBe(10001);
  });
});

describe('case and decisions', () => {
  it('a case shows personal data, documents the reviewer can open, and the history', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const res = await get(app, `${C}/${appId}`, reviewer.cookie);
    expect(res.json().ret_code).toBe(0);
    const kase = res.json().result;
    expect(kase.application).toMatchObject({ id: appId, userId: u.id, email: u.email, status: 'PENDING', decidedAt: null });
    expect(kase.user).toMatchObject({ id: u.id, email: u.email });
    expect(kase.steps).toEqual([
      { level: 1, status: 'PENDING' },
      { level: 2, status: 'NOT_ALLOW' },
    ]);
    expect(kase.submitted.personalInfo).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', addressLine1: '12 Example Street' });
    expect(kase.submitted.document).toEqual({ country: 'GB', type: 'DRIVERS_LICENSE', number: '' });
    expect(kase.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);
    expect(kase.decision).toBeNull();
    expect(kase.history.map((h: { action: string }) => h.action)).toEqual(['kyc.step.submit', 'kyc.application.submit']);
    expect(kase.history[0]).toMatchObject({ actorType: 'user', actorId: u.id, actorEmail: u.email });

    const doc = kase.documents[0];
    expect(doc.downloadPath).toBe(`/x-api/v1/console/document/${doc.id}`);
    const image = await app.inject({ method: 'GET', url: doc.downloadPath, headers: { cookie: reviewer.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');

    expect((await get(app, `${C}/00000000-0000-4000-8000-000000000000`, reviewer.cookie)).json().ret_code).toBe(10011);
    expect((await get(app, `${C}/not-a-uuid`, reviewer.cookie)).json().ret_code).toBe(10001);
  });

  it('opening a case is audited (console.case.view) but not listed in its history; refused and missing reads record nothing', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const views = () => app.db.selectFrom('audit_log').selectAll().where('action', '=', 'console.case.view').where('entity_id', '=', appId).orderBy('at').orderBy('id').execute();
    expect(await views()).toEqual([]);

    const first = (await get(app, `${C}/${appId}`, reviewer.cookie)).json().result;
    const recorded = await views();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor_type: 'reviewer', actor_id: reviewer.id, entity_type: 'kyc_application', entity_id: appId, before: null });
    expect(JSON.parse(recorded[0]!.after!)).toEqual({ userId: u.id, level: 1, status: 'PENDING' });

    // Every read is a record; the history shows what happened to the application, not who looked.
    const other = await newReviewer(app, 'reviewer-viewer@example.com');
    const second = (await get(app, `${C}/${appId}`, other.cookie)).json().result;
    expect((await views()).map((v) => v.actor_id).sort()).toEqual([reviewer.id, other.id].sort());
    for (const kase of [first, second]) expect(kase.history.map((h: { action: string }) => h.action)).toEqual(['kyc.step.submit', 'kyc.application.submit']);

    expect((await get(app, `${C}/${appId}`, u.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, `${C}/${appId}`, '')).json().ret_code).toBe(10007);
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await get(app, `${C}/${missing}`, reviewer.cookie)).json().ret_code).toBe(10011);
    expect(await views()).toHaveLength(2);
    expect(await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', missing).execute()).toEqual([]);
  });

  it('approve: one transaction of decision, SUCCESS, level 2 opened, audit; shown on the case; a second decision fails', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const res = await approve(appId, { internalNote: 'all consistent' });
    expect(res.json()).toMatchObject({ ret_code: 0, result: { applicationId: appId, status: 'APPROVED', stepStatus: 'SUCCESS', decision: { outcome: 'APPROVE', reviewerId: reviewer.id, reviewerEmail: reviewer.email, internalNote: 'all consistent' } } });

    const row = await app.db.selectFrom('kyc_applications').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'APPROVED', pending_key: null });
    expect(row.decided_at).not.toBeNull();
    const steps = await app.db.selectFrom('kyc_steps').select(['level', 'status']).where('user_id', '=', u.id).orderBy('level').execute();
    expect(steps).toEqual([
      { level: 1, status: 'SUCCESS' },
      { level: 2, status: 'ALLOW' },
    ]);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', appId).where('action', '=', 'kyc.application.approve').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'reviewer', actor_id: reviewer.id });
    expect(JSON.parse(audit.before!)).toEqual({ status: 'PENDING', stepStatus: 'PENDING' });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'APPROVED', stepStatus: 'SUCCESS' });

    const kase = (await get(app, `${C}/${appId}`, reviewer.cookie)).json().result;
    expect(kase.decision).toMatchObject({ outcome: 'APPROVE', reviewerEmail: reviewer.email });
    expect(kase.history.map((h: { action: string }) => h.action)).toEqual(['kyc.step.submit', 'kyc.application.submit', 'kyc.step.approve', 'kyc.application.approve']);
    expect(kase.history.at(-1)).toMatchObject({ actorType: 'reviewer', actorEmail: reviewer.email, before: { status: 'PENDING' }, after: { status: 'APPROVED' } });

    expect((await approve(appId)).json().ret_code).toBe(10012);
    expect((await reject(appId, RETRY)).json().ret_code).toBe(10012);
    expect(await app.db.selectFrom('kyc_decisions').selectAll().where('application_id', '=', appId).execute()).toHaveLength(1);
    expect((await app.db.selectFrom('kyc_steps').select('status').where('user_id', '=', u.id).where('level', '=', 1).executeTakeFirstOrThrow()).status).toBe('SUCCESS');
  });

  it('two reviewers deciding at once: exactly one decision', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const other = await newReviewer(app, 'reviewer-two@example.com');
    const results = await Promise.all([approve(appId), reject(appId, RETRY, other.cookie), approve(appId, {}, other.cookie)]);
    expect(results.map((r) => r.json().ret_code).filter((c) => c === 0)).toHaveLength(1);
    for (const r of results) expect([0, 10012]).toContain(r.json().ret_code);
    expect(await app.db.selectFrom('kyc_decisions').selectAll().where('application_id', '=', appId).execute()).toHaveLength(1);
  });

  it('reject RETRY: the user sees the reason and message, never the internal note, and can resubmit', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const res = await reject(appId, RETRY);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', stepStatus: 'FAILED_AND_CAN_RETRY', decision: { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', internalNote: RETRY.internalNote } } });

    const info = await post(app, '/v3/private/kyc/kyc-info', { obtain_kyc_token: true, obtain_current: true, obtain_quotas: true, obtain_state: true, obtain_aml_questionnaire: true, obtain_verification_process: true }, u.cookie);
    const r = info.json().result;
    expect(r.state[0].status).toBe('FAILED_AND_CAN_RETRY');
    expect(r.errorNotify).toEqual([{ level: 1, status: 'FAILED_AND_CAN_RETRY', reasonCode: 'DOCUMENT_UNREADABLE', decidedAt: expect.any(String) }]);
    expect(r.additionalRejectReason).toEqual([{ level: 1, reasonCode: 'DOCUMENT_UNREADABLE', message: RETRY.userMessage }]);

    // No user endpoint ever carries the internal note.
    const userReplies = [
      info,
      await get(app, '/v3/private/kyc/kyc-personal-info', u.cookie),
      await post(app, '/v3/private/kyc/can-verify', { level: 1 }, u.cookie),
      await get(app, '/v2/private/user/profile', u.cookie),
      await get(app, '/user/private/member/info', u.cookie),
      await get(app, '/v3/private/kyc/document-drafts?level=1', u.cookie),
      await get(app, '/v3/private/kyc/get-config', u.cookie),
    ];
    for (const reply of userReplies) {
      expect(reply.json().ret_code).toBe(0);
      expect(reply.body).not.toContain('INTERNAL-NOTE');
    }

    const again = await submitLevel1(app, u);
    expect(again).not.toBe(appId);
    expect((await app.db.selectFrom('kyc_steps').select('status').where('user_id', '=', u.id).where('level', '=', 1).executeTakeFirstOrThrow()).status).toBe('PENDING');
    // The new case lists the rejected one with its decision.
    const kase = (await get(app, `${C}/${again}`, reviewer.cookie)).json().result;
    expect(kase.previous).toEqual([expect.objectContaining({ id: appId, status: 'REJECTED', decision: expect.objectContaining({ reasonCode: 'DOCUMENT_UNREADABLE' }) })]);
    // A new pending review hides the old notice.
    expect((await post(app, '/v3/private/kyc/kyc-info', {}, u.cookie)).json().result.errorNotify).toEqual([]);
  });

  it('reject FINAL: FAILED_AND_CAN_NOT_RETRY', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const res = await reject(appId, { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify your identity.' });
    expect(res.json().result).toMatchObject({ status: 'REJECTED', stepStatus: 'FAILED_AND_CAN_NOT_RETRY', decision: { mode: 'FINAL', internalNote: '' } });
    const r = (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result;
    expect(r.state[0].status).toBe('FAILED_AND_CAN_NOT_RETRY');
    expect(r.errorNotify[0]).toMatchObject({ status: 'FAILED_AND_CAN_NOT_RETRY', reasonCode: 'SUSPECTED_FRAUD' });
  });

  it('refuses a reason that does not apply to the level, or a missing message; nothing changes', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u);
    const wrongLevel = await reject(appId, { ...RETRY, reasonCode: 'PROOF_OF_ADDRESS_TOO_OLD' });
    expect(wrongLevel.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'reasonCode', code: 'kyc-rules.reason_not_applicable' }] } });
    const noMessage = await reject(appId, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: '  ' });
    expect(noMessage.json().result.fields).toEqual([{ path: 'userMessage', code: 'required', params: { min: 1 } }]);
    const badMode = await reject(appId, { ...RETRY, mode: 'MAYBE' });
    expect(badMode.json().result.fields).toEqual([{ path: 'mode', code: 'type' }]);
    expect((await app.db.selectFrom('kyc_applications').select('status').where('id', '=', appId).executeTakeFirstOrThrow()).status).toBe('PENDING');
    expect(await app.db.selectFrom('kyc_decisions').selectAll().where('application_id', '=', appId).execute()).toEqual([]);
  });
});
