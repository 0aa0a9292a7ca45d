import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import type { DecisionInput } from '../review/review.service.ts';
import { levelVerifiedEventOf } from '../events/events.fixtures.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Screening's read model of whom it screens (decision 063): `screening_subjects` follows a level 1
 * reached (whatever reached it), a reached level withdrawn and an erasure; the console's figures and
 * the re-screening read it. Replies and stored state (SQLite, and PostgreSQL under scripts/with-postgres.sh).
 */
let app: App;
let close: () => Promise<void>;
let senior: TestUser;
let admin: TestUser;
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;
const SUMSUB = { type: 'provider', id: 'PROVIDER_SUMSUB' } as const;
const GREEN: DecisionInput = { outcome: 'APPROVE', mode: null, reasonCode: null, userMessage: '', internalNote: '' };
const RED: DecisionInput = { outcome: 'REJECT', mode: 'FINAL', reasonCode: 'DOCUMENT_EXPIRED', userMessage: 'Your document has expired.', internalNote: '' };
const sample = readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8');

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  senior = await newReviewer(app, 'sv-senior@example.com');
  admin = await newReviewer(app, 'sv-admin@example.com');
  await app.services.staff.setRole(senior.id, ConsoleRole.SENIOR_REVIEWER, SYSTEM);
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  // A list in use, so the console has figures to show.
  await app.services.screening.loadList(sample, 'targets.simple.csv', SYSTEM);
});
afterAll(async () => close());

/** A level-1 application a provider decided as `input` (a provider's decision can be overridden, decision 022). */
async function providerDecided(input: DecisionInput, info = VALID_INFO) {
  const u = await newUser(app, `sv-user-${++seq}@example.com`);
  const appId = await submitLevel1(app, u, info);
  await app.services.review.decideSubject('KYC_APPLICATION', appId, SUMSUB, input);
  return { u, caseId: await caseOf(app, appId) };
}
const subjectOf = (userId: string) => app.db.selectFrom('screening_subjects').selectAll().where('user_id', '=', userId).executeTakeFirst();
const level1ChangedAt = async (userId: string) =>
  (await app.db.selectFrom('step_states').select('updated_at').where('machine', '=', 'kyc_level').where('subject_id', '=', userId).where('step', '=', '1').executeTakeFirstOrThrow()).updated_at;
const figures = async () => {
  const res = (await get(app, '/v1/console/screening-list', admin.cookie)).json();
  expect(res.ret_code).toBe(0);
  return { usersToScreen: res.result.usersToScreen as number, total: res.result.rescreen.total as number, screened: res.result.rescreen.screened as number };
};
const runSubscribers = () => app.services.events.subscribers.runDue();

describe("screening's read model of verified users", () => {
  it('an approval adds the user after the commit (with the screening job); an override withdrawing the level removes them; a redelivered approval does not bring them back', async () => {
    const before = await figures();
    const { u, caseId } = await providerDecided(GREEN);
    // Until the subscribers' pass the approval is not seen by screening (decision 063's gap): neither row nor figures.
    expect(await subjectOf(u.id)).toBeUndefined();
    expect(await figures()).toEqual(before);

    await runSubscribers();
    expect(await subjectOf(u.id)).toEqual({ user_id: u.id, verified_at: await level1ChangedAt(u.id) });
    expect(await app.db.selectFrom('screening_jobs').select(['user_id', 'trigger']).where('user_id', '=', u.id).execute()).toEqual([{ user_id: u.id, trigger: 'LEVEL_APPROVED' }]);
    // Counted, and waiting until the job screens them against the list in use.
    expect(await figures()).toEqual({ usersToScreen: before.usersToScreen + 1, total: before.total + 1, screened: before.screened });
    await app.services.screening.jobs.runDue();
    expect(await figures()).toEqual({ usersToScreen: before.usersToScreen, total: before.total + 1, screened: before.screened + 1 });

    // A senior reviewer overrides the provider's approval: level 1 is no longer reached.
    const res = (await post(app, `/v1/console/cases/${caseId}/override`, { outcome: 'REJECT', mode: 'RETRY', reasonCode: 'SELFIE_MISMATCH', userMessage: 'Please take the selfie again.', internalNote: 'The selfie is a photo of a screen.' }, senior.cookie)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { subjectStatus: 'FAILED_AND_CAN_RETRY' } });
    await runSubscribers();
    expect(await subjectOf(u.id)).toBeUndefined();
    expect(await figures()).toEqual(before);

    // At least once: the approval handed again sets the row from the state now, so it stays out.
    await app.services.screening.identityVerified.handle(await levelVerifiedEventOf(app, u.id), { once: (effect) => effect() });
    expect(await subjectOf(u.id)).toBeUndefined();
  });

  it("a rejection adds nobody; an override approving a provider's rejection adds the user; the re-screening of a new list reaches them", async () => {
    const { u, caseId } = await providerDecided(RED);
    await runSubscribers();
    expect(await subjectOf(u.id)).toBeUndefined();

    const res = (await post(app, `/v1/console/cases/${caseId}/override`, { outcome: 'APPROVE', internalNote: 'The document is valid.' }, senior.cookie)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { subjectStatus: 'SUCCESS' } });
    await runSubscribers();
    expect(await subjectOf(u.id)).toEqual({ user_id: u.id, verified_at: await level1ChangedAt(u.id) });
    await app.services.screening.jobs.runDue();

    // A new list: every row of the read model is re-screened against it, this user among them.
    const { version } = await app.services.screening.loadList(sample, 'targets-2.csv', SYSTEM);
    const expected = (await app.db.selectFrom('screening_subjects').select('user_id').execute()).length;
    expect(await figures()).toMatchObject({ usersToScreen: expected, total: expected });
    expect(await app.services.screening.rescreenAll()).toMatchObject({ screened: expected });
    expect(await app.db.selectFrom('screening_states').select('list_version').where('user_id', '=', u.id).executeTakeFirstOrThrow()).toEqual({ list_version: version });
    expect(await figures()).toMatchObject({ usersToScreen: 0, total: expected, screened: expected });
  });

  it("an erasure removes the user in its own transaction; the erasure's event and a redelivered approval leave them out", async () => {
    const { u } = await providerDecided(GREEN);
    await runSubscribers();
    expect(await subjectOf(u.id)).toBeDefined();
    const before = await figures();

    // A verified customer's records are kept: the erasure is retained, then made due (as the retention job finds it).
    const res = (await post(app, '/v1/private/user/erasure-request', { confirm: 'ERASE' }, u.cookie)).json().result;
    expect(res).toMatchObject({ outcome: 'RETAINED', reason: 'CUSTOMER_RECORDS' });
    await app.db.updateTable('erasure_requests').set({ keep_until: new Date(Date.now() - 86_400_000).toISOString() }).where('user_id', '=', u.id).execute();
    expect(await app.services.records.retention.run(new Date().toISOString())).toMatchObject({ closedAccountsErased: 1 });
    // Gone with the personal information, before any subscriber ran; counted no more.
    expect(await subjectOf(u.id)).toBeUndefined();
    expect(await figures()).toMatchObject({ total: before.total - 1 });

    await runSubscribers();
    await app.services.screening.identityVerified.handle(await levelVerifiedEventOf(app, u.id), { once: (effect) => effect() });
    expect(await subjectOf(u.id)).toBeUndefined();
  });
});
