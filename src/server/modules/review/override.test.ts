import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentType } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import type { DecisionInput } from './review.service.ts';
import { caseOf, createKycTestApp, get, ID_CARD_KINDS, newReviewer, newUser, post, storedSteps, submitLevel1, uploadDrafts, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Decision 022: a senior reviewer overrides a verification provider's decision in the console. The
 * provider decides through the review service as its webhook does (actor `provider`); the override
 * is a new decision naming the one it replaces, the level moves through the step machine, four-eyes
 * applies as to any reviewer decision, and only senior reviewers may do it. Replies and stored
 * state are checked (SQLite, and PostgreSQL under scripts/with-postgres.sh).
 */
let app: App;
let close: () => Promise<void>;
let senior: TestUser;
let senior2: TestUser;
let plain: TestUser;
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;
const SUMSUB = { type: 'provider', id: 'PROVIDER_SUMSUB' } as const;
const C = '/v1/console/cases';

const GREEN: DecisionInput = { outcome: 'APPROVE', mode: null, reasonCode: null, userMessage: '', internalNote: '' };
const RED = (mode: 'RETRY' | 'FINAL'): DecisionInput => ({
  outcome: 'REJECT',
  mode,
  reasonCode: 'DOCUMENT_EXPIRED',
  reasonCodes: ['DOCUMENT_EXPIRED', 'SELFIE_MISMATCH'],
  userMessage: 'Your document has expired.',
  internalNote: 'Sumsub labels: EXPIRATION_DATE, SELFIE_MISMATCH',
});

beforeAll(async () => {
  // The production four-eyes rules: level-2 approvals and FINAL rejections need a second look.
  ({ app, close } = await createKycTestApp({ fourEyes: loadConfig({}).fourEyes }));
  senior = await newReviewer(app, 'ov-senior@example.com');
  senior2 = await newReviewer(app, 'ov-senior2@example.com');
  plain = await newReviewer(app, 'ov-plain@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
  await app.services.staff.setRole(senior2.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

/** A level-1 application the provider decided as `input`. */
async function providerDecided(input: DecisionInput) {
  const u = await newUser(app, `ov-user-${++seq}@example.com`);
  const appId = await submitLevel1(app, u);
  await app.services.review.decideSubject('KYC_APPLICATION', appId, SUMSUB, input);
  return { u, appId, caseId: await caseOf(app, appId) };
}

const decisionRows = (caseId: string) => app.db.selectFrom('review_decisions').selectAll().where('case_id', '=', caseId).orderBy('created_at').orderBy('id').execute();
const caseRow = (caseId: string) => app.db.selectFrom('review_cases').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow();
const appRow = (id: string) => app.db.selectFrom('kyc_applications').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const actions = async (entityId: string) => (await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', entityId).orderBy('seq').execute()).map((r) => r.action);
const kycInfo = async (u: TestUser) => (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true }, u.cookie)).json().result;

describe('override of a provider decision', () => {
  it('a provider FINAL rejection becomes an approval: a new decision replaces it, the level is reached, level 2 opens, kyc-info follows, audited', async () => {
    const { u, appId, caseId } = await providerDecided(RED('FINAL'));
    // Every reason of the decision is the application's (decision 052), so kyc-info shows each.
    expect((await kycInfo(u)).errorNotify.map((n: { reasonCode: string }) => n.reasonCode)).toEqual(['DOCUMENT_EXPIRED', 'SELFIE_MISMATCH']);

    const res = (await post(app, `${C}/${caseId}/override`, { outcome: 'APPROVE', internalNote: 'Document valid until 2030: Sumsub misread the date.' }, senior.cookie)).json();
    expect(res).toMatchObject({
      ret_code: 0,
      result: { status: 'APPROVED', subjectStatus: 'SUCCESS', proposal: null, decision: { outcome: 'APPROVE', decider: { type: 'reviewer', id: senior.id, email: senior.email }, confirmedBy: null, current: true } },
    });
    const [old, now] = await decisionRows(caseId);
    expect(old).toMatchObject({ actor_type: 'provider', actor_id: 'PROVIDER_SUMSUB', outcome: 'REJECT', mode: 'FINAL', current_key: null, supersedes_id: null });
    expect(JSON.parse(old!.reason_codes!)).toEqual(['DOCUMENT_EXPIRED', 'SELFIE_MISMATCH']);
    expect(now).toMatchObject({ id: res.result.decision.id, actor_type: 'reviewer', actor_id: senior.id, outcome: 'APPROVE', supersedes_id: old!.id, current_key: caseId, internal_note: 'Document valid until 2030: Sumsub misread the date.' });
    expect(res.result.decision.supersedesId).toBe(old!.id);
    expect(await caseRow(caseId)).toMatchObject({ status: 'APPROVED', assignee_id: senior.id });
    expect(await appRow(appId)).toMatchObject({ status: 'APPROVED', reason_codes: null, pending_key: null });
    expect(await storedSteps(app, u.id)).toEqual([
      { level: 1, status: 'SUCCESS' },
      { level: 2, status: 'ALLOW' },
    ]);
    const info = await kycInfo(u);
    expect(info.errorNotify).toEqual([]);
    expect(info.state).toContainEqual(expect.objectContaining({ level: 1, status: 'SUCCESS' }));

    expect(await actions(caseId)).toEqual(expect.arrayContaining(['review.case.decide', 'review.case.override']));
    expect(await actions(appId)).toEqual(expect.arrayContaining(['kyc.application.reject', 'kyc.application.override']));
    expect(await actions(`${u.id}:1`)).toEqual(expect.arrayContaining(['kyc.step.reject_final', 'kyc.step.override_approve']));
    const entry = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', caseId).where('action', '=', 'review.case.override').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.before!)).toMatchObject({ status: 'REJECTED', decisionId: old!.id, decider: SUMSUB, outcome: 'REJECT', mode: 'FINAL', reasonCodes: ['DOCUMENT_EXPIRED', 'SELFIE_MISMATCH'] });
    expect(JSON.parse(entry.after!)).toMatchObject({ status: 'APPROVED', supersedes: old!.id, outcome: 'APPROVE', internalNote: 'Document valid until 2030: Sumsub misread the date.', subjectStatus: 'SUCCESS' });
    expect(entry.hash).toMatch(/^[0-9a-f]{64}$/);

    // The console shows both decisions, oldest first; the current one is the reviewer's.
    const page = (await get(app, `${C}/${caseId}`, plain.cookie)).json().result;
    expect(page.decision).toMatchObject({ id: now!.id, current: true, supersedesId: old!.id });
    expect(page.decisions).toMatchObject([
      { id: old!.id, current: false, decider: { type: 'provider', id: 'PROVIDER_SUMSUB' }, reasonCodes: ['DOCUMENT_EXPIRED', 'SELFIE_MISMATCH'] },
      { id: now!.id, current: true, decider: { type: 'reviewer', id: senior.id } },
    ]);

    // An override is not itself overridden: the current decision is a reviewer's now.
    const again = (await post(app, `${C}/${caseId}/override`, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'x', internalNote: 'y' }, senior2.cookie)).json();
    expect(again.ret_code).toBe(RetCode.REVIEW_OVERRIDE_NOT_PROVIDER);
    expect(await decisionRows(caseId)).toHaveLength(2);
  });

  it('a provider approval overridden with a RETRY rejection: the level fails with the reviewer\'s reason, level 2 is locked again', async () => {
    const { u, appId, caseId } = await providerDecided(GREEN);
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 2, status: 'ALLOW' });
    const res = (
      await post(app, `${C}/${caseId}/override`, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'SELFIE_MISMATCH', userMessage: 'Please take the selfie again.', internalNote: 'The selfie is of another person.' }, senior.cookie)
    ).json();
    expect(res).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_RETRY', proposal: null } });
    expect(await storedSteps(app, u.id)).toEqual([
      { level: 1, status: 'FAILED_AND_CAN_RETRY' },
      { level: 2, status: 'NOT_ALLOW' },
    ]);
    expect(await appRow(appId)).toMatchObject({ status: 'REJECTED', reason_codes: JSON.stringify(['SELFIE_MISMATCH']) });
    const info = await kycInfo(u);
    expect(info.errorNotify).toMatchObject([{ level: 1, status: 'FAILED_AND_CAN_RETRY', reasonCode: 'SELFIE_MISMATCH' }]);
    expect(info.additionalRejectReason).toMatchObject([{ level: 1, reasonCode: 'SELFIE_MISMATCH', message: 'Please take the selfie again.' }]);
    expect(await actions(`${u.id}:2`)).toContain('kyc.step.lock');
  });

  it('four-eyes: a FINAL rejection over a provider approval is a proposal until another senior reviewer confirms it', async () => {
    const { u, caseId } = await providerDecided(GREEN);
    const body = { outcome: 'REJECT', mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify you.', internalNote: 'Same face on three accounts.' };
    const proposed = (await post(app, `${C}/${caseId}/override`, body, senior.cookie)).json();
    expect(proposed).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', decision: null, subjectStatus: null, proposal: { status: 'OPEN', outcome: 'REJECT', mode: 'FINAL', proposer: { id: senior.id } } } });
    const [providerDecision] = await decisionRows(caseId);
    expect(proposed.result.proposal.supersedesId).toBe(providerDecision!.id);
    // Nothing changed for the user yet.
    expect(await decisionRows(caseId)).toHaveLength(1);
    expect(await caseRow(caseId)).toMatchObject({ status: 'APPROVED' });
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 1, status: 'SUCCESS' });
    // Listed as awaiting a second look although the case is decided; a second override waits.
    const awaiting = (await get(app, `${C}?secondLook=true&pageSize=100`, senior2.cookie)).json().result.items;
    expect(awaiting.find((i: { id: string }) => i.id === caseId)).toMatchObject({ status: 'APPROVED', awaitingSecondLook: { proposer: { id: senior.id }, outcome: 'REJECT' } });
    expect((await post(app, `${C}/${caseId}/override`, body, senior2.cookie)).json().ret_code).toBe(RetCode.WRONG_STATE);
    expect((await post(app, `${C}/${caseId}/confirm`, {}, senior.cookie)).json().ret_code).toBe(RetCode.REVIEW_SELF_CONFIRMATION);

    const confirmed = (await post(app, `${C}/${caseId}/confirm`, { note: 'Agreed.' }, senior2.cookie)).json();
    expect(confirmed).toMatchObject({
      ret_code: 0,
      result: { status: 'REJECTED', subjectStatus: 'FAILED_AND_CAN_NOT_RETRY', decision: { decider: { id: senior.id }, confirmedBy: { id: senior2.id }, supersedesId: providerDecision!.id } },
    });
    expect(await decisionRows(caseId)).toMatchObject([
      { id: providerDecision!.id, current_key: null },
      { actor_id: senior.id, confirmed_by: senior2.id, supersedes_id: providerDecision!.id, current_key: caseId, mode: 'FINAL' },
    ]);
    expect(await storedSteps(app, u.id)).toEqual([
      { level: 1, status: 'FAILED_AND_CAN_NOT_RETRY' },
      { level: 2, status: 'NOT_ALLOW' },
    ]);
    expect(await actions(caseId)).toEqual(expect.arrayContaining(['review.case.propose', 'review.case.confirm', 'review.case.override']));
  });

  it('only senior reviewers override: a plain reviewer, a user and an anonymous caller are refused and nothing is written', async () => {
    const { u, caseId } = await providerDecided(RED('RETRY'));
    const body = { outcome: 'APPROVE', internalNote: 'Looks fine.' };
    expect((await post(app, `${C}/${caseId}/override`, body, plain.cookie)).json()).toMatchObject({ ret_code: RetCode.NO_PERMISSION, result: { requiredRole: 'senior_reviewer' } });
    expect((await post(app, `${C}/${caseId}/override`, body, u.cookie)).json().ret_code).toBe(RetCode.NO_PERMISSION);
    expect((await post(app, `${C}/${caseId}/override`, body)).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    expect(await decisionRows(caseId)).toHaveLength(1);
    expect(await caseRow(caseId)).toMatchObject({ status: 'REJECTED' });
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 1, status: 'FAILED_AND_CAN_RETRY' });
    expect(await actions(caseId)).not.toContain('review.case.override');
  });

  it('refused: without a reason, the same decision again, a case still pending, a reviewer\'s own decision', async () => {
    const { caseId } = await providerDecided(RED('RETRY'));
    expect((await post(app, `${C}/${caseId}/override`, { outcome: 'APPROVE', internalNote: '  ' }, senior.cookie)).json()).toMatchObject({ ret_code: RetCode.PARAMS_ERROR, result: { fields: [{ path: 'internalNote' }] } });
    const same = { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'DOCUMENT_UNREADABLE', userMessage: 'Again.', internalNote: 'Other reason, same outcome.' };
    expect((await post(app, `${C}/${caseId}/override`, same, senior.cookie)).json().ret_code).toBe(RetCode.REVIEW_OVERRIDE_SAME_DECISION);
    expect(await decisionRows(caseId)).toHaveLength(1);

    const u = await newUser(app, `ov-user-${++seq}@example.com`);
    const pendingCase = await caseOf(app, await submitLevel1(app, u));
    expect((await post(app, `${C}/${pendingCase}/override`, { outcome: 'APPROVE', internalNote: 'x' }, senior.cookie)).json().ret_code).toBe(RetCode.WRONG_STATE);
    expect((await post(app, `${C}/${pendingCase}/approve`, {}, senior.cookie)).json().ret_code).toBe(0);
    expect((await post(app, `${C}/${pendingCase}/override`, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'x', internalNote: 'y' }, senior2.cookie)).json().ret_code).toBe(
      RetCode.REVIEW_OVERRIDE_NOT_PROVIDER,
    );
  });

  it('refused once the user moved on: a new application after the provider\'s RETRY, or level 2 under way after its approval', async () => {
    const { u, appId, caseId } = await providerDecided(RED('RETRY'));
    await uploadDrafts(app, u.id, 1, ID_CARD_KINDS, DocumentType.DRIVERS_LICENSE);
    expect((await post(app, '/v3/private/kyc/submit-application', { level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }, u.cookie)).json().ret_code).toBe(0);
    const res = (await post(app, `${C}/${caseId}/override`, { outcome: 'APPROVE', internalNote: 'Was fine.' }, senior.cookie)).json();
    expect(res.ret_code).toBe(RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON);
    expect(await appRow(appId)).toMatchObject({ status: 'REJECTED' });
    expect(await storedSteps(app, u.id)).toContainEqual({ level: 1, status: 'PENDING' });

    const second = await providerDecided(GREEN);
    // Level 2 under review: withdrawing level 1 would pull the ground from under it.
    await app.db.updateTable('step_states').set({ status: 'PENDING' }).where('subject_id', '=', second.u.id).where('step', '=', '2').execute();
    const refused = (await post(app, `${C}/${second.caseId}/override`, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'x', internalNote: 'y' }, senior.cookie)).json();
    expect(refused.ret_code).toBe(RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON);
    expect(await caseRow(second.caseId)).toMatchObject({ status: 'APPROVED' });
    expect(await decisionRows(second.caseId)).toHaveLength(1);
  });
});
