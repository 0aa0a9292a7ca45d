import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import type { PersonalInfoInput } from '../../../shared/api/personal-info.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, storedSteps, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

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
const C = '/v1/console/cases';
/** Level 1 submitted: the application and its review case. */
async function submitCase(u: TestUser, info?: PersonalInfoInput) {
  const appId = await submitLevel1(app, u, info);
  return { appId, caseId: await caseOf(app, appId) };
}
const decisionsOf = (caseId: string) => app.db.selectFrom('review_decisions').selectAll().where('case_id', '=', caseId).execute();
const level1Status = async (userId: string) => (await storedSteps(app, userId)).find((s) => s.level === 1)?.status;
const approve = (id: string, body: object = {}, cookie = reviewer.cookie) => post(app, `${C}/${id}/approve`, body, cookie);
const reject = (id: string, body: object, cookie = reviewer.cookie) => post(app, `${C}/${id}/reject`, body, cookie);
const RETRY = { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'The back of your card is blurred; please retake it.', internalNote: 'INTERNAL-NOTE-do-not-leak' };

describe('who may use the console', () => {
  it('users get 10009 and anonymous callers 10007 on every console route; nothing changes', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    // '' = no cookie (an undefined argument would fall back to the reviewer's default).
    const calls = (cookie: string) => [
      get(app, '/v1/console/me', cookie),
      get(app, C, cookie),
      get(app, `${C}/${caseId}`, cookie),
      post(app, `${C}/${caseId}/assign`, {}, cookie),
      post(app, `${C}/${caseId}/release`, {}, cookie),
      approve(caseId, {}, cookie),
      reject(caseId, RETRY, cookie),
      get(app, `/v1/console/document/${appId}`, cookie),
    ];
    for (const res of await Promise.all(calls(u.cookie))) expect(res.json().ret_code).toBe(10009);
    for (const res of await Promise.all(calls(''))) expect(res.json().ret_code).toBe(10007);
    expect((await app.db.selectFrom('kyc_applications').select('status').where('id', '=', appId).executeTakeFirstOrThrow()).status).toBe('PENDING');
    expect(await app.db.selectFrom('review_cases').select(['status', 'assignee_id']).where('id', '=', caseId).executeTakeFirstOrThrow()).toEqual({ status: 'PENDING', assignee_id: null });
    expect(await decisionsOf(caseId)).toEqual([]);
  });

  it('a reviewer is told who they are and which kinds of case this server reviews', async () => {
    expect((await get(app, '/v1/console/me', reviewer.cookie)).json().result).toEqual({ id: reviewer.id, email: reviewer.email, role: 'reviewer', subjectKinds: ['MEMBER_TAG', 'KYC_APPLICATION', 'REVERIFICATION', 'QUESTIONNAIRE', 'SCREENING', 'RFI', 'IDENTITY_TRANSFER', 'EDD'] });
  });
});

describe('queue', () => {
  it('lists pending applications oldest first, with filters and paging', async () => {
    const a = await fresh();
    const b = await fresh();
    const c = await fresh();
    const { caseId: idA } = await submitCase(a);
    const { caseId: idB, appId: appB } = await submitCase(b, { ...VALID_INFO, nationality: 'DE', residenceCountry: 'DE', postalCode: '10115' });
    const { caseId: idC } = await submitCase(c);

    const all = (await get(app, `${C}?pageSize=100`, reviewer.cookie)).json().result;
    const ids = all.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(idA)).toBeLessThan(ids.indexOf(idB));
    expect(ids.indexOf(idB)).toBeLessThan(ids.indexOf(idC));
    const opened = all.items.map((i: { openedAt: string }) => i.openedAt);
    expect([...opened].sort()).toEqual(opened);
    expect(all.items.find((i: { id: string }) => i.id === idB)).toEqual({
      id: idB,
      kind: 'KYC_APPLICATION',
      subjectId: appB,
      userId: b.id,
      email: b.email,
      level: 1,
      country: 'DE',
      documentType: 'DRIVERS_LICENSE',
      provider: 'PROVIDER_DEFAULT',
      status: 'PENDING',
      assignee: null,
      openedAt: expect.any(String),
      decidedAt: null,
      secondsToDecision: null,
      awaitingSecondLook: null,
    });
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
    expect((await get(app, `${C}?kind=PASSPORT`, reviewer.cookie)).json().ret_code).toBe(10001);
    expect((await get(app, `${C}?assignee=someone`, reviewer.cookie)).json().ret_code).toBe(10001);
    expect((await get(app, `${C}?kind=KYC_APPLICATION&pageSize=100`, reviewer.cookie)).json().result.total).toBe(all.total);
    expect((await get(app, `${C}?kind=QUESTIONNAIRE`, reviewer.cookie)).json().result.total).toBe(0);
  });

  it('assignee filter: mine, unassigned, a given reviewer', async () => {
    const other = await newReviewer(app, 'reviewer-filter@example.com');
    const { caseId: mine } = await submitCase(await fresh());
    const { caseId: theirs } = await submitCase(await fresh());
    const { caseId: nobody } = await submitCase(await fresh());
    expect((await post(app, `${C}/${mine}/assign`, {}, reviewer.cookie)).json().ret_code).toBe(0);
    expect((await post(app, `${C}/${theirs}/assign`, {}, other.cookie)).json().ret_code).toBe(0);
    const ids = async (query: string, cookie = reviewer.cookie) => (await get(app, `${C}?pageSize=100&${query}`, cookie)).json().result.items.map((i: { id: string }) => i.id);
    expect(await ids('assignee=me')).toEqual([mine]);
    expect(await ids('assignee=me', other.cookie)).toEqual([theirs]);
    expect(await ids(`assignee=${other.id}`)).toEqual([theirs]);
    const unassigned = await ids('assignee=unassigned');
    expect(unassigned).toContain(nobody);
    expect(unassigned).not.toContain(mine);
    expect(unassigned).not.toContain(theirs);
    const item = (await get(app, `${C}?pageSize=100&assignee=me`, reviewer.cookie)).json().result.items[0];
    expect(item.assignee).toEqual({ id: reviewer.id, email: reviewer.email });
  });
});

