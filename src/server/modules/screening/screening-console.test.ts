import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, post, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * The console's screening list (decision 026): an administrator uploads a new version of the
 * sanctions/PEP list, a bad file is refused whole with its line and the kind of problem, and the
 * verified users are re-screened in the background (the page counts those left). Reply AND stored state.
 */
let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let reviewer: TestUser;
const L = '/v1/console/screening-list';
const sample = readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8');
const HEADER = 'id,schema,name,aliases,birth_date,countries,addresses,identifiers,sanctions,phones,emails,dataset,first_seen,last_seen,last_change';

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  admin = await newReviewer(app, 'list-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, { type: 'system', id: null });
  reviewer = await newReviewer(app, 'list-reviewer@example.com');
});
afterAll(async () => close());

function upload(csv: string, cookie: string, fileName = 'targets.simple.csv') {
  const boundary = '----list-boundary';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: text/csv\r\n\r\n`),
    Buffer.from(csv),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return app.inject({ method: 'POST', url: `/x-api${L}`, headers: { ...jsonHeaders, cookie, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
}

async function verified(email: string, info = VALID_INFO): Promise<TestUser> {
  const u = await newUser(app, email);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, info)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  // The level's event writes the screening job after the commit (decision 057).
  await app.services.events.subscribers.runDue();
  return u;
}

describe('the screening list in the console', () => {
  it('only administrators read or load it; users and plain reviewers are refused and nothing is stored', async () => {
    const user = await newUser(app, 'list-user@example.com');
    expect((await get(app, L, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, L, user.cookie)).json().ret_code).toBe(10009);
    expect((await upload(sample, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await post(app, `${L}/rescreen`, {}, reviewer.cookie)).json().ret_code).toBe(10009);
    expect((await get(app, L, admin.cookie)).json()).toMatchObject({ ret_code: 0, result: { current: null, usersToScreen: 0 } });
    expect(await app.db.selectFrom('screening_lists').selectAll().execute()).toEqual([]);
  });

  it('a bad file is refused whole: the line and the kind of problem on the file field; the list in use stays', async () => {
    const res = (await upload(`${HEADER}\nx,Person,Viktor Drachenko,,12.04.1968,ru,,,,,,demo,,,2026-01-01\n`, admin.cookie)).json();
    expect(res).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'file', code: 'SCREENING_LIST_INVALID', params: { line: 2, kind: 'BIRTH_DATE', value: '12.04.1968' } }] } });
    expect((await upload(`${HEADER}\n`, admin.cookie)).json()).toMatchObject({ result: { fields: [{ params: { line: 1, kind: 'NO_PERSONS' } }] } });
    expect(await app.db.selectFrom('screening_lists').selectAll().execute()).toEqual([]);
  });

  it('a good file becomes the next version, audited as the administrator; verified users are screened in the background', async () => {
    const listed = await verified('list-drachenko@example.com', { ...VALID_INFO, firstName: 'Viktor', lastName: 'Drachenko', dateOfBirth: '1968-04-12' });
    const res = (await upload(sample, admin.cookie, 'opensanctions-2026-11.csv')).json();
    expect(res).toMatchObject({ ret_code: 0, result: { current: { version: 1, source: 'opensanctions-2026-11.csv', entryCount: 4, loadedBy: 'list-admin@example.com' } } });
    expect(await app.db.selectFrom('screening_lists').select(['version', 'loaded_by']).execute()).toEqual([{ version: 1, loaded_by: admin.id }]);
    expect(await app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'screening.list.load').execute()).toEqual([{ actor_id: admin.id }]);
    // The re-screening runs after the reply; the page counts the users left until none are.
    await vi.waitFor(async () => expect((await get(app, L, admin.cookie)).json().result.usersToScreen).toBe(0), { timeout: 15_000, interval: 100 });
    expect(await app.db.selectFrom('screening_states').select('status').where('user_id', '=', listed.id).executeTakeFirst()).toEqual({ status: 'POTENTIAL_MATCH' });
    expect((await app.services.review.casesOfUser(listed.id)).map((c) => c.subjectKind)).toContain('SCREENING');
  });

  it('"screen the rest" resumes a run that stopped: the users left are screened', async () => {
    // A user verified with the list loaded is screened at approval; one whose state is older is left for a run.
    // The load's run has finished (its last batch recorded after the last user).
    await vi.waitFor(async () => expect((await get(app, L, admin.cookie)).json().result.rescreen.finishedAt).toEqual(expect.any(String)), { timeout: 15_000, interval: 100 });
    const u = await verified('list-later@example.com');
    // Its approval's screening first (decision 038), so the runner cannot screen it behind the test's back.
    await app.services.screening.jobs.runDue();
    await app.db.updateTable('screening_states').set({ list_version: 0 }).where('user_id', '=', u.id).execute();
    expect((await get(app, L, admin.cookie)).json().result.usersToScreen).toBe(1);
    expect((await post(app, `${L}/rescreen`, {}, admin.cookie)).json().ret_code).toBe(0);
    await vi.waitFor(async () => expect((await get(app, L, admin.cookie)).json().result.usersToScreen).toBe(0), { timeout: 15_000, interval: 100 });
    expect(await app.db.selectFrom('screening_states').select('list_version').where('user_id', '=', u.id).executeTakeFirst()).toEqual({ list_version: 1 });
    // The run had finished: opened again by the administrator (audited), finished again.
    expect(await app.db.selectFrom('audit_log').select(['actor_id', 'entity_id']).where('action', '=', 'screening.rescreen.reopen').execute()).toEqual([{ actor_id: admin.id, entity_id: '1' }]);
    await vi.waitFor(async () => expect((await get(app, L, admin.cookie)).json().result.rescreen).toMatchObject({ state: 'DONE', finishedAt: expect.any(String) }), { timeout: 15_000, interval: 100 });
  });

  it('a user whose match awaits a reviewer is not waiting for the next version: the count still reaches zero', async () => {
    const next = `${sample.trimEnd()}\nextra-0001,Person,Ottoline Fairweather-Quist,,1931-02-28,gb,,,,,,demo_peps,,,2026-11-20\n`;
    expect((await upload(next, admin.cookie)).json().result.current.version).toBe(2);
    await vi.waitFor(async () => expect((await get(app, L, admin.cookie)).json().result.usersToScreen).toBe(0), { timeout: 15_000, interval: 100 });
    const listed = await app.db.selectFrom('users').select('id').where('email', '=', 'list-drachenko@example.com').executeTakeFirstOrThrow();
    // Its outcome stands until the reviewer decides; the version it was screened against stays.
    expect(await app.db.selectFrom('screening_states').select(['status', 'list_version']).where('user_id', '=', listed.id).executeTakeFirst()).toEqual({ status: 'POTENTIAL_MATCH', list_version: 1 });
  });
});
