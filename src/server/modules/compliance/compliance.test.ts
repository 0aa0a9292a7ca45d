import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { jsonHeaders, type FakeMailer } from '../../test/test-app.ts';
import { makeImage } from '../documents/test-images.ts';
import { createKycTestApp, get, newReviewer, newUser, post, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Compliance tasks and RFI end to end through the API (decision 027): every call, authorization, the
 * overdue limitation, with the reply AND the stored state (tasks, rounds, cases, audit, mail).
 */
let app: App;
let mailer: FakeMailer;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;

beforeAll(async () => {
  ({ app, close, mailer } = await createKycTestApp());
  reviewer = await newReviewer(app, 'tasks-reviewer@example.com');
});
afterAll(async () => close());

const K = '/v3/private/kyc';
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const user = () => newUser(app, `tasks-${++seq}@example.com`);
const ask = (u: TestUser, over: Record<string, unknown> = {}) => post(app, '/v1/console/rfi-requests', { email: u.email, question: 'Where do the funds of your last deposit come from?', dueDate: inDays(10), ...over }, reviewer.cookie);
const taskRows = (userId: string) => app.db.selectFrom('compliance_tasks').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
const rfiRows = (userId: string) => app.db.selectFrom('rfi_requests').selectAll().where('user_id', '=', userId).orderBy('round').execute();
const auditOf = async (ids: string[]) => (await app.db.selectFrom('audit_log').select(['action', 'entity_id', 'actor_id']).where('entity_id', 'in', ids).orderBy('id').execute()).map((a) => a.action);
const caseOfRfi = async (rfiId: string) => (await app.services.review.casesOfSubjects('RFI', [rfiId])).get(rfiId)!;

async function uploadPicture(rfiId: string, cookie: string) {
  const boundary = '----rfi-boundary';
  const image = await makeImage('jpeg', 800, 600);
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="rfi_id"\r\n\r\n${rfiId}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="statement.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    image,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url: `/x-api${K}/upload-rfi-document`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

describe('RFI', () => {
  it('a reviewer asks: an open task, a round, a pending RFI case, audited, e-mailed; kyc-info and the task calls show it', async () => {
    const u = await user();
    const res = (await ask(u)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { userId: u.id, dueDate: inDays(10), status: 'AWAITING_ANSWER' } });
    const [task] = await taskRows(u.id);
    expect(task).toMatchObject({ id: res.result.taskId, task_type: 'RFI', region: 'MAIN', subject_id: res.result.rfiId, status: 'OPEN', due_date: inDays(10), created_by: reviewer.id, open_key: `${u.id}:RFI:${res.result.rfiId}` });
    const [round] = await rfiRows(u.id);
    expect(round).toMatchObject({ id: res.result.rfiId, task_id: task!.id, status: 'AWAITING_ANSWER', question: 'Where do the funds of your last deposit come from?', asked_by: reviewer.id });
    const c = await caseOfRfi(round!.id);
    expect(c).toMatchObject({ id: res.result.caseId, status: 'PENDING', userId: u.id, subjectKind: 'RFI' });
    expect((await auditOf([task!.id, round!.id])).sort()).toEqual(['compliance_task.open', 'rfi.ask']);
    const mail = mailer.to(u.email).at(-1)!;
    expect(mail.subject).toBe('We need some information from you');
    expect(mail.text).toContain('Where do the funds of your last deposit come from?');
    expect(mail.text).toContain('/user/accounts/auth/rfiQuestion');

    const info = (await post(app, `${K}/kyc-info`, { obtain_verification_process: true }, u.cookie)).json().result;
    expect(info.verificationProcess).toEqual({ isVerificationProcess: true, tasks: ['RFI'] });
    expect(info.limitation).toBe('LIMITATION_DEFAULT');
    const list = (await post(app, '/segw/task/v1/task/list', {}, u.cookie)).json().result;
    expect(list).toMatchObject({ total: 1, list: [{ taskId: task!.id, taskType: 'RFI', status: 'OPEN', region: 'MAIN', dueDate: inDays(10), overdue: false, route: 'rfiQuestion', completedAt: null }] });
    expect((await post(app, '/segw/task/v1/task/region', {}, u.cookie)).json().result).toEqual({ region: 'MAIN', regions: [{ region: 'MAIN', open: 1, overdue: 0 }] });
    expect((await post(app, `${K}/compliance-tasks`, {}, u.cookie)).json().result).toMatchObject({ overdue: false, limitation: 'LIMITATION_DEFAULT', tasks: [{ taskId: task!.id }] });
    const page = (await get(app, `${K}/rfi`, u.cookie)).json().result;
    expect(page).toMatchObject({ open: { rfiId: round!.id, round: 1, status: 'AWAITING_ANSWER', documentRequested: false, dueDate: inDays(10) }, history: [] });
  });

  it('the user answers with a text and a picture; the reviewer asks again; then accepts: case approved, task done', async () => {
    const u = await user();
    const first = (await ask(u, { documentRequested: true })).json().result;
    // A document was asked for: a text alone is refused.
    const refused = (await post(app, `${K}/answer-rfi`, { rfiId: first.rfiId, answer: 'My salary.' }, u.cookie)).json();
    expect(refused).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'file', code: 'compliance.rule_document_required' }] } });
    const pic = (await uploadPicture(first.rfiId, u.cookie)).json();
    expect(pic.ret_code).toBe(0);
    const doc = await app.db.selectFrom('kyc_documents').select(['user_id', 'application_id']).where('id', '=', pic.result.id).executeTakeFirstOrThrow();
    expect(doc).toEqual({ user_id: u.id, application_id: first.rfiId });
    // Not decidable before the answer.
    expect((await post(app, `/v1/console/cases/${first.caseId}/approve`, {}, reviewer.cookie)).json().ret_code).not.toBe(0);
    const answered = (await post(app, `${K}/answer-rfi`, { rfiId: first.rfiId, answer: 'My salary.' }, u.cookie)).json();
    expect(answered.result).toMatchObject({ status: 'ANSWERED', answerText: 'My salary.', documents: [{ id: pic.result.id }] });
    expect((await rfiRows(u.id))[0]).toMatchObject({ status: 'ANSWERED', answer_text: 'My salary.', answer_documents: JSON.stringify([pic.result.id]) });
    expect((await post(app, `${K}/answer-rfi`, { rfiId: first.rfiId, answer: 'Again.' }, u.cookie)).json().ret_code).toBe(10012);

    const view = (await get(app, `/v1/console/cases/${first.caseId}`, reviewer.cookie)).json().result;
    expect(view.subject).toMatchObject({ kind: 'RFI', rfi: { status: 'ANSWERED', answerText: 'My salary.' }, earlier: [] });
    expect(view.subject.documentPaths[pic.result.id]).toBe(`/x-api/v1/console/document/${pic.result.id}`);

    const again = (await post(app, `/v1/console/cases/${first.caseId}/reject`, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'Please send your last payslip too.' }, reviewer.cookie)).json();
    expect(again).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'ASKED_AGAIN' } });
    const rounds = await rfiRows(u.id);
    expect(rounds.map((r) => [r.round, r.status, r.question])).toEqual([
      [1, 'ASKED_AGAIN', 'Where do the funds of your last deposit come from?'],
      [2, 'AWAITING_ANSWER', 'Please send your last payslip too.'],
    ]);
    const [task] = await taskRows(u.id);
    expect(task).toMatchObject({ status: 'OPEN', subject_id: rounds[1]!.id, due_date: inDays(14) });
    expect(mailer.to(u.email).at(-1)!.text).toContain('Please send your last payslip too.');
    const second = await caseOfRfi(rounds[1]!.id);
    expect(second.status).toBe('PENDING');

    await uploadPicture(rounds[1]!.id, u.cookie);
    await post(app, `${K}/answer-rfi`, { rfiId: rounds[1]!.id, answer: '' }, u.cookie);
    const accepted = (await post(app, `/v1/console/cases/${second.id}/approve`, {}, reviewer.cookie)).json();
    expect(accepted).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: 'ACCEPTED' } });
    expect((await taskRows(u.id))[0]).toMatchObject({ status: 'DONE', open_key: null });
    expect((await rfiRows(u.id))[1]!.status).toBe('ACCEPTED');
    expect((await auditOf([task!.id])).sort()).toEqual(['compliance_task.done', 'compliance_task.open']);
    const info = (await post(app, `${K}/kyc-info`, { obtain_verification_process: true }, u.cookie)).json().result;
    expect(info.verificationProcess).toEqual({ isVerificationProcess: false, tasks: [] });
    expect((await get(app, `${K}/rfi`, u.cookie)).json().result).toMatchObject({ open: null, history: [{ round: 2, status: 'ACCEPTED' }, { round: 1, status: 'ASKED_AGAIN' }] });
  });

  it('an overdue task limits the account (kyc-info, compliance-tasks, task/region)', async () => {
    const u = await user();
    const { taskId } = (await ask(u)).json().result;
    await app.db.updateTable('compliance_tasks').set({ due_date: inDays(-1) }).where('id', '=', taskId).execute();
    const info = (await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result;
    expect(info.limitation).toBe('LIMITATION_COMPLIANCE_TASK_OVERDUE');
    expect(info.limitationInfo).toEqual({ limitation: 'LIMITATION_COMPLIANCE_TASK_OVERDUE', reasons: ['COMPLIANCE_TASK_RFI_OVERDUE'], actions: [{ reason: 'COMPLIANCE_TASK_RFI_OVERDUE', action: 'COMPLETE_TASKS', route: 'complianceTasks' }] });
    expect((await post(app, `${K}/compliance-tasks`, {}, u.cookie)).json().result).toMatchObject({ overdue: true, limitation: 'LIMITATION_COMPLIANCE_TASK_OVERDUE', tasks: [{ taskId, overdue: true }] });
    expect((await post(app, '/segw/task/v1/task/region', {}, u.cookie)).json().result.regions).toEqual([{ region: 'MAIN', open: 1, overdue: 1 }]);
    expect((await get(app, `${K}/rfi`, u.cookie)).json().result.open.overdue).toBe(true);
  });

  it('refuses what it cannot take: unknown user, second open request, a due date out of range, empty answer', async () => {
    const u = await user();
    expect((await post(app, '/v1/console/rfi-requests', { email: 'nobody@example.com', question: 'Q?', dueDate: inDays(5) }, reviewer.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'email', code: 'compliance.rule_unknown_user' }] } });
    expect((await ask(u, { dueDate: inDays(0) })).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'dueDate' }] } });
    const { rfiId } = (await ask(u)).json().result;
    expect((await ask(u)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'email', code: 'compliance.rule_already_open' }] } });
    expect((await post(app, `${K}/answer-rfi`, { rfiId, answer: '  ' }, u.cookie)).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'answer', code: 'compliance.rule_answer_required' }] } });
    expect(await rfiRows(u.id)).toHaveLength(1);
    expect(await taskRows(u.id)).toHaveLength(1);
  });
});