describe('assignment', () => {
  it('assign takes a pending case, release gives it back; both audited; someone else\'s case answers 36001', async () => {
    const other = await newReviewer(app, 'reviewer-assign@example.com');
    const { caseId } = await submitCase(await fresh());
    const assignee = async () => (await app.db.selectFrom('review_cases').select('assignee_id').where('id', '=', caseId).executeTakeFirstOrThrow()).assignee_id;

    const taken = await post(app, `${C}/${caseId}/assign`, {}, reviewer.cookie);
    expect(taken.json()).toMatchObject({ ret_code: 0, result: { case: { id: caseId, assignee: { id: reviewer.id, email: reviewer.email } } } });
    expect(await assignee()).toBe(reviewer.id);
    // Taking one's own case again changes nothing.
    expect((await post(app, `${C}/${caseId}/assign`, {}, reviewer.cookie)).json().ret_code).toBe(0);

    // Someone else can neither take, release nor decide it.
    const refused = await post(app, `${C}/${caseId}/assign`, {}, other.cookie);
    expect(refused.json()).toMatchObject({ ret_code: 36001, result: { assigneeId: reviewer.id } });
    expect((await post(app, `${C}/${caseId}/release`, {}, other.cookie)).json().ret_code).toBe(36001);
    expect((await approve(caseId, {}, other.cookie)).json().ret_code).toBe(36001);
    expect(await decisionsOf(caseId)).toEqual([]);
    expect(await assignee()).toBe(reviewer.id);

    expect((await post(app, `${C}/${caseId}/release`, {}, reviewer.cookie)).json()).toMatchObject({ ret_code: 0, result: { case: { assignee: null } } });
    expect(await assignee()).toBeNull();
    expect((await post(app, `${C}/${caseId}/assign`, {}, other.cookie)).json().ret_code).toBe(0);
    expect(await assignee()).toBe(other.id);

    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'before', 'after']).where('entity_type', '=', 'review_case').where('entity_id', '=', caseId).orderBy('at').orderBy('seq').execute();
    expect(audit.map((a) => a.action).filter((a) => a !== 'review.case.open')).toEqual(['review.case.assign', 'review.case.release', 'review.case.assign']);
    expect(audit.find((a) => a.action === 'review.case.release')).toMatchObject({ actor_id: reviewer.id, before: JSON.stringify({ assigneeId: reviewer.id }), after: JSON.stringify({ assigneeId: null }) });
  });

  it('two reviewers taking the same case at once: exactly one gets it', async () => {
    const other = await newReviewer(app, 'reviewer-race@example.com');
    const { caseId } = await submitCase(await fresh());
    const results = await Promise.all([post(app, `${C}/${caseId}/assign`, {}, reviewer.cookie), post(app, `${C}/${caseId}/assign`, {}, other.cookie)]);
    expect(results.map((r) => r.json().ret_code).sort()).toEqual([0, 36001]);
    const winner = results[0]!.json().ret_code === 0 ? reviewer.id : other.id;
    expect((await app.db.selectFrom('review_cases').select('assignee_id').where('id', '=', caseId).executeTakeFirstOrThrow()).assignee_id).toBe(winner);
  });

  it('a decided case can no longer be taken or released', async () => {
    const { caseId } = await submitCase(await fresh());
    expect((await approve(caseId)).json().ret_code).toBe(0);
    expect((await post(app, `${C}/${caseId}/assign`, {}, reviewer.cookie)).json().ret_code).toBe(10012);
    expect((await post(app, `${C}/${caseId}/release`, {}, reviewer.cookie)).json().ret_code).toBe(10012);
  });
});

