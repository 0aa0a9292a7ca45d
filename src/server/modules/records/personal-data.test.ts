import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { DocumentKind, DocumentType } from '../../../shared/kyc.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, uploadDrafts, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * The other modules' records about a user (decision 031) in the user's data export and in erasure:
 * questionnaire answers, documents asked for again, requests for information, agreements accepted.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let user: TestUser;
const K = '/v3/private/kyc';
const SYSTEM = { type: 'system', id: null } as const;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'pd-reviewer@example.com');
  await app.services.staff.setRole(reviewer.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  user = await newUser(app, 'pd-user@example.com');
  expect((await post(app, `/v1/console/cases/${await caseOf(app, await submitLevel1(app, user))}/approve`, {}, reviewer.cookie)).json().ret_code).toBe(0);

  // A questionnaire draft with a free-text answer.
  const started = (await post(app, `${K}/create-questionnaire`, { template_code: 'sourceOfFundsWealth', scene_code: 'TEST', biz_from: 'unit' }, user.cookie)).json();
  expect((await post(app, `${K}/save-questionnaire-draft`, { request_id: started.result.requestId, answers: { funds_source: ['salary'], occupation: 'Engineer at Babbage & Co' } }, user.cookie)).json().ret_code).toBe(0);
  // A new identity document asked for and sent.
  expect((await post(app, '/v1/console/reverification-requests', { email: user.email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your licence expired.', deadline: inDays(14) }, reviewer.cookie)).json().ret_code).toBe(0);
  await uploadDrafts(app, user.id, 1, [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE], DocumentType.PASSPORT);
  const poi = { country: 'GB', documentType: 'PASSPORT', documentNumber: 'P7654321', expiryDate: inDays(3650), firstName: VALID_INFO.firstName, lastName: VALID_INFO.lastName, dateOfBirth: VALID_INFO.dateOfBirth };
  expect((await post(app, `${K}/update-poi`, poi, user.cookie)).json().ret_code).toBe(0);
  // A request for information, answered.
  const rfi = (await post(app, '/v1/console/rfi-requests', { email: user.email, question: 'Where do the funds of your last deposit come from?', dueDate: inDays(10) }, reviewer.cookie)).json().result;
  expect((await post(app, `${K}/answer-rfi`, { rfiId: rfi.rfiId, answer: 'The sale of my flat in Marylebone.' }, user.cookie)).json().ret_code).toBe(0);
  // An agreement accepted.
  expect((await post(app, '/v1/console/agreements', { product: 'OPTION', title: 'Options v1', body: 'The terms.' }, reviewer.cookie)).json().ret_code).toBe(0);
  expect((await post(app, '/option/asset/amp/agreement/apply', { product: 'OPTION', version: 1 }, user.cookie)).json().ret_code).toBe(0);
});
afterAll(async () => close());

describe("the user's data export holds every module's records", () => {
  it('questionnaires, re-verification, compliance requests, agreements; nothing of another person or of the risk assessment', async () => {
    const data = (await get(app, '/v1/private/user/data-export', user.cookie)).json().result;
    expect(data.questionnaires).toEqual([
      expect.objectContaining({ templateCode: 'sourceOfFundsWealth', attempt: 1, answers: { funds_source: ['salary'], occupation: 'Engineer at Babbage & Co' }, submittedAt: null }),
    ]);
    expect(data.reverification.requests).toEqual([expect.objectContaining({ target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your licence expired.', status: 'OPEN' })]);
    expect(data.reverification.submissions).toEqual([
      expect.objectContaining({ target: 'POI', documentType: 'PASSPORT', documentNumber: 'P7654321', holder: { firstName: VALID_INFO.firstName, lastName: VALID_INFO.lastName, dateOfBirth: VALID_INFO.dateOfBirth }, status: 'PENDING' }),
    ]);
    expect(data.compliance.tasks).toEqual([expect.objectContaining({ type: 'RFI', status: 'OPEN', dueDate: inDays(10) })]);
    expect(data.compliance.requestsForInformation).toEqual([
      expect.objectContaining({ round: 1, question: 'Where do the funds of your last deposit come from?', answerText: 'The sale of my flat in Marylebone.', documentRequested: false }),
    ]);
    expect(data.accountExtras.agreements).toEqual([{ product: 'OPTION', version: 1, acceptedAt: expect.any(String), ip: '127.0.0.1' }]);
    expect(data).toMatchObject({ eddRounds: [], identityTransfers: [], accountExtras: { custody: null, affiliate: null, vipInvitations: [], announcementsAcknowledged: [] } });
    expect(JSON.stringify(data)).not.toContain(reviewer.id);
  });

  it('a new account gets every section, empty', async () => {
    const other = await newUser(app, 'pd-new@example.com');
    const data = (await get(app, '/v1/private/user/data-export', other.cookie)).json().result;
    expect(data).toMatchObject({
      questionnaires: [],
      reverification: { requests: [], submissions: [] },
      compliance: { tasks: [], requestsForInformation: [] },
      eddRounds: [],
      identityTransfers: [],
      accountExtras: { agreements: [], custody: null, affiliate: null, vipInvitations: [], announcementsAcknowledged: [] },
    });
  });
});

describe('erasure reaches every module', () => {
  it("when the retention period ends, the answers, the document number and holder, the RFI texts and the acceptances' addresses are blanked; the facts and the audit chain stay", async () => {
    // A verified customer's erasure is retained; the period is then made due by hand.
    const res = (await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, user.cookie)).json().result;
    expect(res).toMatchObject({ outcome: 'RETAINED', reason: 'CUSTOMER_RECORDS' });
    await app.db.updateTable('erasure_requests').set({ keep_until: new Date(Date.now() - 86_400_000).toISOString() }).where('user_id', '=', user.id).execute();
    expect(await app.services.records.retention.run(new Date().toISOString())).toMatchObject({ closedAccountsErased: 1 });

    const answers = await app.db.selectFrom('questionnaire_answers').select(['answers', 'submitted_ip', 'template_code', 'attempt']).where('user_id', '=', user.id).execute();
    expect(answers).toEqual([{ answers: '{}', submitted_ip: null, template_code: 'sourceOfFundsWealth', attempt: 1 }]);
    const updates = await app.db.selectFrom('reverification_submissions').select(['document_number', 'holder', 'document_type', 'status']).where('user_id', '=', user.id).execute();
    expect(updates).toEqual([{ document_number: '', holder: null, document_type: 'PASSPORT', status: 'PENDING' }]);
    expect(await app.db.selectFrom('reverification_requests').select(['message', 'reason']).where('user_id', '=', user.id).execute()).toEqual([{ message: '', reason: 'DOCUMENT_EXPIRED' }]);
    expect(await app.db.selectFrom('rfi_requests').select(['question', 'answer_text', 'round']).where('user_id', '=', user.id).execute()).toEqual([{ question: '', answer_text: '', round: 1 }]);
    expect(await app.db.selectFrom('agreement_acceptances').select(['ip', 'product', 'version']).where('user_id', '=', user.id).execute()).toEqual([{ ip: null, product: 'OPTION', version: 1 }]);

    // The audit entries of those records keep their facts, not their texts; the chain still holds.
    const trail = await app.db.selectFrom('audit_log').select(['entity_type', 'before', 'after', 'erased_at']).where('entity_type', 'in', ['questionnaire_answer', 'reverification_submission', 'rfi_request']).execute();
    expect(trail.length).toBeGreaterThan(0);
    const text = JSON.stringify(trail);
    for (const secret of ['Babbage', 'P7654321', 'Marylebone']) expect(text).not.toContain(secret);
    expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true });
  });
});
