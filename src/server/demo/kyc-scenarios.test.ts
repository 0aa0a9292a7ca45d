import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { DEMO_USERS } from '../seed.ts';
import { createTestApp, signIn } from '../test/test-app.ts';
import { get, post } from '../modules/kyc/kyc.fixtures.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp({ demo: true })), 120_000);
afterAll(async () => close());

const login = (email: string) => signIn(app, email, DEMO_USERS.find((u) => u.email === email)!.password, false);
const stateOf = async (email: string) => {
  const r = (await post(app, '/v3/private/kyc/kyc-info', { obtain_state: true, obtain_current: true }, await login(email))).json().result;
  return { steps: r.state.map((s: { status: string }) => s.status), level: r.applicant.level, notices: r.errorNotify, messages: r.additionalRejectReason, identifies: r.applicant.identifies };
};

describe('demo data on a new database (README table)', () => {
  it.each([
    ['demo@example.com', ['ALLOW', 'NOT_ALLOW'], 0, 0],
    ['l1-pending@example.com', ['PENDING', 'NOT_ALLOW'], 0, 1],
    ['l1-approved@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
    ['l1-retry@example.com', ['FAILED_AND_CAN_RETRY', 'NOT_ALLOW'], 0, 1],
    ['l1-final@example.com', ['FAILED_AND_CAN_NOT_RETRY', 'NOT_ALLOW'], 0, 1],
    ['l2-approved@example.com', ['SUCCESS', 'SUCCESS'], 2, 2],
    ['kyc-tag@example.com', ['NOT_ALLOW', 'NOT_ALLOW'], 0, 0],
    // Re-verification demo users: level 1 approved; the identity update never lowers the level.
    ['reverify-needed@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
    ['reverify-pending@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
    ['reverify-rejected@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
    ['reverify-daily@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
    ['reverify-tr@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
    ['reverify-vendor@example.com', ['SUCCESS', 'ALLOW'], 1, 1],
  ])('%s signs in with the demo password and is in its state', async (email, steps, level, applications) => {
    const s = await stateOf(email);
    expect(s.steps).toEqual(steps);
    expect(s.level).toBe(level);
    expect(s.identifies).toHaveLength(applications);
  });

  it('rejected demo users see the reason and the reviewer\'s message', async () => {
    expect((await stateOf('l1-retry@example.com')).notices).toEqual([expect.objectContaining({ level: 1, reasonCode: 'DOCUMENT_UNREADABLE', status: 'FAILED_AND_CAN_RETRY' })]);
    const final = await stateOf('l1-final@example.com');
    expect(final.notices[0]).toMatchObject({ reasonCode: 'DUPLICATE_ACCOUNT', status: 'FAILED_AND_CAN_NOT_RETRY' });
    expect(final.messages[0].message).toMatch(/another account/);
  });

  it('real records stand behind each state: uploaded specimen images, decisions by the demo reviewer', async () => {
    const reviewer = await app.db.selectFrom('users').selectAll().where('email', '=', 'reviewer@example.com').executeTakeFirstOrThrow();
    expect(reviewer.role).toBe('reviewer');
    // KYC application cases (the questionnaire demo users' cases are questionnaire-scenarios.test.ts's).
    const decisions = await app.db
      .selectFrom('review_decisions')
      .innerJoin('review_cases', 'review_cases.id', 'review_decisions.case_id')
      .selectAll('review_decisions')
      .where('review_cases.subject_kind', '=', 'KYC_APPLICATION')
      .execute();
    // l1-approved, l1-retry, l1-final, l2-approved (x2), level 1 of the six re-verification users (without
    // the Sumsub fake, reverify-vendor's is in-house too), of the three questionnaire demo users and of
    // the EDD demo user, and the account extras' satos-deposit, satos-eu and new-satos, screening-hit, the
    // compliance demo users rfi-open and tasks-open, and transfer-pending (re-verification rejections are
    // REVERIFICATION cases; screening-hit's open match is a SCREENING case; the open requests for
    // information are RFI cases; transfer-eu's level comes with the transfer, not a decision).
    expect(decisions.length).toBe(22);
    expect(decisions.every((d) => d.actor_type === 'reviewer' && d.actor_id === reviewer.id)).toBe(true);
    // Every application has its review case, decided as the application was.
    const cases = await app.db.selectFrom('review_cases').selectAll().where('subject_kind', '=', 'KYC_APPLICATION').execute();
    const apps = await app.db.selectFrom('kyc_applications').selectAll().execute();
    expect(cases.map((c) => `${c.subject_id}:${c.status}`).sort()).toEqual(apps.map((a) => `${a.id}:${a.status}`).sort());
    const l2 = await app.db.selectFrom('users').select('id').where('email', '=', 'l2-approved@example.com').executeTakeFirstOrThrow();
    const docs = await app.db.selectFrom('kyc_documents').select(['kind', 'level', 'application_id', 'byte_size']).where('user_id', '=', l2.id).execute();
    expect(docs.map((d) => `${d.level}:${d.kind}`).sort()).toEqual(['1:DOCUMENT_BACK', '1:DOCUMENT_FRONT', '1:SELFIE', '2:PROOF_OF_ADDRESS']);
    expect(docs.every((d) => d.application_id !== null && Number(d.byte_size) > 1000)).toBe(true);

    // The demo reviewer signs in with its own password and finds the pending case in the queue.
    const cookie = await login('reviewer@example.com');
    const queue = (await get(app, '/v1/console/cases?kind=KYC_APPLICATION', cookie)).json().result;
    expect(queue.items.map((i: { email: string }) => i.email)).toEqual(['l1-pending@example.com']);
    const kase = (await get(app, `/v1/console/cases/${queue.items[0].id}`, cookie)).json().result;
    expect(kase.subject.documents).toHaveLength(3);
    const image = await app.inject({ method: 'GET', url: kase.subject.documents[0].downloadPath, headers: { cookie } });
    expect(image.statusCode).toBe(200);
    expect(image.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  });
});

describe('re-verification demo users (README table)', () => {
  const page = async (email: string) => (await get(app, '/v3/private/kyc/reverification', await login(email))).json().result;
  const poi = async (email: string) => (await page(email)).items.find((i: { target: string }) => i.target === 'POI');

  it.each([
    ['reverify-needed@example.com', 'DisplayUpdatePOIStatus_Needed', 0, { site: '', country: 'BE' }],
    ['reverify-pending@example.com', 'DisplayUpdatePOIStatus_Pending', 1, { site: '', country: 'NL' }],
    ['reverify-rejected@example.com', 'DisplayUpdatePOIStatus_Rejected', 1, { site: '', country: 'NO' }],
    ['reverify-daily@example.com', 'DisplayUpdatePOIStatus_Rejected_Daily', 3, { site: '', country: 'PL' }],
    ['reverify-tr@example.com', 'DisplayUpdatePOIStatus_Needed', 0, { site: 'TUR', country: 'TR' }],
    ['reverify-vendor@example.com', 'DisplayUpdatePOIStatus_Needed', 0, { site: '', country: 'GB' }],
  ])('%s is in its state, with the request and the submissions behind it', async (email, status, submissions, siteInfo) => {
    const item = await poi(email);
    expect(item.display).toMatchObject({ status, siteInfo });
    expect(item.request).toMatchObject({ reason: 'DOCUMENT_EXPIRED', overdue: false });
    const user = await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    const rows = await app.db.selectFrom('reverification_submissions').select('status').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(submissions);
    const requests = await app.db.selectFrom('reverification_requests').select(['status', 'requested_by']).where('user_id', '=', user.id).execute();
    expect(requests).toHaveLength(1);
    const kycInfo = (await post(app, '/v3/private/kyc/kyc-info', {}, await login(email))).json().result;
    expect(kycInfo.displayControl.displayUpdatePOI.status).toBe(status);
  });

  it('rejected users see the reason; the daily one may resubmit only tomorrow', async () => {
    expect(await poi('reverify-rejected@example.com')).toMatchObject({ display: { rejectReason: 'DOCUMENT_UNREADABLE' }, rejection: { reasonCode: 'DOCUMENT_UNREADABLE' }, retryAfter: null });
    const daily = await poi('reverify-daily@example.com');
    expect(daily.rejectionsToday).toBe(3);
    expect(Date.parse(daily.retryAfter)).toBeGreaterThan(Date.now());
  });
});
