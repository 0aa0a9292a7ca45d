import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import type { YenteConfig } from '../../screening-config.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { jsonHeaders } from '../../test/test-app.ts';
import { createInhouseEngine } from './engines/inhouse.ts';
import { createYenteEngine } from './engines/yente.ts';
import { ListFileReader } from './list-file.ts';
import { createInProcessMatcher } from './matcher.ts';
import { entityOf, startYenteFake, type FakeEntity, type YenteFake } from './yente-fake.ts';

/**
 * The yente engine (decision 043) against yente's local fake over real HTTP on 127.0.0.1: its dataset
 * version recorded as a list version, an approval's after-commit job finding a yente hit (the same
 * SCREENING case, questionnaire and EDD as an in-house hit), a non-match cleared, yente down or
 * answering garbage (the job is retried, nobody is cleared) or too slow, a new dataset version re-screening
 * everybody in the background, uploads refused. Reply AND stored state.
 */
const reader = new ListFileReader();
const SAMPLE = [...reader.push(readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8')), ...reader.end()].map(entityOf);
const V1 = '20261101000000-aaa';
const API_KEY = 'yente-test-key';
const DRACHENKO = { ...VALID_INFO, firstName: 'Viktor', lastName: 'Drachenko', dateOfBirth: '1968-04-12', nationality: 'CY' };
const SYSTEM = { type: 'system', id: null } as const;

let fake: YenteFake;
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let admin: TestUser;
let seq = 0;
const yente = (origin: string): YenteConfig => ({ url: origin, dataset: 'default', apiKey: API_KEY, threshold: 0.85, algorithm: 'logic-v1', timeoutMs: 5000, catalogRefreshMs: 0 });

beforeAll(async () => {
  fake = await startYenteFake({ dataset: 'default', version: V1, entities: SAMPLE, apiKey: API_KEY });
  ({ app, close } = await createKycTestApp({ screening: { workers: 0, nice: 0, rescreenIntervalMs: 0, rescreenShare: 1, engine: 'yente', yente: yente(fake.origin) } }));
  reviewer = await newReviewer(app, 'yente-reviewer@example.com');
  admin = await newReviewer(app, 'yente-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  // The start read the catalog (app.ts); reading it again records nothing new.
  await app.services.screening.catalog.runDue();
});
afterAll(async () => {
  await close();
  await fake.close();
});

async function approved(info = VALID_INFO): Promise<TestUser> {
  const u = await newUser(app, `yente-${++seq}@example.com`);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, info)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  // The level's event writes the screening job after the commit (decision 057).
  await app.services.events.subscribers.runDue();
  return u;
}
const stateOf = (userId: string) => app.db.selectFrom('screening_states').selectAll().where('user_id', '=', userId).executeTakeFirst();
const matchesOf = (userId: string) => app.db.selectFrom('screening_matches').selectAll().where('user_id', '=', userId).execute();
const jobOf = (userId: string) => app.db.selectFrom('screening_jobs').selectAll().where('user_id', '=', userId).executeTakeFirst();
const lists = () => app.db.selectFrom('screening_lists').selectAll().orderBy('version').execute();
const aml = (u: TestUser) => get(app, '/v3/private/kyc/get-aml-result?sceneCode=KYC', u.cookie);
/** A failed job is retried later: made due now, as its time would come. */
const dueNow = (userId: string) => app.db.updateTable('screening_jobs').set({ due_at: new Date(0).toISOString() }).where('user_id', '=', userId).execute();

describe("yente's dataset version", () => {
  it('is recorded once as list version 1 (no entries here), audited; the console shows the engine and refuses uploads', async () => {
    expect(await lists()).toEqual([expect.objectContaining({ version: 1, source: `yente:default@${V1}`, sha256: '', entry_count: SAMPLE.length, loaded_by: null })]);
    expect(await app.db.selectFrom('screening_entries').select('id').execute()).toEqual([]);
    const audit = await app.db.selectFrom('audit_log').selectAll().where('action', '=', 'screening.list.load').execute();
    expect(audit).toHaveLength(1);
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ version: 1, engine: 'yente', dataset: 'default', datasetVersion: V1 });

    const info = await get(app, '/v1/console/screening-list', admin.cookie);
    expect(info.json()).toMatchObject({ ret_code: 0, result: { engine: 'yente', current: { version: 1, source: `yente:default@${V1}`, yente: { dataset: 'default', datasetVersion: V1 } } } });

    const boundary = '----b';
    const upload = await app.inject({
      method: 'POST',
      url: '/x-api/v1/console/screening-list',
      headers: { ...jsonHeaders, cookie: admin.cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="targets.simple.csv"\r\nContent-Type: text/csv\r\n\r\n${readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8')}\r\n--${boundary}--\r\n`,
    });
    expect(upload.json()).toMatchObject({ ret_code: 10012 });
    expect(await lists()).toHaveLength(1);
    await expect(app.services.screening.loadList('x', 'cli.csv', SYSTEM)).rejects.toMatchObject({ retCode: 10012 });
  });
});

describe('screening after an approval, with yente', () => {
  it("a yente match opens the same SCREENING case, questionnaire and EDD as an in-house one, with yente's scores and datasets", async () => {
    const calls = fake.matchBodies.length;
    const u = await approved(DRACHENKO);
    expect((await aml(u)).json().result).toMatchObject({ result: 'NONE', status: 'NOT_SCREENED' });
    // The runner polls every second too: whichever takes the job, it is done after this.
    await app.services.screening.jobs.runDue();
    // The match's EDD assessment reacts to it after its commit (decision 057).
    await app.services.events.subscribers.runDue();

    // What yente was sent: a Person with our name, date of birth and nationality, our threshold, the key.
    expect(fake.matchBodies.slice(calls)).toEqual([{ queries: { person: { schema: 'Person', properties: { name: ['Viktor Drachenko'], birthDate: ['1968-04-12'], nationality: ['cy'] } } } }]);
    expect(fake.calls.filter((c) => c.path.startsWith('/match/')).at(-1)).toMatchObject({ method: 'POST', path: '/match/default?threshold=0.85&limit=10&algorithm=logic-v1', status: 200 });

    expect(await stateOf(u.id)).toMatchObject({ status: 'POTENTIAL_MATCH', list_version: 1 });
    const [m] = await matchesOf(u.id);
    expect(m).toMatchObject({ trigger: 'LEVEL_APPROVED', list_version: 1, status: 'PENDING', our_name: 'Viktor Drachenko' });
    const hits = JSON.parse(m!.hits) as { entryId: string; score: number }[];
    expect(hits.map((h) => h.entryId)).toEqual(['demo-sanction-0001']);
    expect(hits[0]).toMatchObject({ name: 'Viktor Karlovich Drachenko', matchedName: 'Viktor Drachenko', dob: 'MATCH', birthDates: ['1968-04-12'], countries: ['ru', 'cy'], dataset: 'demo_sanctions', sanctions: 'sanction', lastChange: '2025-06-02T00:00:00' });
    expect(hits[0]!.score).toBe(100);
    expect(await app.services.review.casesOfSubjects('SCREENING', [m!.id])).toHaveProperty('size', 1);
    expect((await aml(u)).json().result).toMatchObject({ result: 'REVIEW', needQuestionnaire: true, templateCode: 'nsquestion' });
    expect(await app.db.selectFrom('edd_rounds').select('id').where('user_id', '=', u.id).execute()).toHaveLength(1);
    expect(await jobOf(u.id)).toBeUndefined();
    // The console's case shows which yente data produced the hit.
    const caseId = (await app.services.review.casesOfSubjects('SCREENING', [m!.id])).get(m!.id)!.id;
    const view = await get(app, `/v1/console/cases/${caseId}`, reviewer.cookie);
    expect(view.json().result.subject).toMatchObject({ kind: 'SCREENING', match: { listVersion: 1, listSource: `yente:default@${V1}` }, hits: [{ entryId: 'demo-sanction-0001', score: 100 }], currentListVersion: 1 });
  });

  it('a non-match is cleared; a namesake whose date of birth differs is cleared too (decision 026, both engines)', async () => {
    const ada = await approved();
    const namesake = await approved({ ...DRACHENKO, dateOfBirth: '1990-01-01' });
    await app.services.screening.jobs.runDue();
    expect(await stateOf(ada.id)).toMatchObject({ status: 'CLEAR', list_version: 1 });
    expect(await stateOf(namesake.id)).toMatchObject({ status: 'CLEAR', list_version: 1 });
    expect(await matchesOf(namesake.id)).toEqual([]);
    expect((await aml(ada)).json().result).toMatchObject({ result: 'PASS', listVersion: 1 });
  });

  it('yente down or answering garbage: the job is kept with its error and retried; the user is not cleared meanwhile', async () => {
    const faults = [
      [{ kind: 'status', status: 503 }, 'answered HTTP 503'],
      [{ kind: 'garbage' }, 'not JSON'],
    ] as const;
    // The first fault before the approval: the runner's own poll may take the job as soon as it is committed.
    fake.injectFaults(faults[0][0]);
    const u = await approved(DRACHENKO);
    for (const [i, [, error]] of faults.entries()) {
      if (i > 0) fake.injectFaults(faults[i]![0]);
      await app.services.screening.jobs.runDue();
      expect(await stateOf(u.id)).toBeUndefined();
      expect((await jobOf(u.id))?.last_error).toContain(error);
      expect((await aml(u)).json().result).toMatchObject({ result: 'NONE' });
      await dueNow(u.id);
    }
    expect((await jobOf(u.id))?.attempts).toBe(2);
    // yente is back: the retry screens.
    await app.services.screening.jobs.runDue();
    expect(await stateOf(u.id)).toMatchObject({ status: 'POTENTIAL_MATCH' });
    expect(await jobOf(u.id)).toBeUndefined();
  });
});

describe('a new version of the dataset in yente', () => {
  it('becomes list version 2 at the next catalog check, and every verified user is re-screened in the background (a new match brings cnsquestion)', async () => {
    const ada = await approved({ ...VALID_INFO, firstName: 'Grace', lastName: 'Hopperfield', dateOfBirth: '1970-05-05' });
    await app.services.screening.jobs.runDue();
    expect(await stateOf(ada.id)).toMatchObject({ status: 'CLEAR', list_version: 1 });
    const added: FakeEntity = { ...entityOf({ id: 'demo-pep-0100', schema: 'Person', name: 'Grace Hopperfield', aliases: [], birthDates: ['1970'], countries: ['gb'], sanctions: '', dataset: 'demo_peps', lastChange: '2026-11-20T00:00:00' }) };
    fake.setEntities([...SAMPLE, added]);
    fake.setVersion('20261120000000-bbb');

    expect(await app.services.screening.catalog.runDue()).toBe(1);
    await app.services.screening.rescreen.runDue();
    expect((await lists()).map((l) => l.source)).toEqual([`yente:default@${V1}`, 'yente:default@20261120000000-bbb']);
    expect(await stateOf(ada.id)).toMatchObject({ status: 'POTENTIAL_MATCH', list_version: 2 });
    const [m] = await matchesOf(ada.id);
    expect(m).toMatchObject({ trigger: 'LIST_CHANGE', list_version: 2 });
    expect(JSON.parse(m!.hits)[0]).toMatchObject({ entryId: 'demo-pep-0100', dataset: 'demo_peps', sanctions: 'role.pep', dob: 'MATCH' });
    expect((await aml(ada)).json().result).toMatchObject({ templateCode: 'cnsquestion' });
    expect((await app.services.screening.listInfo()).usersToScreen).toBe(0);
    // The same version again records nothing.
    expect(await app.services.screening.catalog.runDue()).toBe(0);
  });
});

describe('the engines refuse what is not theirs', () => {
  it("yente's replies of another shape and a hanging yente are refused; the in-house index refuses a yente list version (it would clear everybody)", async () => {
    const reply = (body: unknown) => (async () => new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } })) as typeof fetch;
    const list = { version: 1, source: `yente:default@${V1}`, sha256: '' };
    const person = { name: 'Viktor Drachenko', dateOfBirth: '1968-04-12' };
    const bad = { responses: { person: { status: 200, results: [{ id: 'x', caption: 'X', schema: 'Person', properties: { name: ['X'] }, datasets: [], score: 7, match: true }] } }, limit: 10 };
    await expect(createYenteEngine(yente('http://127.0.0.1:9'), { fetch: reply(bad) }).hitsFor(app.db, list, person)).rejects.toThrow(/unexpected shape: responses\.person\.results\.0\.score/);
    await expect(createYenteEngine(yente('http://127.0.0.1:9'), { fetch: reply({ responses: {}, limit: 10 }) }).hitsFor(app.db, list, person)).rejects.toThrow('without our query');
    await expect(createYenteEngine(yente('http://127.0.0.1:9'), { fetch: reply({ datasets: [{ name: 'default', version: null }] }) }).remoteList()).rejects.toThrow('not indexed');
    // A file's list version is not yente's to answer for (the job waits for the catalog check).
    await expect(createYenteEngine(yente(fake.origin)).hitsFor(app.db, { version: 3, source: 'targets.simple.csv', sha256: 'ab'.repeat(32) }, person)).rejects.toThrow('is not yente');
    await expect(createInhouseEngine(createInProcessMatcher()).hitsFor(app.db, list, person)).rejects.toThrow(/yente's/);
    // A yente that does not answer in time is a failure like any other (the job above would keep it).
    fake.injectFaults({ kind: 'hang' });
    await expect(createYenteEngine({ ...yente(fake.origin), timeoutMs: 300 }).hitsFor(app.db, list, person)).rejects.toThrow('did not answer (timeout after 300 ms)');
    // Without the key, OpenSanctions' hosted API (and the fake) refuse: said in the error.
    await expect(createYenteEngine({ ...yente(fake.origin), apiKey: null }).hitsFor(app.db, list, person)).rejects.toThrow('HTTP 401 (YENTE_API_KEY refused or missing)');
  });
});
