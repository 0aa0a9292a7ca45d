import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { createKycTestApp, get, newReviewer, newUser, post, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Overrides of what the system decided (decision 052): a scored questionnaire (the Satos onboarding's
 * appropriateness test) failed or passed by the system is decided again by a senior reviewer, with
 * four-eyes as configured (here: approving a questionnaire takes a second senior reviewer). Reply,
 * stored state (status, attempt, decisions), audit and what the user then sees.
 */
const K = '/v3/private/kyc';
const C = '/v1/console/cases';
const SYSTEM = { type: 'system', id: null } as const;
const S = QuestionnaireStatus;
const FAIL = { limit: 'limit_now', fees: 'fees_none', seed: 'seed_share', diversify: 'div_spread' };
const PASS = { limit: 'limit_price', fees: 'fees_both', seed: 'seed_secret', diversify: 'div_spread' };

let app: App;
let close: () => Promise<void>;
let senior: TestUser;
let second: TestUser;
let plain: TestUser;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp({ fourEyes: [{ outcome: 'APPROVE', kinds: ['QUESTIONNAIRE'] }] }));
  senior = await newReviewer(app, 'qo-senior@example.com');
  second = await newReviewer(app, 'qo-second@example.com');
  plain = await newReviewer(app, 'qo-plain@example.com');
  for (const r of [senior, second]) await app.services.staff.setRole(r.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

let seq = 0;
/** A user's system-decided attempt at the appropriateness test; returns its id and its case. */
async function scored(answers: Record<string, string>) {
  const u = await newUser(app, `qo-${(seq += 1)}@example.com`);
  const id = (await post(app, `${K}/create-satos-questionnaire`, {}, u.cookie)).json().result.requestId as string;
  expect((await post(app, `${K}/submit-questionnaire`, { request_id: id, answers }, u.cookie)).json().ret_code).toBe(0);
  const kase = (await app.db.selectFrom('review_cases').select(['id', 'status']).where('subject_id', '=', id).executeTakeFirstOrThrow());
  return { u, id, kase };
}
const stepOf = async (userId: string) => (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'questionnaire').where('subject_id', '=', userId).where('step', '=', 'standardQuest').executeTakeFirst())?.status;
const attempt = (id: string) => app.db.selectFrom('questionnaire_answers').select(['outcome', 'closed', 'retry_after']).where('id', '=', id).executeTakeFirstOrThrow();
const decisions = (caseId: string) => app.db.selectFrom('review_decisions').select(['actor_type', 'outcome', 'mode', 'supersedes_id', 'current_key']).where('case_id', '=', caseId).orderBy('created_at').execute();

describe('overriding the system (decision 052)', () => {
  it('a failed test approved by override: a proposal (four-eyes), then confirmed: APPROVED, no cooling-off, the system decision retired, audited', async () => {
    const { u, id, kase } = await scored(FAIL);
    expect(kase.status).toBe('REJECTED');
    expect(await stepOf(u.id)).toBe(S.QUESTIONNAIRE_STATUS_REJECTED);
    expect((await attempt(id)).retry_after).not.toBeNull();
    // The console offers it: the current decision is the system's.
    expect((await get(app, `${C}/${kase.id}`, senior.cookie)).json().result.decision).toMatchObject({ decider: { type: 'system' }, outcome: 'REJECT' });

    const body = { outcome: 'APPROVE', internalNote: 'Answered the fee question in the interview; the form misread it.' };
    expect((await post(app, `${C}/${kase.id}/override`, body, plain.cookie)).json().ret_code).toBe(10009);
    const proposed = (await post(app, `${C}/${kase.id}/override`, body, senior.cookie)).json();
    expect(proposed).toMatchObject({ ret_code: 0, result: { proposal: { status: 'OPEN', outcome: 'APPROVE' } } });
    expect(await stepOf(u.id)).toBe(S.QUESTIONNAIRE_STATUS_REJECTED);
    // Four eyes are two people.
    expect((await post(app, `${C}/${kase.id}/confirm`, { note: 'mine' }, senior.cookie)).json().ret_code).toBe(36002);
    const confirmed = (await post(app, `${C}/${kase.id}/confirm`, { note: 'Agreed.' }, second.cookie)).json();
    expect(confirmed).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: S.QUESTIONNAIRE_STATUS_APPROVED } });

    expect(await stepOf(u.id)).toBe(S.QUESTIONNAIRE_STATUS_APPROVED);
    expect(await attempt(id)).toEqual({ outcome: S.QUESTIONNAIRE_STATUS_APPROVED, closed: 0, retry_after: null });
    expect(await decisions(kase.id)).toEqual([
      { actor_type: 'system', outcome: 'REJECT', mode: 'RETRY', supersedes_id: null, current_key: null },
      expect.objectContaining({ actor_type: 'reviewer', outcome: 'APPROVE', current_key: kase.id }),
    ]);
    const actions = (await app.db.selectFrom('audit_log').select('action').where('entity_id', 'in', [id, kase.id, `${u.id}:standardQuest`]).orderBy('seq').execute()).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['review.case.propose', 'review.case.confirm', 'questionnaire.override_approve', 'questionnaire.override', 'review.case.override']));
    // What the user sees: the test passed.
    expect((await get(app, `${K}/query-satos-questionnaire`, u.cookie)).json().result).toMatchObject({ requestId: id, status: S.QUESTIONNAIRE_STATUS_APPROVED, retryAfter: null });
  });

  it('a pass withdrawn (FINAL, no four-eyes rule for rejections here): REJECTED and closed; refused once the user moved on', async () => {
    const { u, id, kase } = await scored(PASS);
    const res = (await post(app, `${C}/${kase.id}/override`, { outcome: 'REJECT', mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'Please contact support.', internalNote: 'Answers were given by someone else.' }, senior.cookie)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: S.QUESTIONNAIRE_STATUS_REJECTED } });
    expect(await stepOf(u.id)).toBe(S.QUESTIONNAIRE_STATUS_REJECTED);
    expect(await attempt(id)).toMatchObject({ outcome: S.QUESTIONNAIRE_STATUS_REJECTED, closed: 1 });
    // A reviewer's decision is not overridden (four-eyes is the check on reviewers).
    expect((await post(app, `${C}/${kase.id}/override`, { outcome: 'APPROVE', internalNote: 'changed my mind' }, second.cookie)).json().ret_code).toBe(36010);

    // Moved on: a newer attempt after the system's fail.
    const other = await scored(FAIL);
    await app.db.updateTable('questionnaire_answers').set({ retry_after: null }).where('id', '=', other.id).execute();
    expect((await post(app, `${K}/create-satos-questionnaire`, {}, other.u.cookie)).json().ret_code).toBe(0);
    expect((await post(app, `${C}/${other.kase.id}/override`, { outcome: 'APPROVE', internalNote: 'late' }, senior.cookie)).json().ret_code).toBe(36012);
    expect(await decisions(other.kase.id)).toHaveLength(1);
  });
});
