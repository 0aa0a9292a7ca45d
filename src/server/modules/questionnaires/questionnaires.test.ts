import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { allCells } from '../steps/steps.service.ts';
import { nextStatus } from '../steps/step-machine.ts';
import type { App } from '../../app.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { makeImage } from '../documents/test-images.ts';
import { createKycTestApp, get, newReviewer, newUser, post, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { QUESTIONNAIRE_MACHINE } from './questionnaire.machine.ts';
import { RequirementEvent } from './questionnaires.service.ts';

/**
 * Questionnaires over HTTP (issue 11, decision 020): the reply AND what is stored (attempts, steps,
 * review cases and decisions, audit) for drafts, a scored test with its cooling-off period, a risk
 * profile, an agreement, a reviewed form with evidence, and someone else's questionnaire.
 */
const K = '/v3/private/kyc';
const S = QuestionnaireStatus;
const COOLING_OFF_SECONDS = 2;

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp({ questionnaireCoolingOffSeconds: COOLING_OFF_SECONDS }));
  reviewer = await newReviewer(app, 'quest-reviewer@example.com');
});
afterAll(async () => close());

let seq = 0;
const fresh = () => newUser(app, `quest-${(seq += 1)}@example.com`);
const detail = (code: string, cookie: string, requestId?: string) => get(app, `${K}/questionnaire-template-detail?template_code=${code}${requestId ? `&request_id=${requestId}` : ''}`, cookie);
const create = async (code: string, cookie: string) => (await post(app, `${K}/create-questionnaire`, { template_code: code, scene_code: 'TEST', biz_from: 'unit' }, cookie)).json();
const save = (requestId: string, answers: object, cookie: string) => post(app, `${K}/save-questionnaire-draft`, { request_id: requestId, answers }, cookie);
const submit = (requestId: string, answers: object, cookie: string) => post(app, `${K}/submit-questionnaire`, { request_id: requestId, answers }, cookie);
const stepOf = async (userId: string, code: string) =>
  (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'questionnaire').where('subject_id', '=', userId).where('step', '=', code).executeTakeFirst())?.status;
