import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import { findWorkload } from '../review/review.repo.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * The reviewers' dashboard (decision 030): per kind, how many cases wait, how many waited over one
 * and three days, the oldest, and how many wait for a second look. Figures are read as differences
 * (other tests of the file add cases too) and checked against the stored cases.
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let senior: TestUser;
let seq = 0;
const DAY = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  // The production four-eyes rules: a FINAL rejection waits for a second look.
  ({ app, close } = await createKycTestApp({ fourEyes: loadConfig({}).fourEyes }));
  reviewer = await newReviewer(app, 'workload-reviewer@example.com');
  senior = await newReviewer(app, 'workload-senior@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, { type: 'system', id: null });
});
afterAll(async () => close());

/** A pending level-1 case, opened `daysAgo` days ago (the stored opening time moved back). */
async function pendingCase(daysAgo = 0) {
  const u = await newUser(app, `workload-${++seq}@example.com`);
  const caseId = await caseOf(app, await submitLevel1(app, u));
  const openedAt = new Date(Date.now() - daysAgo * DAY - 60_000).toISOString();
  if (daysAgo > 0) await app.db.updateTable('review_cases').set({ opened_at: openedAt }).where('id', '=', caseId).execute();
  return { caseId, openedAt };
}
const workload = async (cookie = reviewer.cookie) => (await get(app, '/v1/console/workload', cookie)).json();
const kycRow = async () => (await workload()).result.kinds.find((k: { kind: string }) => k.kind === 'KYC_APPLICATION');

describe('reviewers’ dashboard', () => {
  it('is for reviewers only: users get 10009, anonymous callers 10007', async () => {
    const u = await newUser(app, `workload-user-${++seq}@example.com`);
    expect((await workload(u.cookie)).ret_code).toBe(10009);
    expect((await workload('')).ret_code).toBe(10007);
  });

  it('lists every kind this server reviews, with counts that follow the stored cases', async () => {
    const before = await kycRow();
    const body = await workload();
    expect(body.ret_code).toBe(0);
    const kinds = (await get(app, '/v1/console/me', reviewer.cookie)).json().result.subjectKinds;
    expect(body.result.kinds.map((k: { kind: string }) => k.kind)).toEqual(kinds);

    await pendingCase();
    await pendingCase(2);
    const old = await pendingCase(5);
    const after = await kycRow();
    expect(after.pending).toEqual({ count: before.pending.count + 3, atLeast: false });
    expect(after.waitingOverOneDay.count).toBe(before.waitingOverOneDay.count + 2);
    expect(after.waitingOverThreeDays.count).toBe(before.waitingOverThreeDays.count + 1);
    // The oldest is the oldest stored pending case.
    const oldest = await app.db.selectFrom('review_cases').select('opened_at').where('status', '=', 'PENDING').where('subject_kind', '=', 'KYC_APPLICATION').orderBy('opened_at').limit(1).executeTakeFirstOrThrow();
    expect(after.oldestOpenedAt).toBe(oldest.opened_at);
    expect(after.oldestOpenedAt <= old.openedAt).toBe(true);

    // Decided, a case leaves the figures.
    expect((await post(app, `/v1/console/cases/${old.caseId}/approve`, {}, reviewer.cookie)).json().ret_code).toBe(0);
    const decided = await kycRow();
    expect(decided.pending.count).toBe(after.pending.count - 1);
    expect(decided.waitingOverThreeDays.count).toBe(after.waitingOverThreeDays.count - 1);
  });

  it('counts a case whose decision waits for a second look, until it is confirmed', async () => {
    const before = await kycRow();
    const { caseId } = await pendingCase();
    const finalReject = { mode: 'FINAL', reasonCode: 'SUSPECTED_FRAUD', userMessage: 'We cannot verify you.', internalNote: 'Document tampered.' };
    expect((await post(app, `/v1/console/cases/${caseId}/reject`, finalReject, reviewer.cookie)).json().result.proposal.status).toBe('OPEN');
    const proposed = await kycRow();
    expect(proposed.awaitingSecondLook).toBe(before.awaitingSecondLook + 1);
    expect((await post(app, `/v1/console/cases/${caseId}/confirm`, { note: 'Agreed.' }, senior.cookie)).json().ret_code).toBe(0);
    expect((await kycRow()).awaitingSecondLook).toBe(before.awaitingSecondLook);
  });

  it('stops counting at the cap and says so', async () => {
    await pendingCase();
    await pendingCase();
    const now = Date.now();
    const all = await findWorkload(app.db, 'KYC_APPLICATION', new Date(now - DAY).toISOString(), new Date(now - 3 * DAY).toISOString(), 2);
    expect(all.pending).toEqual({ count: 2, atLeast: true });
    const none = await findWorkload(app.db, 'EDD', new Date(now - DAY).toISOString(), new Date(now - 3 * DAY).toISOString(), 2);
    expect(none).toEqual({ pending: { count: 0, atLeast: false }, overOneDay: { count: 0, atLeast: false }, overThreeDays: { count: 0, atLeast: false }, oldestOpenedAt: null, awaitingSecondLook: 0 });
  });
});
