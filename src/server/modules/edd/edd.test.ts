import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScreeningOutcome } from '../../../shared/api/edd.ts';
import { EDDStatus, QuestionnaireStatus } from '../../../shared/kyc.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { makeImage } from '../documents/test-images.ts';
import { levelVerifiedEventOf } from '../events/events.fixtures.ts';
import { caseOf as kycCaseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Enhanced due diligence over HTTP (issue 12, decision 028): the reply AND what is stored (the EDD
 * step, the round, the questionnaires' attempts and steps, the review case and its decision, the
 * audit) for a reviewer putting a user into EDD, the user answering with evidence, four-eyes
 * approval, a rejection with a new round, the country rule on a verified level, and who may call what.
 */
const K = '/v3/private/kyc';
const INFO = '/v3/private/aml/get-edd-info';
const C = '/v1/console/cases';
const SYSTEM = { type: 'system', id: null } as const;

let app: App;
let close: () => Promise<void>;
let a: TestUser; // reviewer: proposes
let b: TestUser; // senior reviewer: confirms
beforeAll(async () => {
  // EDD approvals take a second reviewer, as in production (decision 028); FINAL rejections too.
  ({ app, close } = await createKycTestApp({ fourEyes: [{ outcome: 'APPROVE', kinds: ['EDD'] }, { outcome: 'REJECT', modes: ['FINAL'] }] }));
  a = await newReviewer(app, 'edd-a@example.com');
  b = await newReviewer(app, 'edd-b@example.com');
  await app.services.staff.setRole(b.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
});
afterAll(async () => close());

let seq = 0;
const fresh = () => newUser(app, `edd-${(seq += 1)}@example.com`);
const eddStep = async (userId: string) => (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'edd').where('subject_id', '=', userId).executeTakeFirst())?.status;
const questionnaireStep = async (userId: string, code: string) =>
  (await app.db.selectFrom('step_states').select('status').where('machine', '=', 'questionnaire').where('subject_id', '=', userId).where('step', '=', code).executeTakeFirst())?.status;
const rounds = (userId: string) => app.db.selectFrom('edd_rounds').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const caseOf = (subjectId: string) => app.db.selectFrom('review_cases').selectAll().where('subject_id', '=', subjectId).executeTakeFirst();
const auditActions = async (entityType: string, entityId: string) =>
  (await app.db.selectFrom('audit_log').select('action').where('entity_type', '=', entityType).where('entity_id', '=', entityId).orderBy('seq').execute()).map((r) => r.action);
const requireEdd = (email: string, cookie: string, note = 'Large deposits from an exchange we cannot identify.') => post(app, '/v1/console/edd-requests', { email, note }, cookie);

const EDD_ANSWERS = { net_worth: 'amt_mid', income: 'amt_mid', crypto_origin: ['bought'], risk_countries: 'no', truthful: true };
const SOF_ANSWERS = { funds_source: ['salary'], yearly_amount: 'amt_mid', occupation: 'Engineer', wealth_source: 'salary', wealth_details: 'Twelve years of salary and savings', pep: 'no', truthful: true };

async function uploadEvidence(requestId: string, questionId: string, cookie: string) {
  const boundary = '----edd-boundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const image = await makeImage('jpeg', 800, 600);
  const body = Buffer.concat([
    Buffer.from(`${part('request_id', requestId)}${part('question_id', questionId)}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url: `/x-api${K}/upload-questionnaire-evidence`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

/** The user answers both EDD questionnaires (a picture for the source of funds); returns the attempts and the picture. */
async function answerBoth(u: TestUser) {
  const eddId = (await post(app, `${K}/create-questionnaire`, { template_code: 'eddQuestionnaire' }, u.cookie)).json().result.requestId as string;
  const first = (await post(app, `${K}/submit-questionnaire`, { request_id: eddId, answers: EDD_ANSWERS }, u.cookie)).json();
  expect(first).toMatchObject({ ret_code: 0, result: { status: QuestionnaireStatus.QUESTIONNAIRE_STATUS_PENDING } });
  const sofId = (await post(app, `${K}/create-questionnaire`, { template_code: 'sourceOfFundsWealth' }, u.cookie)).json().result.requestId as string;
  const picture = (await uploadEvidence(sofId, 'evidence', u.cookie)).json().result.id as string;
  expect((await post(app, `${K}/submit-questionnaire`, { request_id: sofId, answers: SOF_ANSWERS }, u.cookie)).json().ret_code).toBe(0);
  return { eddId, sofId, picture };
}

describe('get-edd-info and who may call what', () => {
  it('not signed in: 10007; a reviewer on the user call: 10009; a user on the console call: 10009', async () => {
    expect((await get(app, INFO)).json().ret_code).toBe(10007);
    expect((await get(app, INFO, a.cookie)).json().ret_code).toBe(10009);
    const u = await fresh();
    expect((await requireEdd(u.email, u.cookie)).json().ret_code).toBe(10009);
    expect(await eddStep(u.id)).toBeUndefined();
    expect(await rounds(u.id)).toEqual([]);
  });

  it('a user never in EDD: _Unknown, nothing asked', async () => {
    const u = await fresh();
    expect((await get(app, INFO, u.cookie)).json()).toMatchObject({ ret_code: 0, result: { eddStatus: EDDStatus.EDDStatus_Unknown, templates: [], nextTemplateCode: '', rejection: null } });
  });

  it('the console form: an unknown e-mail, a reviewer, a missing note are refused by field; a user already in EDD too', async () => {
    expect((await requireEdd('nobody@example.com', a.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'email', code: 'edd.rule_unknown_user' }] } });
    expect((await requireEdd(b.email, a.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'email', code: 'edd.rule_unknown_user' }] } });
    const u = await fresh();
    expect((await requireEdd(u.email, a.cookie, '')).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'note' }] } });
    expect((await requireEdd(u.email, a.cookie)).json().ret_code).toBe(0);
    expect((await requireEdd(u.email, a.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'email', code: 'edd.rule_already_in_edd' }] } });
    expect(await rounds(u.id)).toHaveLength(1);
  });
});

describe('a round: put into EDD, answered with evidence, approved with four eyes', () => {
  it('walks _Unknown → _UnSubmit → _Reviewing → _Pass with the stored state at each step', async () => {
    const u = await fresh();
    const put = (await requireEdd(u.email, a.cookie)).json();
    expect(put).toEqual({ ret_code: 0, ret_msg: 'OK', result: { userId: u.id, eddStatus: EDDStatus.EDDStatus_UnSubmit, changed: true } });
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    const [round] = await rounds(u.id);
    expect(round).toMatchObject({ open_key: u.id, submitted_at: null, decided_at: null, outcome: null });
    expect(JSON.parse(round!.triggers)).toEqual([{ trigger: 'REVIEWER_DECISION', detail: 'Large deposits from an exchange we cannot identify.' }]);
    expect(await auditActions('edd_step', u.id)).toEqual(['edd.require']);
    // Both questionnaires are due; kyc-info's amlQuestionnaire points at the first.
    expect(await questionnaireStep(u.id, 'eddQuestionnaire')).toBe(QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNSUBMIT);
    expect((await post(app, `${K}/kyc-info`, { obtain_aml_questionnaire: true }, u.cookie)).json().result).toMatchObject({ amlQuestionnaire: { needQuestionnaire: true, templateCode: 'eddQuestionnaire' } });
    const info = (await get(app, INFO, u.cookie)).json().result;
    expect(info).toMatchObject({ eddStatus: EDDStatus.EDDStatus_UnSubmit, nextTemplateCode: 'eddQuestionnaire', submittedAt: null, rejection: null });
    expect(info.templates.map((t: { templateCode: string; submitted: boolean }) => [t.templateCode, t.submitted])).toEqual([['eddQuestionnaire', false], ['sourceOfFundsWealth', false]]);
    // The user is never told why (a screening hit would tip them off).
    expect(JSON.stringify(info)).not.toContain('REVIEWER_DECISION');

    const { eddId, sofId, picture } = await answerBoth(u);
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Reviewing);
    const [sent] = await rounds(u.id);
    expect(JSON.parse(sent!.answers)).toEqual({ eddQuestionnaire: eddId, sourceOfFundsWealth: sofId });
    expect(sent!.submitted_at).not.toBeNull();
    // One EDD case for the round; no QUESTIONNAIRE case for its questionnaires.
    const kase = (await caseOf(sent!.id))!;
    expect(kase).toMatchObject({ subject_kind: 'EDD', status: 'PENDING', user_id: u.id, level: null });
    expect(await caseOf(eddId)).toBeUndefined();
    expect(await caseOf(sofId)).toBeUndefined();
    expect((await get(app, INFO, u.cookie)).json().result).toMatchObject({ eddStatus: EDDStatus.EDDStatus_Reviewing, nextTemplateCode: '', submittedAt: sent!.submitted_at });
    // Sent answers no longer change.
    expect((await post(app, `${K}/submit-questionnaire`, { request_id: sofId, answers: { ...SOF_ANSWERS, occupation: 'Pilot' } }, u.cookie)).json().ret_code).toBe(38002);

    // The reviewer sees the round, why, the answers and the evidence.
    const view = (await get(app, `${C}/${kase.id}`, a.cookie)).json().result;
    expect(view.subject).toMatchObject({ kind: 'EDD', round: { id: sent!.id, status: EDDStatus.EDDStatus_Reviewing, triggers: [{ trigger: 'REVIEWER_DECISION' }] } });
    expect(view.subject.questionnaires.map((q: { questionnaire: { templateCode: string } }) => q.questionnaire.templateCode)).toEqual(['eddQuestionnaire', 'sourceOfFundsWealth']);
    expect(view.subject.questionnaires[1].answers).toMatchObject({ occupation: 'Engineer' });
    expect(view.subject.questionnaires[1].evidence).toEqual([expect.objectContaining({ id: picture, questionId: 'evidence', downloadPath: `/x-api/v1/console/document/${picture}` })]);
    expect((await app.inject({ method: 'GET', url: view.subject.questionnaires[1].evidence[0].downloadPath, headers: { cookie: a.cookie } })).statusCode).toBe(200);
    expect(view.history.map((h: { action: string }) => h.action)).toEqual(expect.arrayContaining(['edd.require', 'edd.round.open', 'edd.submit', 'review.case.open']));

    // Four eyes: the first approval is a proposal; nothing changes for the user until confirmed.
    const proposed = (await post(app, `${C}/${kase.id}/approve`, { internalNote: 'Payslips match the deposits.' }, a.cookie)).json();
    expect(proposed).toMatchObject({ ret_code: 0, result: { status: 'PENDING', decision: null, proposal: { status: 'OPEN', outcome: 'APPROVE' } } });
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Reviewing);
    const confirmed = (await post(app, `${C}/${kase.id}/confirm`, { note: 'Agreed.' }, b.cookie)).json();
    expect(confirmed).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: EDDStatus.EDDStatus_Pass, decision: { decider: { id: a.id }, confirmedBy: { id: b.id } } } });

    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Pass);
    expect((await rounds(u.id))[0]).toMatchObject({ open_key: null, outcome: EDDStatus.EDDStatus_Pass, decided_at: confirmed.result.decision.decidedAt });
    expect(await questionnaireStep(u.id, 'eddQuestionnaire')).toBe(QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED);
    expect(await questionnaireStep(u.id, 'sourceOfFundsWealth')).toBe(QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED);
    expect(await auditActions('edd_step', u.id)).toEqual(['edd.require', 'edd.submit', 'edd.pass']);
    expect((await get(app, INFO, u.cookie)).json().result).toMatchObject({ eddStatus: EDDStatus.EDDStatus_Pass, nextTemplateCode: '', decidedAt: confirmed.result.decision.decidedAt, rejection: null });
    expect((await post(app, `${K}/kyc-info`, { obtain_aml_questionnaire: true }, u.cookie)).json().result).toMatchObject({ amlQuestionnaire: { needQuestionnaire: false } });
    // _Pass is final: the reviewer's form changes nothing.
    expect((await requireEdd(u.email, a.cookie)).json().ret_code).toBe(10001);
  });
});

describe('a rejection', () => {
  it('RETRY: _Reject with the message; the first questionnaire sent again starts a new round (_UnSubmit), the second sends it (_Reviewing)', async () => {
    const u = await fresh();
    await requireEdd(u.email, a.cookie);
    await answerBoth(u);
    const [first] = await rounds(u.id);
    const kase = (await caseOf(first!.id))!;
    const rejected = (
      await post(app, `${C}/${kase.id}/reject`, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'Please send a payslip from the last three months.', internalNote: 'old payslip' }, a.cookie)
    ).json();
    expect(rejected).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: EDDStatus.EDDStatus_Reject } });
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Reject);
    expect((await rounds(u.id))[0]).toMatchObject({ open_key: null, outcome: EDDStatus.EDDStatus_Reject });
    expect(await questionnaireStep(u.id, 'sourceOfFundsWealth')).toBe(QuestionnaireStatus.QUESTIONNAIRE_STATUS_REJECTED);
    expect((await get(app, INFO, u.cookie)).json().result).toMatchObject({
      eddStatus: EDDStatus.EDDStatus_Reject,
      nextTemplateCode: 'eddQuestionnaire',
      rejection: { message: 'Please send a payslip from the last three months.', final: false },
    });

    const again = await answerBoth(u);
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Reviewing);
    const all = await rounds(u.id);
    expect(all).toHaveLength(2);
    expect(JSON.parse(all[1]!.triggers)).toEqual(JSON.parse(first!.triggers));
    expect(JSON.parse(all[1]!.answers)).toEqual({ eddQuestionnaire: again.eddId, sourceOfFundsWealth: again.sofId });
    expect(await caseOf(all[1]!.id)).toMatchObject({ subject_kind: 'EDD', status: 'PENDING' });
    expect(await auditActions('edd_step', u.id)).toEqual(['edd.require', 'edd.submit', 'edd.reject', 'edd.renew', 'edd.submit']);
    const view = (await get(app, `${C}/${(await caseOf(all[1]!.id))!.id}`, a.cookie)).json().result;
    expect(view.subject.previous).toEqual([expect.objectContaining({ id: first!.id, outcome: EDDStatus.EDDStatus_Reject })]);
  });

  it('FINAL (four eyes): _Reject for good, nothing more to answer', async () => {
    const u = await fresh();
    await requireEdd(u.email, a.cookie);
    const { eddId } = await answerBoth(u);
    const kase = (await caseOf((await rounds(u.id))[0]!.id))!;
    await post(app, `${C}/${kase.id}/reject`, { mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'We cannot keep your account open.', internalNote: 'source of funds not credible' }, a.cookie);
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Reviewing);
    expect((await post(app, `${C}/${kase.id}/confirm`, { note: 'Agreed.' }, b.cookie)).json().result).toMatchObject({ status: 'REJECTED', subjectStatus: EDDStatus.EDDStatus_Reject });
    expect((await get(app, INFO, u.cookie)).json().result).toMatchObject({ eddStatus: EDDStatus.EDDStatus_Reject, nextTemplateCode: '', rejection: { message: 'We cannot keep your account open.', final: true } });
    expect(await app.db.selectFrom('questionnaire_answers').select('closed').where('id', '=', eddId).executeTakeFirstOrThrow()).toEqual({ closed: 1 });
    expect((await post(app, `${K}/create-questionnaire`, { template_code: 'eddQuestionnaire' }, u.cookie)).json().ret_code).not.toBe(0);
  });
});

describe('the rules put users into EDD', () => {
  it('a screening match (the service call the screening module makes), once; a clear result does nothing', async () => {
    const clear = await fresh();
    expect(await app.services.edd.assess(clear.id, { screeningOutcome: ScreeningOutcome.CLEAR }, SYSTEM)).toEqual({ userId: clear.id, eddStatus: EDDStatus.EDDStatus_Unknown, changed: false });
    expect(await eddStep(clear.id)).toBeUndefined();
    const hit = await fresh();
    expect(await app.services.edd.assess(hit.id, { screeningOutcome: ScreeningOutcome.POTENTIAL_MATCH }, SYSTEM)).toMatchObject({ eddStatus: EDDStatus.EDDStatus_UnSubmit, changed: true });
    expect(await app.services.edd.assess(hit.id, { screeningOutcome: ScreeningOutcome.POTENTIAL_MATCH }, SYSTEM)).toMatchObject({ eddStatus: EDDStatus.EDDStatus_UnSubmit, changed: false });
    expect((await rounds(hit.id)).map((r) => JSON.parse(r.triggers))).toEqual([[{ trigger: 'SCREENING_MATCH', detail: '' }]]);
  });

  it('a level approved for a resident of a high-risk country puts them into EDD; one from elsewhere not', async () => {
    const risky = await fresh();
    const appId = await submitLevel1(app, risky, { ...VALID_INFO, residenceCountry: 'KE' });
    const ordinary = await fresh();
    const appId2 = await submitLevel1(app, ordinary);
    for (const id of [appId, appId2]) expect((await post(app, `${C}/${await kycCaseOf(app, id)}/approve`, { internalNote: '' }, a.cookie)).json().result.status).toBe('APPROVED');
    // Decision 057: the assessment reacts to the level's event after the approval's commit, not inside it.
    expect(await eddStep(risky.id)).toBeUndefined();
    expect(await app.services.events.subscribers.runDue()).toBeGreaterThanOrEqual(2);
    expect(await eddStep(risky.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    expect((await rounds(risky.id)).map((r) => JSON.parse(r.triggers))).toEqual([[{ trigger: 'HIGH_RISK_RESIDENCE', detail: '' }]]);
    expect(await eddStep(ordinary.id)).toBeUndefined();
  });

  it('a level decided without a reviewer (the system, a provider) applies them too, after the commit', async () => {
    const u = await fresh();
    const appId = await submitLevel1(app, u, { ...VALID_INFO, nationality: 'VN', residenceCountry: 'GB' });
    const decided = await app.services.review.decideSubject('KYC_APPLICATION', appId, SYSTEM, { outcome: 'APPROVE', mode: null, reasonCode: null, userMessage: '', internalNote: 'registry match' });
    expect(decided.subjectStatus).toBe('SUCCESS');
    await app.services.events.subscribers.runDue();
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    expect((await rounds(u.id)).map((r) => JSON.parse(r.triggers))).toEqual([[{ trigger: 'HIGH_RISK_NATIONALITY', detail: '' }]]);
    // The event handled again (a redelivery: a lease ran out, a crash before the cursor moved) opens no second round.
    await app.services.edd.levelVerified.handle(await levelVerifiedEventOf(app, u.id), { once: (effect) => effect() });
    expect(await rounds(u.id)).toHaveLength(1);
  });

  it('a level approved for a resident of a high-risk country whose name is on the list: one EDD round; the screening after the commit opens no second one', async () => {
    const header = 'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';
    await app.services.screening.loadList(`${header}\nedd-0001,Person,Kwame Mensah-Okoro,,1985-03-02,ke,,,"Test programme (fictional)",,,test,2025-01-01T00:00:00,2025-01-01T00:00:00,2025-01-01T00:00:00`, 'edd-test.csv', SYSTEM);
    const u = await fresh();
    const appId = await submitLevel1(app, u, { ...VALID_INFO, firstName: 'Kwame', lastName: 'Mensah-Okoro', dateOfBirth: '1985-03-02', residenceCountry: 'KE' });
    expect((await post(app, `${C}/${await kycCaseOf(app, appId)}/approve`, { internalNote: '' }, a.cookie)).json().result.status).toBe('APPROVED');
    // Both follow the approval's commit (decision 057): the assessment first, then the screening's job, whose match finds the round open.
    await app.services.events.subscribers.runDue();
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    await app.services.screening.jobs.runDue();
    await app.services.events.subscribers.runDue();
    expect(await app.db.selectFrom('screening_states').select('status').where('user_id', '=', u.id).executeTakeFirst()).toEqual({ status: 'POTENTIAL_MATCH' });
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_UnSubmit);
    expect((await rounds(u.id)).map((r) => JSON.parse(r.triggers).map((t: { trigger: string }) => t.trigger))).toEqual([['HIGH_RISK_RESIDENCE']]);
    // The user is told what to answer, never why.
    expect(JSON.stringify((await get(app, INFO, u.cookie)).json().result)).not.toMatch(/SCREENING|RESIDENCE/);
  });

  it('a source of funds approved before EDD counts as answered: only the EDD questionnaire is asked', async () => {
    const u = await fresh();
    await app.services.questionnaires.require(u.id, 'sourceOfFundsWealth', 'REVIEWER_REQUEST', 'large deposit', SYSTEM);
    const sofId = (await post(app, `${K}/create-questionnaire`, { template_code: 'sourceOfFundsWealth' }, u.cookie)).json().result.requestId as string;
    await uploadEvidence(sofId, 'evidence', u.cookie);
    await post(app, `${K}/submit-questionnaire`, { request_id: sofId, answers: SOF_ANSWERS }, u.cookie);
    // Outside EDD it is an ordinary questionnaire case.
    const qCase = (await caseOf(sofId))!;
    expect(qCase.subject_kind).toBe('QUESTIONNAIRE');
    await post(app, `${C}/${qCase.id}/approve`, { internalNote: '' }, a.cookie);
    await requireEdd(u.email, a.cookie);
    const info = (await get(app, INFO, u.cookie)).json().result;
    expect(info).toMatchObject({ eddStatus: EDDStatus.EDDStatus_UnSubmit, nextTemplateCode: 'eddQuestionnaire' });
    expect(info.templates[1]).toEqual({ templateCode: 'sourceOfFundsWealth', requestId: sofId, status: QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED, submitted: true });
    const eddId = (await post(app, `${K}/create-questionnaire`, { template_code: 'eddQuestionnaire' }, u.cookie)).json().result.requestId as string;
    await post(app, `${K}/submit-questionnaire`, { request_id: eddId, answers: EDD_ANSWERS }, u.cookie);
    expect(await eddStep(u.id)).toBe(EDDStatus.EDDStatus_Reviewing);
  });
});