describe('case and decisions', () => {
  it('a case shows personal data, documents the reviewer can open, and the history', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    const res = await get(app, `${C}/${caseId}`, reviewer.cookie);
    expect(res.json().ret_code).toBe(0);
    const kase = res.json().result;
    expect(kase.case).toMatchObject({ id: caseId, kind: 'KYC_APPLICATION', subjectId: appId, userId: u.id, email: u.email, status: 'PENDING', decidedAt: null });
    expect(kase.subject.application).toMatchObject({ id: appId, level: 1, status: 'PENDING', decidedAt: null });
    expect(kase.user).toMatchObject({ id: u.id, email: u.email });
    expect(kase.subject.steps).toEqual([
      { level: 1, status: 'PENDING' },
      { level: 2, status: 'NOT_ALLOW' },
    ]);
    expect(kase.subject.submitted.personalInfo).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', dateOfBirth: '1990-12-10', addressLine1: '12 Example Street' });
    expect(kase.subject.submitted.document).toEqual({ country: 'GB', type: 'DRIVERS_LICENSE', number: '' });
    expect(kase.subject.documents.map((d: { kind: string }) => d.kind).sort()).toEqual(['DOCUMENT_BACK', 'DOCUMENT_FRONT', 'SELFIE']);
    expect(kase.decision).toBeNull();
    expect(kase.history.map((h: { action: string }) => h.action)).toEqual(['kyc.step.submit', 'kyc.application.submit', 'review.case.open']);
    expect(kase.history[0]).toMatchObject({ actorType: 'user', actorId: u.id, actorEmail: u.email });

    const doc = kase.subject.documents[0];
    expect(doc.downloadPath).toBe(`/x-api/v1/console/document/${doc.id}`);
    const image = await app.inject({ method: 'GET', url: doc.downloadPath, headers: { cookie: reviewer.cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toContain('image/jpeg');

    expect((await get(app, `${C}/00000000-0000-4000-8000-000000000000`, reviewer.cookie)).json().ret_code).toBe(10011);
    expect((await get(app, `${C}/not-a-uuid`, reviewer.cookie)).json().ret_code).toBe(10001);
  });

  it('opening a case is audited (console.case.view) but not listed in its history; refused and missing reads record nothing', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    const views = () => app.db.selectFrom('audit_log').selectAll().where('action', '=', 'console.case.view').where('entity_id', '=', caseId).orderBy('at').orderBy('seq').execute();
    expect(await views()).toEqual([]);

    const first = (await get(app, `${C}/${caseId}`, reviewer.cookie)).json().result;
    const recorded = await views();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ actor_type: 'reviewer', actor_id: reviewer.id, entity_type: 'review_case', entity_id: caseId, before: null });
    expect(JSON.parse(recorded[0]!.after!)).toEqual({ userId: u.id, kind: 'KYC_APPLICATION', subjectId: appId, status: 'PENDING' });

    // Every read is a record; the history shows what happened to the application, not who looked.
    const other = await newReviewer(app, 'reviewer-viewer@example.com');
    const second = (await get(app, `${C}/${caseId}`, other.cookie)).json().result;
    expect((await views()).map((v) => v.actor_id).sort()).toEqual([reviewer.id, other.id].sort());
    for (const kase of [first, second]) expect(kase.history.map((h: { action: string }) => h.action)).toEqual(['kyc.step.submit', 'kyc.application.submit', 'review.case.open']);

    expect((await get(app, `${C}/${caseId}`, u.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, `${C}/${caseId}`, '')).json().ret_code).toBe(10007);
    const missing = '00000000-0000-4000-8000-000000000001';
    expect((await get(app, `${C}/${missing}`, reviewer.cookie)).json().ret_code).toBe(10011);
    expect(await views()).toHaveLength(2);
    expect(await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', missing).execute()).toEqual([]);
  });

  it('approve: one transaction of decision, SUCCESS, level 2 opened, audit; shown on the case; a second decision fails', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    const res = await approve(caseId, { internalNote: 'all consistent' });
    expect(res.json()).toMatchObject({
      ret_code: 0,
      result: { caseId, status: 'APPROVED', subjectStatus: 'SUCCESS', decision: { outcome: 'APPROVE', decider: { type: 'reviewer', id: reviewer.id, email: reviewer.email }, internalNote: 'all consistent' } },
    });
    const stored = await app.db.selectFrom('review_cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ status: 'APPROVED', assignee_id: reviewer.id });
    expect(stored.decided_at).not.toBeNull();
    expect(await decisionsOf(caseId)).toEqual([expect.objectContaining({ actor_type: 'reviewer', actor_id: reviewer.id, outcome: 'APPROVE', mode: null, reason_code: null, internal_note: 'all consistent' })]);

    const row = await app.db.selectFrom('kyc_applications').selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'APPROVED', pending_key: null });
    expect(row.decided_at).not.toBeNull();
    const steps = await storedSteps(app, u.id);
    expect(steps).toEqual([
      { level: 1, status: 'SUCCESS' },
      { level: 2, status: 'ALLOW' },
    ]);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', appId).where('action', '=', 'kyc.application.approve').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_type: 'reviewer', actor_id: reviewer.id });
    expect(JSON.parse(audit.before!)).toEqual({ status: 'PENDING', stepStatus: 'PENDING' });
    expect(JSON.parse(audit.after!)).toMatchObject({ status: 'APPROVED', stepStatus: 'SUCCESS' });

    const kase = (await get(app, `${C}/${caseId}`, reviewer.cookie)).json().result;
    expect(kase.decision).toMatchObject({ outcome: 'APPROVE', decider: { email: reviewer.email } });
    expect(kase.case.secondsToDecision).toBe(Math.round((Date.parse(kase.case.decidedAt) - Date.parse(kase.case.openedAt)) / 1000));
    expect(kase.history.map((h: { action: string }) => h.action)).toEqual([
      'kyc.step.submit',
      'kyc.application.submit',
      'review.case.open',
      'kyc.step.approve',
      'kyc.application.approve',
      'review.case.decide',
    ]);
    expect(kase.history.find((h: { action: string }) => h.action === 'kyc.application.approve')).toMatchObject({ actorType: 'reviewer', actorEmail: reviewer.email, before: { status: 'PENDING' }, after: { status: 'APPROVED' } });

    expect((await approve(caseId)).json().ret_code).toBe(10012);
    expect((await reject(caseId, RETRY)).json().ret_code).toBe(10012);
    expect(await decisionsOf(caseId)).toHaveLength(1);
    expect(await level1Status(u.id)).toBe('SUCCESS');
  });

  it('two reviewers deciding at once: exactly one decision', async () => {
    const u = await fresh();
    const { caseId } = await submitCase(u);
    const other = await newReviewer(app, 'reviewer-two@example.com');
    const results = await Promise.all([approve(caseId), reject(caseId, RETRY, other.cookie), approve(caseId, {}, other.cookie)]);
    expect(results.map((r) => r.json().ret_code).filter((c) => c === 0)).toHaveLength(1);
    // The loser finds the case decided, or (once the winner holds it) assigned to the winner.
    for (const r of results) expect([0, 10012, 36001]).toContain(r.json().ret_code);
    expect(await decisionsOf(caseId)).toHaveLength(1);
  });

  it('reject RETRY: the user sees the reason and message, never the internal note, and can resubmit', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    const res = await reject(caseId, RETRY);
    expect(res.json()).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_RETRY', decision: { mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', internalNote: RETRY.internalNote } } });

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

    const again = await submitCase(u);
    expect(again.appId).not.toBe(appId);
    expect(again.caseId).not.toBe(caseId);
    expect(await level1Status(u.id)).toBe('PENDING');
    // The new case lists the rejected application with its case's decision.
    const kase = (await get(app, `${C}/${again.caseId}`, reviewer.cookie)).json().result;
    expect(kase.subject.previous).toEqual([expect.objectContaining({ id: appId, caseId, status: 'REJECTED', decision: expect.objectContaining({ reasonCode: 'DOCUMENT_UNREADABLE' }) })]);
    // The case page lists the user's other cases, newest first (here the rejected one), never this one.
    expect(kase.userCases).toEqual([{ id: caseId, kind: 'KYC_APPLICATION', level: 1, status: 'REJECTED', openedAt: expect.any(String), decidedAt: expect.any(String) }]);
    expect((await get(app, `${C}/${caseId}`, reviewer.cookie)).json().result.userCases).toEqual([expect.objectContaining({ id: again.caseId, status: 'PENDING', decidedAt: null })]);
    // A new pending review hides the old notice.
    expect((await post(app, '/v3/private/kyc/kyc-info', {}, u.cookie)).json().result.errorNotify).toEqual([]);
  });

  it('reject FINAL: FAILED_AND_CAN_NOT_RETRY', async () => {
    const u = await fresh();
    const { caseId } = await submitCase(u);
    const res = await reject(caseId, { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify your identity.' });
    expect(res.json().result).toMatchObject({ status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_NOT_RETRY', decision: { mode: 'FINAL', internalNote: '' } });
    const r = (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result;
    expect(r.state[0].status).toBe('FAILED_AND_CAN_NOT_RETRY');
    expect(r.errorNotify[0]).toMatchObject({ status: 'FAILED_AND_CAN_NOT_RETRY', reasonCode: 'SUSPECTED_FRAUD' });
  });

  it('refuses a reason that does not apply to the level, or a missing message; nothing changes', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    const wrongLevel = await reject(caseId, { ...RETRY, reasonCode: 'PROOF_OF_ADDRESS_TOO_OLD' });
    expect(wrongLevel.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'reasonCode', code: 'kyc-rules.reason_not_applicable' }] } });
    const noMessage = await reject(caseId, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: '  ' });
    expect(noMessage.json().result.fields).toEqual([{ path: 'userMessage', code: 'required', params: { min: 1 } }]);
    const badMode = await reject(caseId, { ...RETRY, mode: 'MAYBE' });
    expect(badMode.json().result.fields).toEqual([{ path: 'mode', code: 'type' }]);
    expect((await app.db.selectFrom('kyc_applications').select('status').where('id', '=', appId).executeTakeFirstOrThrow()).status).toBe('PENDING');
    expect((await app.db.selectFrom('review_cases').select('status').where('id', '=', caseId).executeTakeFirstOrThrow()).status).toBe('PENDING');
    expect(await decisionsOf(caseId)).toEqual([]);
  });
});

