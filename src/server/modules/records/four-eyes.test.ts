import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, storedSteps, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';

/**
 * Four-eyes (decision 018) with the production rules (FOUR_EYES_RULES unset: level-2 approvals and
 * every FINAL rejection): the first reviewer proposes, another senior reviewer confirms or sends
 * back; the subject changes only on confirmation; nobody confirms their own proposal.
 */
let app: App;
let close: () => Promise<void>;
let a: TestUser; // plain reviewer: proposes
let b: TestUser; // senior reviewer: confirms
let c: TestUser; // plain reviewer: may not confirm
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;

beforeAll(async () => {
  // The production default rules (the KYC tests turn four-eyes off).
  ({ app, close } = await createKycTestApp({ fourEyes: loadConfig({}).fourEyes }));
  a = await newReviewer(app, 'fe-a@example.com');
  b = await newReviewer(app, 'fe-b@example.com');
  c = await newReviewer(app, 'fe-c@example.com');
  await app.services.staff.setRole(b.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

const C = '/v1/console/cases';
const finalReject = { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify you.', internalNote: 'Document tampered.' };

async function pendingCase() {
  const u = await newUser(app, `fe-user-${++seq}@example.com`);
  const appId = await submitLevel1(app, u);
  return { u, appId, caseId: await caseOf(app, appId) };
}
const decisionRows = (caseId: string) => app.db.selectFrom('review_decisions').selectAll().where('case_id', '=', caseId).execute();
const proposalRows = (caseId: string) => app.db.selectFrom('review_proposals').selectAll().where('case_id', '=', caseId).orderBy('proposed_at').execute();
const caseRow = (caseId: string) => app.db.selectFrom('review_cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();

describe('four-eyes', () => {
  it('a FINAL rejection is a proposal until a different senior reviewer confirms it; only then does the step change', async () => {
    const { u, caseId } = await pendingCase();
    const proposed = (await post(app, `${C}/${caseId}/reject`, finalReject, a.cookie)).json();
    expect(proposed).toMatchObject({ ret_code: 0, result: { status: 'PENDING', decision: null, subjectStatus: null, proposal: { status: 'OPEN', outcome: 'REJECT', mode: 'FINAL', proposer: { id: a.id, email: a.email } } } });
    expect(await decisionRows(caseId)).toEqual([]);
    expect(await caseRow(caseId)).toMatchObject({ status: 'PENDING', assignee_id: a.id });
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 1, status: 'PENDING' });

    // The console shows what awaits a second look.
    const awaiting = (await get(app, `${C}?secondLook=true&pageSize=100`, b.cookie)).json().result;
    expect(awaiting.items.map((i: { id: string }) => i.id)).toContain(caseId);
    expect(awaiting.items.find((i: { id: string }) => i.id === caseId).awaitingSecondLook).toMatchObject({ proposer: { id: a.id }, outcome: 'REJECT' });
    const page = (await get(app, `${C}/${caseId}`, b.cookie)).json().result;
    expect(page.proposals).toMatchObject([{ status: 'OPEN', internalNote: 'Document tampered.', proposer: { email: a.email } }]);

    // The proposer cannot decide again meanwhile, nor confirm their own proposal.
    expect((await post(app, `${C}/${caseId}/approve`, {}, a.cookie)).json().ret_code).toBe(10012);
    await app.services.staff.setRole(a.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
    const self = (await post(app, `${C}/${caseId}/confirm`, {}, a.cookie)).json();
    expect(self).toMatchObject({ ret_code: 36002, result: { proposerId: a.id } });
    await app.services.staff.setRole(a.id, ConsoleRole.REVIEWER, SYSTEM);
    expect((await proposalRows(caseId))[0]).toMatchObject({ status: 'OPEN', resolved_by: null });

    const confirmed = (await post(app, `${C}/${caseId}/confirm`, { note: 'Agreed: tampering visible.' }, b.cookie)).json();
    expect(confirmed).toMatchObject({
      ret_code: 0,
      result: { status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_NOT_RETRY', proposal: null, decision: { decider: { type: 'reviewer', id: a.id }, confirmedBy: { id: b.id, email: b.email }, mode: 'FINAL' } },
    });
    expect(await decisionRows(caseId)).toMatchObject([{ actor_id: a.id, confirmed_by: b.id, outcome: 'REJECT', mode: 'FINAL', internal_note: 'Document tampered.' }]);
    expect((await proposalRows(caseId))[0]).toMatchObject({ status: 'CONFIRMED', resolved_by: b.id, open_key: null, resolution_note: 'Agreed: tampering visible.' });
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 1, status: 'FAILED_AND_CAN_NOT_RETRY' });
    const actions = (await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', caseId).orderBy('seq').execute()).map((r) => `${r.action}:${r.actor_id === a.id ? 'a' : r.actor_id === b.id ? 'b' : '-'}`);
    expect(actions).toEqual(expect.arrayContaining(['review.case.propose:a', 'review.case.confirm:b', 'review.case.decide:b']));
    expect((await get(app, `${C}?secondLook=true&pageSize=100`, b.cookie)).json().result.items.map((i: { id: string }) => i.id)).not.toContain(caseId);
  });

  it('a senior reviewer sends a proposal back with why; the case returns to its proposer, who proposes again', async () => {
    const { u, caseId } = await pendingCase();
    await post(app, `${C}/${caseId}/reject`, finalReject, a.cookie);
    expect((await post(app, `${C}/${caseId}/send-back`, { note: '' }, b.cookie)).json().ret_code).toBe(10001);
    const back = (await post(app, `${C}/${caseId}/send-back`, { note: 'Not fraud: ask for a new photo (RETRY).' }, b.cookie)).json();
    expect(back).toMatchObject({ ret_code: 0, result: { status: 'PENDING', decision: null, proposal: { status: 'SENT_BACK', resolvedBy: { id: b.id }, resolutionNote: 'Not fraud: ask for a new photo (RETRY).' } } });
    expect(await caseRow(caseId)).toMatchObject({ status: 'PENDING', assignee_id: a.id });
    expect(await decisionRows(caseId)).toEqual([]);
    // Nothing awaits a second look now: confirming finds no proposal.
    expect((await post(app, `${C}/${caseId}/confirm`, {}, b.cookie)).json().ret_code).toBe(10012);
    // A RETRY rejection is not under four-eyes: decided in one step.
    const retry = (await post(app, `${C}/${caseId}/reject`, { ...finalReject, mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE' }, a.cookie)).json();
    expect(retry).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', proposal: null, decision: { decider: { id: a.id }, confirmedBy: null } } });
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 1, status: 'FAILED_AND_CAN_RETRY' });
  });

  it('roles are checked on the server: a plain reviewer, a user and an anonymous caller cannot confirm or send back', async () => {
    const { caseId } = await pendingCase();
    await post(app, `${C}/${caseId}/reject`, finalReject, a.cookie);
    const user = await newUser(app, `fe-plain-${++seq}@example.com`);
    expect((await post(app, `${C}/${caseId}/confirm`, {}, c.cookie)).json()).toMatchObject({ ret_code: 10009, result: { requiredRole: 'senior_reviewer' } });
    expect((await post(app, `${C}/${caseId}/send-back`, { note: 'x' }, c.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `${C}/${caseId}/confirm`, {}, user.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `${C}/${caseId}/confirm`, {})).json().ret_code).toBe(10007);
    expect((await proposalRows(caseId))[0]).toMatchObject({ status: 'OPEN' });
    // A role taken away applies at once.
    await app.services.staff.setRole(c.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
    await app.services.staff.setRole(c.id, ConsoleRole.REVIEWER, SYSTEM);
    expect((await post(app, `${C}/${caseId}/confirm`, {}, c.cookie)).json().ret_code).toBe(10009);
  });

  it('level-1 approvals are single-step; a provider decides in one step and supersedes an open proposal', async () => {
    const { caseId } = await pendingCase();
    expect((await post(app, `${C}/${caseId}/approve`, {}, a.cookie)).json()).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', proposal: null } });

    const second = await pendingCase();
    await post(app, `${C}/${second.caseId}/reject`, finalReject, a.cookie);
    const provider = { type: 'provider', id: 'PROVIDER_SUMSUB' } as const;
    const decided = await app.services.review.decideSubject('KYC_APPLICATION', second.appId, provider, { outcome: 'APPROVE', mode: null, reasonCode: null, userMessage: '', internalNote: '' });
    expect(decided).toMatchObject({ kind: 'decided', case: { status: 'APPROVED' }, decision: { decider: provider, confirmedBy: null } });
    expect((await proposalRows(second.caseId))[0]).toMatchObject({ status: 'SUPERSEDED', open_key: null });
  });
});