describe('questionnaire tasks', () => {
  it('a reviewer gives a questionnaire task; it is done once the questionnaire is submitted', async () => {
    const u = await user();
    const res = (await post(app, '/v1/console/compliance-tasks', { email: u.email, taskType: 'QUESTIONNAIRE', templateCode: 'sourceOfFundsWealth', message: 'Tell us about your source of funds.', dueDate: inDays(20) }, reviewer.cookie)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { userId: u.id, taskType: 'QUESTIONNAIRE', route: 'sourceOfFundsWealth', status: 'OPEN', message: 'Tell us about your source of funds.' } });
    expect((await post(app, '/v1/console/compliance-tasks', { email: u.email, taskType: 'QUESTIONNAIRE', templateCode: 'sourceOfFundsWealth', dueDate: inDays(20) }, reviewer.cookie)).json().result.fields[0].code).toBe('compliance.rule_already_open');
    expect((await post(app, '/v1/console/compliance-tasks', { email: u.email, taskType: 'QUESTIONNAIRE', templateCode: 'noSuchThing', dueDate: inDays(20) }, reviewer.cookie)).json().result.fields[0].code).toBe('compliance.rule_unknown_template');
    // The questionnaire is submitted (its step reaches PENDING): the next read closes the task.
    await app.db.insertInto('step_states').values({ machine: 'questionnaire', subject_id: u.id, step: 'sourceOfFundsWealth', status: 'QUESTIONNAIRE_STATUS_PENDING', updated_at: new Date().toISOString() }).execute();
    const list = (await post(app, '/segw/task/v1/task/list', { status: 'DONE' }, u.cookie)).json().result;
    expect(list).toMatchObject({ total: 1, list: [{ taskId: res.result.taskId, status: 'DONE' }] });
    const [row] = await taskRows(u.id);
    expect(row).toMatchObject({ status: 'DONE', open_key: null });
    expect((await auditOf([row!.id])).sort()).toEqual(['compliance_task.done', 'compliance_task.open']);
  });
});