const attempt = (id: string) => app.db.selectFrom('questionnaire_answers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const caseOf = (subjectId: string) => app.db.selectFrom('review_cases').selectAll().where('subject_id', '=', subjectId).executeTakeFirst();

const RIGHT = { custody: 'custody_exchange', volatility: 'vol_further', irreversible: 'irr_lost', leverage: 'lev_liquidated', protection: 'prot_no', phishing: 'phish_refuse' };
const FAILING = { ...RIGHT, custody: 'custody_you', leverage: 'lev_small' };

async function uploadEvidence(requestId: string, questionId: string, cookie: string) {
  const boundary = '----quest-boundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const image = await makeImage('jpeg', 800, 600);
  const body = Buffer.concat([
    Buffer.from(`${part('request_id', requestId)}${part('question_id', questionId)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url: `/x-api${K}/upload-questionnaire-evidence`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

describe('the status step table', () => {
  it('has exactly the cells of decision 020 (every other pair is refused)', () => {
    const allowed = allCells(QUESTIONNAIRE_MACHINE)
      .filter(([s, e]) => nextStatus(QUESTIONNAIRE_MACHINE, s, e) !== null)
      .map(([s, e]) => `${s.replace('QUESTIONNAIRE_STATUS_', '')} ${e} ${nextStatus(QUESTIONNAIRE_MACHINE, s, e)!.replace('QUESTIONNAIRE_STATUS_', '')}`);
    expect(allowed.sort()).toEqual(
      [
        'UNDEFINED CREATE UNSUBMIT',
        'UNSUBMIT SUBMIT PENDING',
        'PENDING AMEND PENDING',
        'PENDING LOCK PENDING_NO_EDIT',
        'PENDING APPROVE APPROVED',
        'PENDING REJECT REJECTED',
        'PENDING_NO_EDIT APPROVE APPROVED',
        'PENDING_NO_EDIT REJECT REJECTED',
        'APPROVED RENEW UNSUBMIT',
        'REJECTED RENEW UNSUBMIT',
        // Decision 052: a senior reviewer overrides the system's score.
        'APPROVED OVERRIDE_REJECT REJECTED',
        'REJECTED OVERRIDE_APPROVE APPROVED',
      ].sort(),
    );
  });
});

describe('drafts and authorisation', () => {
  it('not signed in: 10007; an unknown template: 10001', async () => {
    expect((await get(app, `${K}/questionnaire-template-detail?template_code=crypto-knowledge-test`)).json().ret_code).toBe(10007);
    const u = await fresh();
    expect((await detail('no-such-template', u.cookie)).json().ret_code).toBe(10001);
  });

  it('a draft is saved on the server and read back (a reload loses nothing); malformed answers are refused with the field', async () => {
    const u = await fresh();
    const before = (await detail('sourceOfFundsWealth', u.cookie)).json().result;
    expect(before).toMatchObject({ status: S.QUESTIONNAIRE_STATUS_UNDEFINED, requestId: null, canStart: true, editable: false, due: false });
    expect(before.template.sections.map((s: { id: string }) => s.id)).toEqual(['funds', 'wealth', 'evidence']);
    const started = await create('sourceOfFundsWealth', u.cookie);
    expect(started).toMatchObject({ ret_code: 0, result: { status: S.QUESTIONNAIRE_STATUS_UNSUBMIT, attempt: 1 } });
    // Starting again returns the same draft.
    expect((await create('sourceOfFundsWealth', u.cookie)).result.requestId).toBe(started.result.requestId);
    const id = started.result.requestId;
    expect((await save(id, { funds_source: ['salary'], occupation: 'Engineer' }, u.cookie)).json().ret_code).toBe(0);
    const bad = (await save(id, { funds_source: ['lottery'], yearly_amount: 'amt_low' }, u.cookie)).json();
    expect(bad).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'funds_source', code: 'type' }] } });
    const read = (await detail('sourceOfFundsWealth', u.cookie)).json().result;
    expect(read).toMatchObject({ requestId: id, editable: true, answers: { funds_source: ['salary'], occupation: 'Engineer' } });
    const row = await attempt(id);
    expect(JSON.parse(row.answers)).toEqual({ funds_source: ['salary'], occupation: 'Engineer' });
    expect(row).toMatchObject({ user_id: u.id, template_code: 'sourceOfFundsWealth', template_version: 1, scene_code: 'TEST', biz_from: 'unit', submitted_at: null });
    expect(await stepOf(u.id, 'sourceOfFundsWealth')).toBe(S.QUESTIONNAIRE_STATUS_UNSUBMIT);
  });

  it("another user can neither read nor change someone's answers (answered like a missing id)", async () => {
    const owner = await fresh();
    const other = await fresh();
    const id = (await create('risk-tolerance-test', owner.cookie)).result.requestId;
    await save(id, { horizon: 'h_long' }, owner.cookie);
    expect((await detail('risk-tolerance-test', other.cookie, id)).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect((await save(id, { horizon: 'h_short' }, other.cookie)).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect((await submit(id, { horizon: 'h_short', share: 'share_small', drop: 'drop_sell', goal: 'goal_keep', experience: 'exp_never' }, other.cookie)).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect(JSON.parse((await attempt(id)).answers)).toEqual({ horizon: 'h_long' });
    expect(await stepOf(other.id, 'risk-tolerance-test')).toBeUndefined();
  });
});

describe('crypto-knowledge-test: scored, with a cooling-off period', () => {
  it('a fail shows what was wrong, is a system-decided case, and a new attempt opens only after the cooling-off period; then a pass', async () => {
    const u = await fresh();
    const id = (await create('crypto-knowledge-test', u.cookie)).result.requestId;
    const incomplete = (await submit(id, { custody: 'custody_exchange' }, u.cookie)).json();
    expect(incomplete.ret_code).toBe(10001);
    expect(incomplete.result.fields.map((f: { path: string }) => f.path)).toContain('phishing');

    const failed = (await submit(id, FAILING, u.cookie)).json();
    expect(failed).toMatchObject({ ret_code: 0, result: { status: S.QUESTIONNAIRE_STATUS_REJECTED, outcome: { score: 4, maxScore: 6, passed: false, wrong: ['custody', 'leverage'] } } });
    const row = await attempt(id);
    expect(row).toMatchObject({ outcome: S.QUESTIONNAIRE_STATUS_REJECTED, closed: 0 });
    expect(Date.parse(row.retry_after!) - Date.parse(row.submitted_at!)).toBe(COOLING_OFF_SECONDS * 1000);
    const kase = await caseOf(id);
    expect(kase).toMatchObject({ subject_kind: 'QUESTIONNAIRE', status: 'REJECTED', user_id: u.id });
    const decision = await app.db.selectFrom('review_decisions').selectAll().where('case_id', '=', kase!.id).executeTakeFirstOrThrow();
    expect(decision).toMatchObject({ actor_type: 'system', outcome: 'REJECT', mode: 'RETRY' });
    expect(await stepOf(u.id, 'crypto-knowledge-test')).toBe(S.QUESTIONNAIRE_STATUS_REJECTED);
    // The right answers never reach the user's screen.
    const shown = (await detail('crypto-knowledge-test', u.cookie)).json().result;
    expect(JSON.stringify(shown.template)).not.toContain('correct');
    expect(shown).toMatchObject({ canStart: false, editable: false, retryAfter: row.retry_after, outcome: { wrong: ['custody', 'leverage'] } });

    const early = await create('crypto-knowledge-test', u.cookie);
    expect(early).toMatchObject({ ret_code: 38001, result: { retryAfter: row.retry_after } });
    expect(early.result.retryAfterSeconds).toBeGreaterThan(0);
    expect(await stepOf(u.id, 'crypto-knowledge-test')).toBe(S.QUESTIONNAIRE_STATUS_REJECTED);

    // Wait out the cooling-off period as the user would (polling what the server says, not a fixed sleep).
    await expect.poll(async () => (await detail('crypto-knowledge-test', u.cookie)).json().result.canStart, { timeout: 10_000, interval: 200 }).toBe(true);
    const again = await create('crypto-knowledge-test', u.cookie);
    expect(again.result).toMatchObject({ status: S.QUESTIONNAIRE_STATUS_UNSUBMIT, attempt: 2 });
    expect(JSON.parse((await attempt(again.result.requestId)).answers)).toEqual({});
    const passed = (await submit(again.result.requestId, RIGHT, u.cookie)).json();
    expect(passed.result).toMatchObject({ status: S.QUESTIONNAIRE_STATUS_APPROVED, outcome: { score: 6, passed: true, wrong: [] }, retryAfter: null });
    expect(await stepOf(u.id, 'crypto-knowledge-test')).toBe(S.QUESTIONNAIRE_STATUS_APPROVED);
    // A passed test stays passed.
    expect((await create('crypto-knowledge-test', u.cookie)).ret_code).toBe(38002);
    const audit = await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', `${u.id}:crypto-knowledge-test`).orderBy('seq').execute();
    expect(audit.map((a) => a.action)).toEqual(['questionnaire.create', 'questionnaire.submit', 'questionnaire.reject', 'questionnaire.renew', 'questionnaire.submit', 'questionnaire.approve']);
  }, 20_000);
});

describe('risk-tolerance-test and client-agreement: decided at once', () => {
  it('a risk profile from the answers', async () => {
    const u = await fresh();
    const id = (await create('risk-tolerance-test', u.cookie)).result.requestId;
    const r = (await submit(id, { horizon: 'h_long', share: 'share_mid', drop: 'drop_hold', goal: 'goal_growth', experience: 'exp_some' }, u.cookie)).json();
    expect(r.result).toMatchObject({ status: S.QUESTIONNAIRE_STATUS_APPROVED, outcome: { score: 7, maxScore: 10, profile: 'GROWTH' } });
    expect(JSON.parse((await attempt(id)).result!)).toMatchObject({ profile: 'GROWTH' });
    // A profile may be updated: a new attempt starts from the last answers.
    const next = await create('risk-tolerance-test', u.cookie);
    expect(next.result.attempt).toBe(2);
    expect(JSON.parse((await attempt(next.result.requestId)).answers)).toMatchObject({ horizon: 'h_long', goal: 'goal_growth' });
  });

  it('an agreement records acceptance of its version with time and IP; every clause must be accepted', async () => {
    const u = await fresh();
    const id = (await create('client-agreement', u.cookie)).result.requestId;
    expect((await submit(id, { risk: true, no_advice: true, custody: true, accept: false }, u.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'accept', code: 'required' }] } });
    expect((await submit(id, { risk: true, no_advice: true, custody: true, accept: true }, u.cookie)).json().result.status).toBe(S.QUESTIONNAIRE_STATUS_APPROVED);
    const row = await attempt(id);
    expect(row.template_version).toBe(1);
    expect(row.submitted_ip).toBe('127.0.0.1');
    expect(row.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('sourceOfFundsWealth: evidence, review, amendments', () => {
  const FORM = { funds_source: ['salary', 'other'], funds_other: 'Sold a flat', yearly_amount: 'amt_mid', occupation: 'Engineer', wealth_source: 'salary', wealth_details: 'Twelve years of salary and savings', pep: 'no', truthful: true };

  it('due on a reviewer request; evidence through the documents path; amendable until a reviewer takes it; approved in the console', async () => {
    const u = await fresh();
    await app.services.questionnaires.require(u.id, 'sourceOfFundsWealth', RequirementEvent.REVIEWER_REQUEST, 'large deposit', { type: 'reviewer', id: reviewer.id });
    const info = (await post(app, `${K}/kyc-info`, { obtain_aml_questionnaire: true }, u.cookie)).json().result;
    expect(info).toMatchObject({ mustQuestionnaire: true, questionnaireStatus: S.QUESTIONNAIRE_STATUS_UNSUBMIT, displayControl: { isDisplayQuestionnaire: true }, amlQuestionnaire: { needQuestionnaire: true, templateCode: 'sourceOfFundsWealth' } });

    const id = (await create('sourceOfFundsWealth', u.cookie)).result.requestId;
    const up = (await uploadEvidence(id, 'evidence', u.cookie)).json();
    expect(up).toMatchObject({ ret_code: 0, result: { questionId: 'evidence' } });
    const doc = await app.db.selectFrom('kyc_documents').select(['user_id', 'application_id', 'kind', 'mime']).where('id', '=', up.result.id).executeTakeFirstOrThrow();
    expect(doc).toEqual({ user_id: u.id, application_id: id, kind: 'QUESTIONNAIRE_EVIDENCE', mime: 'image/jpeg' });
    expect((await uploadEvidence(id, 'occupation', u.cookie)).json().ret_code).toBe(10001);
    // The client cannot name pictures itself: FILE answers are what the uploads stored.
    expect((await submit(id, { ...FORM, evidence: ['00000000-0000-4000-8000-000000000000'] }, u.cookie)).json().ret_code).toBe(0);
    expect(JSON.parse((await attempt(id)).answers).evidence).toEqual([up.result.id]);
    expect(JSON.parse((await attempt(id)).answers)).not.toHaveProperty('pep_details');
    expect(await stepOf(u.id, 'sourceOfFundsWealth')).toBe(S.QUESTIONNAIRE_STATUS_PENDING);
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result).toMatchObject({ mustQuestionnaire: false, questionnaireStatus: S.QUESTIONNAIRE_STATUS_PENDING });

    // PENDING: still editable.
    expect((await submit(id, { ...FORM, occupation: 'Civil engineer' }, u.cookie)).json().result.status).toBe(S.QUESTIONNAIRE_STATUS_PENDING);
    expect(JSON.parse((await attempt(id)).answers).occupation).toBe('Civil engineer');

    const kase = (await caseOf(id))!;
    expect((await post(app, `/v1/console/cases/${kase.id}/assign`, {}, reviewer.cookie)).json().ret_code).toBe(0);
    expect(await stepOf(u.id, 'sourceOfFundsWealth')).toBe(S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT);
    expect((await submit(id, { ...FORM, occupation: 'Pilot' }, u.cookie)).json().ret_code).toBe(38002);
    expect(JSON.parse((await attempt(id)).answers).occupation).toBe('Civil engineer');

    const view = (await get(app, `/v1/console/cases/${kase.id}`, reviewer.cookie)).json().result;
    expect(view.subject).toMatchObject({ kind: 'QUESTIONNAIRE', questionnaire: { templateCode: 'sourceOfFundsWealth', status: S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT }, answers: { occupation: 'Civil engineer' } });
    expect(view.subject.evidence).toEqual([expect.objectContaining({ id: up.result.id, questionId: 'evidence', downloadPath: `/x-api/v1/console/document/${up.result.id}` })]);
    expect((await app.inject({ method: 'GET', url: view.subject.evidence[0].downloadPath, headers: { cookie: reviewer.cookie } })).statusCode).toBe(200);

    const approved = (await post(app, `/v1/console/cases/${kase.id}/approve`, { internalNote: 'payslips match' }, reviewer.cookie)).json();
    expect(approved.result).toMatchObject({ status: 'APPROVED', subjectStatus: S.QUESTIONNAIRE_STATUS_APPROVED });
    expect(await stepOf(u.id, 'sourceOfFundsWealth')).toBe(S.QUESTIONNAIRE_STATUS_APPROVED);
    expect((await attempt(id)).outcome).toBe(S.QUESTIONNAIRE_STATUS_APPROVED);
    expect((await post(app, `${K}/kyc-info`, { obtain_aml_questionnaire: true }, u.cookie)).json().result).toMatchObject({ mustQuestionnaire: false, questionnaireStatus: S.QUESTIONNAIRE_STATUS_APPROVED, amlQuestionnaire: { needQuestionnaire: false, templateCode: '' } });
  });

  it('a reviewer asks for more (rejects with a message): REJECTED, the message shown, a new version starts from the last answers', async () => {
    const u = await fresh();
    const id = (await create('sourceOfFundsWealth', u.cookie)).result.requestId;
    await uploadEvidence(id, 'evidence', u.cookie);
    await submit(id, FORM, u.cookie);
    const kase = (await caseOf(id))!;
    const r = (await post(app, `/v1/console/cases/${kase.id}/reject`, { mode: 'RETRY', reasonCode: 'DOCUMENT_INCOMPLETE', userMessage: 'Please add your last three payslips.', internalNote: '' }, reviewer.cookie)).json();
    expect(r.result).toMatchObject({ status: 'REJECTED', subjectStatus: S.QUESTIONNAIRE_STATUS_REJECTED });
    const d = (await detail('sourceOfFundsWealth', u.cookie)).json().result;
    expect(d).toMatchObject({ status: S.QUESTIONNAIRE_STATUS_REJECTED, rejection: { message: 'Please add your last three payslips.', final: false }, canStart: true });
    const next = await create('sourceOfFundsWealth', u.cookie);
    expect(next.result).toMatchObject({ status: S.QUESTIONNAIRE_STATUS_UNSUBMIT, attempt: 2 });
    const carried = JSON.parse((await attempt(next.result.requestId)).answers);
    expect(carried).toMatchObject({ occupation: 'Engineer' });
    expect(carried).not.toHaveProperty('evidence');
  });

  it('a final rejection closes the questionnaire: no new version', async () => {
    const u = await fresh();
    await post(app, `${K}/kyc-personal-info`, VALID_INFO, u.cookie);
    const id = (await create('sourceOfFundsWealth', u.cookie)).result.requestId;
    await uploadEvidence(id, 'evidence', u.cookie);
    expect((await submit(id, FORM, u.cookie)).json().ret_code).toBe(0);
    const kase = (await caseOf(id))!;
    expect(kase.country).toBe('GB');
    await post(app, `/v1/console/cases/${kase.id}/reject`, { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot accept this.', internalNote: '' }, reviewer.cookie);
    expect((await attempt(id)).closed).toBe(1);
    expect((await create('sourceOfFundsWealth', u.cookie)).ret_code).toBe(38003);
  });
});

describe('who must answer: rules as data', () => {
  it('a GB resident at level 0 owes nothing; the questionnaire list says what is due', async () => {
    const u = await fresh();
    await post(app, `${K}/kyc-personal-info`, VALID_INFO, u.cookie);
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result).toMatchObject({ mustQuestionnaire: false, questionnaireStatus: S.QUESTIONNAIRE_STATUS_UNDEFINED, displayControl: { isDisplayQuestionnaire: false } });
    await app.services.questionnaires.require(u.id, 'crypto-knowledge-test', RequirementEvent.DERIVATIVES_OPT_IN, '', { type: 'system', id: null });
    const list = (await get(app, `${K}/questionnaire-list`, u.cookie)).json().result.items;
    // An event makes due the template it names (the caller names each: rules say which event may).
    expect(list.filter((i: { due: boolean }) => i.due).map((i: { templateCode: string }) => i.templateCode)).toEqual(['crypto-knowledge-test']);
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result).toMatchObject({ mustQuestionnaire: true, questionnaireStatus: S.QUESTIONNAIRE_STATUS_UNSUBMIT });
    const token = (await get(app, `${K}/questionnaire-token?template_code=crypto-knowledge-test`, u.cookie)).json().result;
    expect(token).toMatchObject({ templateCode: 'crypto-knowledge-test', version: 1 });
    expect((await attempt(token.token)).user_id).toBe(u.id);
  });
});

describe('the Satos onboarding questionnaire (§7 create/query-satos-questionnaire, decision 025)', () => {
  it('opens the spot-trading appropriateness test under scene SATOS, reports it, and a pass is APPROVED', async () => {
    const u = await fresh();
    expect((await get(app, `${K}/query-satos-questionnaire`, u.cookie)).json().result).toEqual({ templateCode: 'standardQuest', requestId: null, status: S.QUESTIONNAIRE_STATUS_UNDEFINED, retryAfter: null });
    const created = (await post(app, `${K}/create-satos-questionnaire`, { biz_from: 'satos' }, u.cookie)).json();
    expect(created).toMatchObject({ ret_code: 0, result: { templateCode: 'standardQuest', status: S.QUESTIONNAIRE_STATUS_UNSUBMIT } });
    const id = created.result.requestId as string;
    expect(await attempt(id)).toMatchObject({ user_id: u.id, template_code: 'standardQuest', scene_code: 'SATOS', biz_from: 'satos', submitted_at: null });
    // Asking again returns the same open attempt.
    expect((await post(app, `${K}/create-satos-questionnaire`, {}, u.cookie)).json().result.requestId).toBe(id);
    const sent = await submit(id, { limit: 'limit_price', fees: 'fees_both', seed: 'seed_secret', diversify: 'div_one' }, u.cookie);
    expect(sent.json().ret_code, sent.body).toBe(0);
    expect((await get(app, `${K}/query-satos-questionnaire`, u.cookie)).json().result).toMatchObject({ requestId: id, status: S.QUESTIONNAIRE_STATUS_APPROVED });
    expect(await stepOf(u.id, 'standardQuest')).toBe(S.QUESTIONNAIRE_STATUS_APPROVED);
    // Signed out: refused like every private call.
    expect((await get(app, `${K}/query-satos-questionnaire`)).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
  });
});
