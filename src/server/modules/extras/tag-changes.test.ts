import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { createKycTestApp, get, newReviewer, newUser, post, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Issue 26 (decision 036): lowering what a member must prove (KYC '1', KYB '1') takes two senior
 * reviewers, through the review module's four-eyes proposals — even with FOUR_EYES_RULES empty, as
 * this app has them. Each step's reply AND what it stored: the tag, the change, the case, the
 * proposal, the audit trail.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let senior: TestUser;
let senior2: TestUser;
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'tc-rev@example.com');
  senior = await newReviewer(app, 'tc-senior@example.com');
  senior2 = await newReviewer(app, 'tc-senior2@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
  await app.services.staff.setRole(senior2.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

const fresh = () => newUser(app, `tc-${++seq}@example.com`);
const setTag = (u: TestUser, tagName: string, value: string, cookie: string, reason = 'Institutional client, verified offline') =>
  post(app, `/v1/console/members/${u.id}/tag`, { tagName, value, reason }, cookie);
const tagsOf = async (userId: string) => JSON.parse((await app.db.selectFrom('users').select('member_tag').where('id', '=', userId).executeTakeFirstOrThrow()).member_tag);
const changesOf = (userId: string) => app.db.selectFrom('member_tag_changes').selectAll().where('user_id', '=', userId).execute();
const caseRow = (id: string) => app.db.selectFrom('review_cases').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const proposalsOf = (caseId: string) => app.db.selectFrom('review_proposals').selectAll().where('case_id', '=', caseId).execute();
const actions = async (entityId: string) => (await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', entityId).orderBy('at').orderBy('seq').execute()).map((a) => `${a.action}:${a.actor_id}`);

describe('member tag changes that lower a duty', () => {
  it("a plain reviewer's KYC '1' is refused with 36013 and nothing is stored", async () => {
    const u = await fresh();
    const res = (await setTag(u, 'KYC', '1', reviewer.cookie)).json();
    expect(res).toMatchObject({ ret_code: 36013, result: { requiredRole: 'senior_reviewer' } });
    expect(await tagsOf(u.id)).toEqual({});
    expect(await changesOf(u.id)).toEqual([]);
    expect(await actions(u.id)).not.toContain(`member.tag.set:${reviewer.id}`);
  });

  it("a senior reviewer's KYC '1' is a proposal; another senior reviewer's confirmation applies it; audited at each step", async () => {
    const u = await fresh();
    const proposed = (await setTag(u, 'KYC', '1', senior.cookie)).json();
    // The reply: the member unchanged, the change awaiting its second look.
    expect(proposed.ret_code).toBe(0);
    expect(proposed.result.member_tag).toEqual({});
    expect(proposed.result.tagChanges).toMatchObject([{ tagName: 'KYC', value: '1', previousValue: null, reason: 'Institutional client, verified offline', requestedBy: { id: senior.id, email: senior.email }, status: 'PENDING' }]);
    const { caseId, id: changeId } = proposed.result.tagChanges[0];
    // Stored: the tag as it was, the change, a pending MEMBER_TAG case held by the proposer, an open proposal.
    expect(await tagsOf(u.id)).toEqual({});
    expect(await changesOf(u.id)).toMatchObject([{ id: changeId, tag_name: 'KYC', value: '1', previous_value: null, requested_by: senior.id }]);
    expect(await caseRow(caseId)).toMatchObject({ subject_kind: 'MEMBER_TAG', subject_id: changeId, user_id: u.id, status: 'PENDING', assignee_id: senior.id });
    expect(await proposalsOf(caseId)).toMatchObject([{ proposer_id: senior.id, outcome: 'APPROVE', status: 'OPEN', internal_note: 'Institutional client, verified offline' }]);
    // The queue's "Awaiting second look" lists it; the case page shows the change.
    const queue = (await get(app, '/v1/console/cases?status=PENDING&assignee=any&secondLook=true&kind=MEMBER_TAG', senior2.cookie)).json().result;
    expect(queue.items.map((i: { id: string }) => i.id)).toContain(caseId);
    const page = (await get(app, `/v1/console/cases/${caseId}`, senior2.cookie)).json().result;
    expect(page.subject).toMatchObject({ kind: 'MEMBER_TAG', change: { id: changeId, tagName: 'KYC', value: '1' }, currentValue: null });

    // Four eyes are two people; a plain reviewer cannot confirm at all.
    expect((await post(app, `/v1/console/cases/${caseId}/confirm`, { note: '' }, senior.cookie)).json().ret_code).toBe(36002);
    expect((await post(app, `/v1/console/cases/${caseId}/confirm`, { note: '' }, reviewer.cookie)).json().ret_code).toBe(10009);
    expect(await tagsOf(u.id)).toEqual({});

    const confirmed = (await post(app, `/v1/console/cases/${caseId}/confirm`, { note: 'Checked the contract' }, senior2.cookie)).json();
    expect(confirmed).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: 'APPLIED', decision: { decider: { id: senior.id }, confirmedBy: { id: senior2.id } } } });
    expect(await tagsOf(u.id)).toEqual({ KYC: '1' });
    expect(await caseRow(caseId)).toMatchObject({ status: 'APPROVED' });
    expect((await get(app, `/v1/console/members/${u.id}`, reviewer.cookie)).json().result).toMatchObject({ member_tag: { KYC: '1' }, tagChanges: [] });
    expect(await actions(changeId)).toEqual([`member.tag_change.propose:${senior.id}`, `member.tag_change.apply:${senior2.id}`]);
    expect(await actions(caseId)).toEqual(expect.arrayContaining([`review.case.open:${senior.id}`, `review.case.propose:${senior.id}`, `review.case.confirm:${senior2.id}`, `review.case.decide:${senior2.id}`]));
    expect(await actions(u.id)).toContain(`member.tag.set:${senior2.id}`);
    // The member now has no steps (§4).
    expect((await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result.state[0]).toMatchObject({ level: 1, status: 'NOT_ALLOW' });
  });

  it('a second proposal of the same tag waits for the first (36014); sent back, the proposer withdraws it and nothing changes', async () => {
    const u = await fresh();
    const first = (await setTag(u, 'KYB', '1', senior.cookie)).json().result.tagChanges[0];
    expect((await setTag(u, 'KYB', '1', senior2.cookie)).json()).toMatchObject({ ret_code: 36014, result: { caseId: first.caseId } });
    expect(await changesOf(u.id)).toHaveLength(1);
    expect((await post(app, `/v1/console/cases/${first.caseId}/send-back`, { note: 'No contract on file' }, senior2.cookie)).json().ret_code).toBe(0);
    // Still under way (with its proposer) until withdrawn.
    expect((await get(app, `/v1/console/members/${u.id}`, reviewer.cookie)).json().result.tagChanges).toMatchObject([{ id: first.id, status: 'PENDING' }]);
    const withdrawn = (await post(app, `/v1/console/cases/${first.caseId}/reject`, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'Withdrawn.', internalNote: 'No contract' }, senior.cookie)).json();
    expect(withdrawn).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'WITHDRAWN' } });
    expect(await tagsOf(u.id)).toEqual({});
    expect(await actions(first.id)).toEqual([`member.tag_change.propose:${senior.id}`, `member.tag_change.withdraw:${senior.id}`]);
    expect((await get(app, `/v1/console/members/${u.id}`, reviewer.cookie)).json().result.tagChanges).toEqual([]);
  });

  it("erasure blanks the proposers' reasons (reviewer notes) and keeps the change itself", async () => {
    const u = await fresh();
    await setTag(u, 'KYC', '1', senior.cookie, 'Mr Example, passport seen at the branch');
    expect(await app.services.extras.personalData.eraseOf!(app.db, u.id)).toBeGreaterThanOrEqual(1);
    expect(await changesOf(u.id)).toMatchObject([{ tag_name: 'KYC', value: '1', reason: '', requested_by: senior.id }]);
  });

  it('raising a duty or a tag that lowers nothing stays one reviewer\'s call', async () => {
    const u = await fresh();
    expect((await setTag(u, 'KYC', '0', reviewer.cookie)).json()).toMatchObject({ ret_code: 0, result: { member_tag: { KYC: '0' }, tagChanges: [] } });
    expect((await setTag(u, 'NEW_SATOS_GRAY', '1', reviewer.cookie)).json()).toMatchObject({ ret_code: 0, result: { member_tag: { KYC: '0', NEW_SATOS_GRAY: '1' } } });
    expect((await setTag(u, 'KYB', '0', reviewer.cookie)).json().result.member_tag).toEqual({ KYC: '0', NEW_SATOS_GRAY: '1', KYB: '0' });
    expect(await changesOf(u.id)).toEqual([]);
  });
});