describe('erasure (decision 018)', () => {
  it("a user's erasure empties the questions, answers and notes and their audit payloads; the facts stay", async () => {
    const u = await user();
    const { rfiId, taskId } = (await ask(u)).json().result;
    await post(app, `${K}/answer-rfi`, { rfiId, answer: 'My salary.' }, u.cookie);
    expect((await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, u.cookie)).json().result.outcome).toBe('ERASED');
    expect((await rfiRows(u.id))[0]).toMatchObject({ id: rfiId, question: '', answer_text: '', status: 'ANSWERED' });
    expect((await taskRows(u.id))[0]).toMatchObject({ id: taskId, message: '', task_type: 'RFI' });
    const payloads = await app.db.selectFrom('audit_log').select(['before', 'after']).where('entity_id', 'in', [rfiId, taskId]).execute();
    expect(payloads.length).toBeGreaterThan(0);
    expect(payloads.some((p) => `${p.before ?? ''}${p.after ?? ''}`.includes('My salary.') || `${p.after ?? ''}`.includes('Where do the funds'))).toBe(false);
  });
});

describe('authorization', () => {
  it('users cannot use the console; reviewers and anonymous callers cannot use the user calls; a user cannot answer another user\'s round', async () => {
    const u = await user();
    const other = await user();
    expect((await post(app, '/v1/console/rfi-requests', { email: other.email, question: 'Q?', dueDate: inDays(5) }, u.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, '/v1/console/compliance-tasks', { email: other.email, taskType: 'QUESTIONNAIRE', templateCode: 'sourceOfFundsWealth', dueDate: inDays(5) }, u.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, '/segw/task/v1/task/list', {}, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, '/segw/task/v1/task/list', {})).json().ret_code).toBe(10007);
    expect((await post(app, `${K}/compliance-tasks`, {})).json().ret_code).toBe(10007);
    const { rfiId } = (await ask(other)).json().result;
    expect((await post(app, `${K}/answer-rfi`, { rfiId, answer: 'Not mine.' }, u.cookie)).json().ret_code).toBe(10011);
    expect((await uploadPicture(rfiId, u.cookie)).json().ret_code).toBe(10011);
    expect((await rfiRows(other.id))[0]!.status).toBe('AWAITING_ANSWER');
    expect(await taskRows(u.id)).toHaveLength(0);
  });
});

