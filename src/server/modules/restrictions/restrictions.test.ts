import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDDStatus, LIMITATION_DEFAULT } from '../../../shared/kyc.ts';
import { LIMITATION_COMPLIANCE_RESTRICTED, LIMITATION_EDD_REJECTED } from '../../../shared/restrictions.ts';
import type { App } from '../../app.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { makeImage } from '../documents/test-images.ts';
import { caseOf as kycCaseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Restrictions follow decisions (issue 28, decision 052): an EDD rejection and a confirmed screening
 * match set kyc-info's limitation and limitationInfo (with what the user can do), stored in
 * account_restrictions and audited in the decision's transaction; a passed round or a cleared match
 * lifts them. Reply, stored row, audit and kyc-info as the user reads it.
 */
const K = '/v3/private/kyc';
const C = '/v1/console/cases';
const SYSTEM = { type: 'system', id: null } as const;
const sample = readFileSync(new URL('../screening/sample/targets.simple.csv', import.meta.url), 'utf8');

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
beforeAll(async () => {
  // No four-eyes here: the restriction follows whichever decision takes effect (four-eyes is tested with EDD).
  ({ app, close } = await createKycTestApp({ fourEyes: [] }));
  reviewer = await newReviewer(app, 'restrict-rev@example.com');
});
afterAll(async () => close());

let seq = 0;
const fresh = () => newUser(app, `restrict-${(seq += 1)}@example.com`);
const restrictionsOf = (userId: string) => app.db.selectFrom('account_restrictions').select(['source', 'limitation', 'reason', 'action', 'case_id']).where('user_id', '=', userId).execute();
const audits = async (userId: string, source: string) =>
  (await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_type', '=', 'account_restriction').where('entity_id', '=', `${userId}:${source}`).orderBy('seq').execute());
const limitationOf = async (u: TestUser) => {
  const res = (await post(app, `${K}/kyc-info`, {}, u.cookie)).json();
  expect(res.ret_code).toBe(0);
  return { limitation: res.result.limitation, limitationInfo: res.result.limitationInfo };
};

const EDD_ANSWERS = { net_worth: 'amt_mid', income: 'amt_mid', crypto_origin: ['bought'], risk_countries: 'no', truthful: true };
const SOF_ANSWERS = { funds_source: ['salary'], yearly_amount: 'amt_mid', occupation: 'Engineer', wealth_source: 'salary', wealth_details: 'Twelve years of salary', pep: 'no', truthful: true };
const picture = makeImage('jpeg', 640, 480);

async function uploadEvidence(requestId: string, cookie: string) {
  const boundary = '----restrict-boundary';
  const part = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const body = Buffer.concat([
    Buffer.from(`${part('request_id', requestId)}${part('question_id', 'evidence')}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="payslip.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    await picture,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({ method: 'POST', url: `/x-api${K}/upload-questionnaire-evidence`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  expect(res.json().ret_code).toBe(0);
}

/**
 * Sends both EDD questionnaires (the user is put into EDD first unless `inEdd`: a reviewer's request,
 * or already there); returns the EDD case's id.
 */
async function eddCase(u: TestUser, inEdd = false): Promise<string> {
  if (!inEdd) expect((await post(app, '/v1/console/edd-requests', { email: u.email, note: 'Deposits we cannot explain.' }, reviewer.cookie)).json().ret_code).toBe(0);
  for (const [code, answers] of [['eddQuestionnaire', EDD_ANSWERS], ['sourceOfFundsWealth', SOF_ANSWERS]] as const) {
    const id = (await post(app, `${K}/create-questionnaire`, { template_code: code }, u.cookie)).json().result.requestId as string;
    if (code === 'sourceOfFundsWealth') await uploadEvidence(id, u.cookie);
    expect((await post(app, `${K}/submit-questionnaire`, { request_id: id, answers }, u.cookie)).json().ret_code).toBe(0);
  }
  const round = await app.db.selectFrom('edd_rounds').select('id').where('user_id', '=', u.id).where('submitted_at', 'is not', null).where('decided_at', 'is', null).executeTakeFirstOrThrow();
  return (await app.db.selectFrom('review_cases').select('id').where('subject_id', '=', round.id).executeTakeFirstOrThrow()).id;
}

describe('an EDD rejection restricts the account until a round passes', () => {
  it('RETRY: LIMITATION_EDD_REJECTED with "answer again" (the EDD route); a passed round lifts it, audited both ways', async () => {
    const u = await fresh();
    expect(await limitationOf(u)).toEqual({ limitation: LIMITATION_DEFAULT, limitationInfo: { limitation: LIMITATION_DEFAULT, reasons: [], actions: [] } });
    const first = await eddCase(u);
    const rejected = (await post(app, `${C}/${first}/reject`, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'Please send a recent payslip.', internalNote: 'old payslip' }, reviewer.cookie)).json();
    expect(rejected).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: EDDStatus.EDDStatus_Reject } });

    expect(await restrictionsOf(u.id)).toEqual([{ source: 'EDD', limitation: LIMITATION_EDD_REJECTED, reason: 'EDD_REJECTED', action: 'ANSWER_EDD_AGAIN', case_id: first }]);
    expect(await audits(u.id, 'EDD')).toEqual([{ action: 'restriction.set', actor_id: reviewer.id }]);
    expect(await limitationOf(u)).toEqual({
      limitation: LIMITATION_EDD_REJECTED,
      limitationInfo: { limitation: LIMITATION_EDD_REJECTED, reasons: ['EDD_REJECTED'], actions: [{ reason: 'EDD_REJECTED', action: 'ANSWER_EDD_AGAIN', route: 'eddQuestionnaire' }] },
    });

    // Answering again does not lift it: only a decision does.
    const second = await eddCase(u, true);
    expect((await limitationOf(u)).limitation).toBe(LIMITATION_EDD_REJECTED);
    const approved = (await post(app, `${C}/${second}/approve`, { internalNote: 'Payslip matches.' }, reviewer.cookie)).json();
    expect(approved).toMatchObject({ ret_code: 0, result: { status: 'APPROVED', subjectStatus: EDDStatus.EDDStatus_Pass } });
    expect(await restrictionsOf(u.id)).toEqual([]);
    expect((await audits(u.id, 'EDD')).map((a) => a.action)).toEqual(['restriction.set', 'restriction.lift']);
    expect(await limitationOf(u)).toEqual({ limitation: LIMITATION_DEFAULT, limitationInfo: { limitation: LIMITATION_DEFAULT, reasons: [], actions: [] } });
    // Decision 061: each decision published the account's limitation in its own transaction.
    const published = await app.db.selectFrom('domain_events').select('data').where('user_id', '=', u.id).where('type', '=', 'kyc.limitation.changed').orderBy('seq').execute();
    expect(published.map((e) => JSON.parse(e.data))).toEqual([
      expect.objectContaining({ previousLimitation: LIMITATION_DEFAULT, limitation: LIMITATION_EDD_REJECTED, reasonCodes: ['EDD_REJECTED'], cause: 'RESTRICTION' }),
      expect.objectContaining({ previousLimitation: LIMITATION_EDD_REJECTED, limitation: LIMITATION_DEFAULT, reasonCodes: [], cause: 'RESTRICTION' }),
    ]);
  });

  it('FINAL: the action is to contact support (no route); a refused decision writes nothing', async () => {
    const u = await fresh();
    const kase = await eddCase(u);
    // A rejection without a message is refused: no restriction.
    expect((await post(app, `${C}/${kase}/reject`, { mode: 'FINAL', reasonCode: 'OTHER', userMessage: '', internalNote: 'x' }, reviewer.cookie)).json().ret_code).not.toBe(0);
    expect(await restrictionsOf(u.id)).toEqual([]);
    expect((await post(app, `${C}/${kase}/reject`, { mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'We cannot go on.', internalNote: 'not credible' }, reviewer.cookie)).json().ret_code).toBe(0);
    expect(await restrictionsOf(u.id)).toEqual([{ source: 'EDD', limitation: LIMITATION_EDD_REJECTED, reason: 'EDD_REJECTED', action: 'CONTACT_SUPPORT', case_id: kase }]);
    expect((await limitationOf(u)).limitationInfo.actions).toEqual([{ reason: 'EDD_REJECTED', action: 'CONTACT_SUPPORT', route: '' }]);
  });
});

describe('a confirmed screening match restricts the account', () => {
  it('confirmed: LIMITATION_COMPLIANCE_RESTRICTED, the strongest limitation, worded without the list; cleared on a later match: lifted', async () => {
    await app.services.screening.loadList(sample, 'sample.csv', SYSTEM);
    const u = await newUser(app, 'restrict-listed@example.com');
    await app.services.console.approve(await kycCaseOf(app, await submitLevel1(app, u, { ...VALID_INFO, firstName: 'Viktor', lastName: 'Drachenko', dateOfBirth: '1968-04-12' })), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    // After the approval's commit the level's event writes the screening job; after the match's, its event puts the user into EDD (decision 057).
    await app.services.events.subscribers.runDue();
    await app.services.screening.jobs.runDue();
    await app.services.events.subscribers.runDue();
    const kase = (await app.services.review.casesOfUser(u.id)).find((c) => c.subjectKind === 'SCREENING')!;
    // A potential match alone restricts nothing in kyc-info (get-aml-result holds withdrawals meanwhile).
    expect(await restrictionsOf(u.id)).toEqual([]);

    // The match also put the user into EDD; a rejected EDD and a confirmed match together: the match's limitation leads, both reasons listed.
    const edd = await eddCase(u, true);
    expect((await post(app, `${C}/${edd}/reject`, { mode: 'RETRY', reasonCode: 'OTHER', userMessage: 'Send more.', internalNote: 'x' }, reviewer.cookie)).json().ret_code).toBe(0);
    const confirmed = (await post(app, `${C}/${kase.id}/reject`, { mode: 'FINAL', reasonCode: 'OTHER', userMessage: 'Restricted after review.', internalNote: 'same person' }, reviewer.cookie)).json();
    expect(confirmed).toMatchObject({ ret_code: 0, result: { status: 'REJECTED', subjectStatus: 'TRUE_MATCH' } });
    expect(await restrictionsOf(u.id)).toEqual(
      expect.arrayContaining([{ source: 'SCREENING', limitation: LIMITATION_COMPLIANCE_RESTRICTED, reason: 'COMPLIANCE_REVIEW', action: 'CONTACT_SUPPORT', case_id: kase.id }]),
    );
    const seen = await limitationOf(u);
    expect(seen.limitation).toBe(LIMITATION_COMPLIANCE_RESTRICTED);
    expect(seen.limitationInfo.reasons.sort()).toEqual(['COMPLIANCE_REVIEW', 'EDD_REJECTED']);
    // No tipping-off: nothing in kyc-info names the screening or the list.
    expect(JSON.stringify(seen)).not.toMatch(/SCREENING|SANCTION|MATCH/i);
    // get-aml-result says the same as before (it restricted already).
    expect((await get(app, `${K}/get-aml-result?sceneCode=WITHDRAW`, u.cookie)).json().result).toMatchObject({ result: 'REJECT', blocked: true });
    expect(await audits(u.id, 'SCREENING')).toEqual([{ action: 'restriction.set', actor_id: reviewer.id }]);

    // A reviewer clearing a later match of the user lifts the screening restriction (the EDD one stays).
    // (A confirmed match's outcome stands against new lists: the later match is made by hand here.)
    await app.db.deleteFrom('screening_states').where('user_id', '=', u.id).execute();
    await app.db.transaction().execute((trx) => app.services.screening.screenIn(trx as never, u.id, 'LIST_CHANGE', SYSTEM));
    const reopened = (await app.services.review.casesOfUser(u.id)).find((c) => c.subjectKind === 'SCREENING' && c.status === 'PENDING')!;
    expect((await post(app, `${C}/${reopened.id}/approve`, { internalNote: 'different person after all' }, reviewer.cookie)).json().ret_code).toBe(0);
    expect((await restrictionsOf(u.id)).map((r) => r.source)).toEqual(['EDD']);
    expect((await audits(u.id, 'SCREENING')).map((a) => a.action)).toEqual(['restriction.set', 'restriction.lift']);
    expect((await limitationOf(u)).limitation).toBe(LIMITATION_EDD_REJECTED);
  });
});