describe('deciders other than reviewers', () => {
  it('a provider decides through the review module like a reviewer: same step event, its own actor, no reviewer needed', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    const provider = { type: 'provider', id: 'PROVIDER_DEFAULT' } as const;
    const result = await app.services.review.decideSubject('KYC_APPLICATION', appId, provider, {
      outcome: 'REJECT',
      mode: 'RETRY',
      reasonCode: 'SELFIE_UNCLEAR',
      userMessage: 'Please retake your selfie in better light.',
      internalNote: 'vendor label: LOW_QUALITY',
    });
    expect(result).toMatchObject({ subjectStatus: 'FAILED_AND_CAN_RETRY', decision: { decider: provider } });
    expect(await decisionsOf(caseId)).toEqual([expect.objectContaining({ actor_type: 'provider', actor_id: 'PROVIDER_DEFAULT', reason_code: 'SELFIE_UNCLEAR' })]);
    expect(await level1Status(u.id)).toBe('FAILED_AND_CAN_RETRY');
    const kase = (await get(app, `${C}/${caseId}`, reviewer.cookie)).json().result;
    expect(kase.decision).toMatchObject({ decider: { type: 'provider', id: 'PROVIDER_DEFAULT', email: null } });
    expect(kase.history.find((h: { action: string }) => h.action === 'kyc.step.reject_retry')).toMatchObject({ actorType: 'provider', actorId: 'PROVIDER_DEFAULT' });
    // The user sees the provider's reason like a reviewer's.
    expect((await post(app, '/v3/private/kyc/kyc-info', {}, u.cookie)).json().result.additionalRejectReason).toEqual([{ level: 1, reasonCode: 'SELFIE_UNCLEAR', message: 'Please retake your selfie in better light.' }]);
  });

  it('a user can never decide, and a rejection without mode or reason is refused; nothing changes', async () => {
    const u = await fresh();
    const { appId, caseId } = await submitCase(u);
    await expect(
      app.services.review.decide(caseId, { type: 'user', id: u.id }, { outcome: 'APPROVE', mode: null, reasonCode: null, userMessage: '', internalNote: '' }),
    ).rejects.toMatchObject({ retCode: 10009 });
    await expect(
      app.services.review.decideSubject('KYC_APPLICATION', appId, { type: 'system', id: null }, { outcome: 'REJECT', mode: null, reasonCode: null, userMessage: '', internalNote: '' }),
    ).rejects.toMatchObject({ retCode: 10012 });
    expect(await decisionsOf(caseId)).toEqual([]);
    expect(await level1Status(u.id)).toBe('PENDING');
  });
});