describe('cancelling a task (decision 052)', () => {
  const giveTask = async (u: TestUser) =>
    (await post(app, '/v1/console/compliance-tasks', { email: u.email, taskType: 'QUESTIONNAIRE', templateCode: 'sourceOfFundsWealth', message: 'Tell us about your funds.', dueDate: inDays(5) }, reviewer.cookie)).json().result.taskId as string;
  const cancel = (taskId: string, reason: string, cookie = reviewer.cookie) => post(app, `/v1/console/compliance-tasks/${taskId}/cancel`, { reason }, cookie);

  it('a reviewer cancels with a reason: CANCELLED with the reason, audited, the limitation it brought gone, the user told in the list and by e-mail', async () => {
    const u = await user();
    const taskId = await giveTask(u);
    await app.db.updateTable('compliance_tasks').set({ due_date: inDays(-1) }).where('id', '=', taskId).execute();
    expect((await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result.limitation).toBe('LIMITATION_COMPLIANCE_TASK_OVERDUE');
    const sentBefore = mailer.to(u.email).length;

    const res = (await cancel(taskId, 'Sent by mistake: we have your documents already.')).json();
    expect(res).toMatchObject({ ret_code: 0, result: { taskId, status: 'CANCELLED', cancelReason: 'Sent by mistake: we have your documents already.', completedAt: expect.any(String) } });
    expect((await taskRows(u.id))[0]).toMatchObject({ status: 'CANCELLED', open_key: null, cancel_reason: 'Sent by mistake: we have your documents already.' });
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'after']).where('entity_id', '=', taskId).orderBy('seq').execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['compliance_task.open', reviewer.id], ['compliance_task.cancel', reviewer.id]]);
    expect(JSON.parse(audit[1]!.after as string)).toMatchObject({ status: 'CANCELLED', reason: 'Sent by mistake: we have your documents already.' });

    // The user: no open task, no limitation; the cancelled list carries the reason; an e-mail says it.
    const info = (await post(app, `${K}/kyc-info`, { obtain_verification_process: true }, u.cookie)).json().result;
    expect(info).toMatchObject({ limitation: 'LIMITATION_DEFAULT', verificationProcess: { tasks: [] } });
    expect((await post(app, '/segw/task/v1/task/list', { status: 'CANCELLED' }, u.cookie)).json().result.list).toEqual([expect.objectContaining({ taskId, cancelReason: 'Sent by mistake: we have your documents already.' })]);
    const mails = mailer.to(u.email);
    expect(mails).toHaveLength(sentBefore + 1);
    expect(mails.at(-1)).toMatchObject({ subject: 'A compliance task was cancelled' });
    expect(mails.at(-1)!.text).toContain('Sent by mistake: we have your documents already.');
    expect(mails.at(-1)!.text).toContain('/user/accounts/auth/complianceTasks');

    // The console lists the user's tasks with it.
    expect((await get(app, `/v1/console/compliance-tasks?email=${encodeURIComponent(u.email)}`, reviewer.cookie)).json().result).toMatchObject({ userId: u.id, list: [{ taskId, status: 'CANCELLED' }] });
    // Twice: the task is no longer open; nothing changes, no second e-mail.
    expect((await cancel(taskId, 'again')).json().ret_code).toBe(10012);
    expect(mailer.to(u.email)).toHaveLength(sentBefore + 1);
  });

  it('refused: no reason, an RFI task, a user, an unknown task; nothing written', async () => {
    const u = await user();
    const taskId = await giveTask(u);
    expect((await cancel(taskId, '   ')).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'reason' }] } });
    expect((await cancel(taskId, 'mine', u.cookie)).json().ret_code).toBe(10009);
    expect((await cancel('0b9c5f8e-2f7b-4a57-9f0e-1d2c3b4a5f60', 'gone')).json().ret_code).not.toBe(0);
    const rfi = (await ask(u)).json().result;
    expect((await cancel(rfi.taskId, 'not needed')).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'id', code: 'compliance.rule_cancel_rfi' }] } });
    expect((await taskRows(u.id)).map((t) => t.status)).toEqual(['OPEN', 'OPEN']);
    expect(await app.db.selectFrom('audit_log').select('id').where('action', '=', 'compliance_task.cancel').where('entity_id', 'in', [taskId, rfi.taskId]).execute()).toEqual([]);
  });
});
