import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { caseOf, createKycTestApp, get, newReviewer, newUser, submitLevel1, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createScreeningService, rescreenProgress } from './screening.service.ts';

/**
 * The background re-screening after any list load (decision 044): a load through the service, as
 * `npm run screening-load` does in its own process, leaves a run the server's runner takes; two
 * runners on one database never screen a user twice; a run a stopped server held is taken over once
 * its lease lapses. Each with the console's reply and the stored state (SQLite, and PostgreSQL with
 * TEST_DATABASE_URL).
 */
let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let admin: TestUser;
let seq = 0;
const SYSTEM = { type: 'system', id: null } as const;
const sample = readFileSync(new URL('./sample/targets.simple.csv', import.meta.url), 'utf8');
const L = '/v1/console/screening-list';

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'rs-reviewer@example.com');
  admin = await newReviewer(app, 'rs-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
});
afterAll(async () => close());

async function verifiedUser(info = VALID_INFO): Promise<TestUser> {
  const u = await newUser(app, `rs-${++seq}@example.com`);
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, info)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
  // The level's event writes the screening job (decision 057); the job screens.
  await app.services.events.subscribers.runDue();
  await app.services.screening.jobs.runDue();
  return u;
}
/** A list file as the CLI reads it: a stream of byte chunks, a line cut in two at a chunk's end. */
async function* chunksOf(text: string) {
  const bytes = Buffer.from(text);
  for (let i = 0; i < bytes.length; i += 97) yield bytes.subarray(i, i + 97);
}
const loadAsCli = (text: string, actor: { type: 'system'; id: null } | { type: 'reviewer'; id: string } = SYSTEM) => app.services.screening.loadListFrom(chunksOf(text), 'targets.simple.csv', actor);
const states = () => app.db.selectFrom('screening_states').select(['user_id', 'status', 'list_version']).execute();
const runOf = (version: number) => app.db.selectFrom('screening_rescreens').selectAll().where('list_version', '=', version).executeTakeFirstOrThrow();
/** Screenings recorded per user for a list version (a plain screening or an opened match, each audited once). */
async function screeningsAt(version: number): Promise<Map<string, number>> {
  const rows = await app.db.selectFrom('audit_log').select(['entity_id', 'action', 'after']).where('action', 'in', ['screening.screen', 'screening.match.open']).execute();
  const n = new Map<string, number>();
  for (const r of rows) {
    const after = JSON.parse(String(r.after)) as { listVersion: number; userId?: string };
    if (after.listVersion !== version) continue;
    const user = r.action === 'screening.screen' ? r.entity_id : after.userId!;
    n.set(user, (n.get(user) ?? 0) + 1);
  }
  return n;
}
const info = async () => (await get(app, L, admin.cookie)).json().result;

describe('after a list loaded by the command line', () => {
  it('the server re-screens every verified user in the background; a new match opens a case, cnsquestion and EDD; the console shows the progress', async () => {
    const users = [await verifiedUser(), await verifiedUser({ ...VALID_INFO, firstName: 'Grace', lastName: 'Hopper' }), await verifiedUser({ ...VALID_INFO, firstName: 'Octavia', lastName: 'Brennan-Moreau', dateOfBirth: '1961-09-30' })];
    const { version } = await loadAsCli(sample, { type: 'reviewer', id: admin.id });
    // The load wrote the version's run (its actor is the loader's); nobody is screened yet.
    expect(await runOf(version)).toMatchObject({ actor_type: 'reviewer', actor_id: admin.id, holder: null, finished_at: null, screened: 0 });
    expect(await states()).toEqual([]);
    expect(await info()).toMatchObject({ usersToScreen: 3, rescreen: { total: 3, screened: 0, state: 'WAITING', perSecond: null, estimatedEnd: null, finishedAt: null } });

    expect(await app.services.screening.rescreen.runDue()).toBe(3);
    // The EDD module reacts to the match after its commit (decision 057).
    await app.services.events.subscribers.runDue();
    expect((await states()).filter((s) => users.some((u) => u.id === s.user_id)).map((s) => s.list_version)).toEqual([version, version, version]);
    const run = await runOf(version);
    expect(run).toMatchObject({ holder: null, lease_until: null, screened: 3, matches: 1 });
    expect(run.finished_at).not.toBeNull();
    expect(await app.db.selectFrom('audit_log').select(['actor_type', 'after']).where('action', '=', 'screening.rescreen.finish').execute()).toEqual([{ actor_type: 'system', after: expect.stringContaining('"screened":3') }]);
    // Ongoing monitoring: the newly matching user has a LIST_CHANGE case, cnsquestion due and an EDD round (screened as the loader).
    const octavia = users[2]!;
    const [match] = await app.db.selectFrom('screening_matches').selectAll().where('user_id', '=', octavia.id).execute();
    expect(match).toMatchObject({ trigger: 'LIST_CHANGE', list_version: version, status: 'PENDING' });
    expect((await app.services.review.casesOfSubjects('SCREENING', [match!.id])).get(match!.id)).toBeDefined();
    expect(await app.db.selectFrom('step_states').select('status').where('machine', '=', 'questionnaire').where('subject_id', '=', octavia.id).where('step', '=', 'cnsquestion').executeTakeFirst()).toEqual({ status: 'QUESTIONNAIRE_STATUS_UNSUBMIT' });
    const rounds = await app.db.selectFrom('edd_rounds').select('triggers').where('user_id', '=', octavia.id).execute();
    expect(rounds.map((r) => JSON.parse(r.triggers))).toEqual([[{ trigger: 'SCREENING_MATCH', detail: '' }]]);
    expect(await app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'screening.match.open').where('entity_id', '=', match!.id).execute()).toEqual([{ actor_id: admin.id }]);
    expect(await info()).toMatchObject({ usersToScreen: 0, rescreen: { total: 3, screened: 3, state: 'DONE', finishedAt: run.finished_at } });
    // A finished run costs the next passes nothing and screens nobody again.
    expect(await app.services.screening.rescreen.runDue()).toBe(0);
    expect([...(await screeningsAt(version)).values()]).toEqual([1, 1, 1]);
  });

  it('two servers on one database: each user is screened once, the run counts each once', async () => {
    for (let i = 0; i < 4; i++) await verifiedUser({ ...VALID_INFO, firstName: `Runner${String.fromCharCode(65 + i)}` });
    const { questionnaires, review } = app.services;
    const other = createScreeningService({ db: app.db, review, questionnaires, people: app.services.kyc, rescreenIntervalMs: 0, rescreenBatch: 2 });
    try {
      const { version } = await loadAsCli(`${sample.trimEnd()}\nextra-0001,Person,Ottoline Fairweather-Quist,,1931-02-28,gb,,,,,,demo_peps,,,2026-11-20\n`);
      // Every verified user but the one whose match awaits a reviewer (their outcome stands).
      const verified = (await info()).usersToScreen as number;
      expect(verified).toBe((await info()).rescreen.total - 1);
      const [a, b] = await Promise.all([app.services.screening.rescreen.runDue(), other.rescreen.runDue()]);
      expect(a + b).toBe(verified);
      // Only one of them held the run (the other found its lease taken): nothing screened twice.
      expect(Math.min(a, b)).toBe(0);
      const per = await screeningsAt(version);
      expect(per.size).toBe(verified);
      expect([...per.values()].every((n) => n === 1)).toBe(true);
      expect(await runOf(version)).toMatchObject({ screened: verified, holder: null });
    } finally {
      await other.close();
    }
  });

  it('a run a stopped server held: left alone while its lease lasts, then taken over where it stopped, nobody screened twice', async () => {
    const { version } = await loadAsCli(`${sample.trimEnd()}\nextra-0002,Person,Peregrine Ashworth-Vane,,1944-07-07,gb,,,,,,demo_peps,,,2026-11-21\n`);
    const verified = (await info()).usersToScreen as number;
    // The stopped server had screened two users (they carry the version) and holds the lease a minute more.
    const done = await app.db.selectFrom('screening_states').select('user_id').where('status', '=', 'CLEAR').where('list_version', '<', version).orderBy('user_id').limit(2).execute();
    for (const { user_id } of done) expect(await inTransaction(app.db, (trx) => app.services.screening.screenIn(trx, user_id, 'LIST_CHANGE', SYSTEM))).toBe('CLEAR');
    const at = new Date().toISOString();
    await app.db.updateTable('screening_rescreens').set({ holder: 'stopped-server', lease_until: new Date(Date.now() + 60_000).toISOString(), run_started_at: at, updated_at: at, screened: 2, run_screened: 2 }).where('list_version', '=', version).execute();
    expect(await app.services.screening.rescreen.runDue()).toBe(0);
    expect(await info()).toMatchObject({ usersToScreen: verified - 2, rescreen: { state: 'RUNNING', screened: 3 } });

    // Its lease lapses (the server is gone): the next pass takes the run over and screens only those left.
    await app.db.updateTable('screening_rescreens').set({ lease_until: new Date(Date.now() - 1000).toISOString() }).where('list_version', '=', version).execute();
    expect((await info()).rescreen.state).toBe('WAITING');
    expect(await app.services.screening.rescreen.runDue()).toBe(verified - 2);
    const per = await screeningsAt(version);
    expect(per.size).toBe(verified);
    expect([...per.values()].every((n) => n === 1)).toBe(true);
    expect(await runOf(version)).toMatchObject({ holder: null, screened: verified, run_screened: verified - 2 });
    expect(await info()).toMatchObject({ usersToScreen: 0, rescreen: { state: 'DONE', screened: verified + 1 } });
  });
});

describe('a first screening asked twice at once', () => {
  it("the approval's screening and the list's run on the same new user: the second waits for the first and finds its outcome", async () => {
    const u = await newUser(app, `rs-${++seq}@example.com`);
    await app.services.console.approve(await caseOf(app, await submitLevel1(app, u, { ...VALID_INFO, firstName: 'Viktor', lastName: 'Drachenko', dateOfBirth: '1968-04-12' })), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    const { version } = await loadAsCli(`${sample.trimEnd()}\nextra-0003,Person,Cordelia Wintermarsh,,1950-03-03,gb,,,,,,demo_peps,,,2026-11-22\n`);
    const { screening } = app.services;
    // The first screens inside a transaction still open; the second starts meanwhile.
    let commitFirst!: () => void;
    const held = new Promise<void>((resolve) => (commitFirst = resolve));
    let firstScreened!: () => void;
    const screenedOnce = new Promise<void>((resolve) => (firstScreened = resolve));
    const first = inTransaction(app.db, async (trx) => {
      const status = await screening.screenIn(trx, u.id, 'LEVEL_APPROVED', SYSTEM);
      firstScreened();
      await held;
      return status;
    });
    await screenedOnce;
    const second = inTransaction(app.db, (trx) => screening.screenIn(trx, u.id, 'LIST_CHANGE', SYSTEM));
    // On PostgreSQL the second has its own connection: it is seen waiting for a lock before the first commits.
    if (isPostgres(app.db as unknown as Kysely<unknown>)) {
      await vi.waitFor(async () => {
        const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(app.db);
        expect(rows[0]!.n).toBe(1);
      });
    }
    commitFirst();
    expect(await Promise.all([first, second])).toEqual(['POTENTIAL_MATCH', 'POTENTIAL_MATCH']);
    expect(await app.db.selectFrom('screening_matches').select(['list_version', 'trigger', 'status']).where('user_id', '=', u.id).execute()).toEqual([{ list_version: version, trigger: 'LEVEL_APPROVED', status: 'PENDING' }]);
    expect((await screeningsAt(version)).get(u.id)).toBe(1);
  });
});

describe('the progress figures', () => {
  const run = { list_version: 3, actor_type: 'system', actor_id: null, created_at: '2026-11-29T10:00:00.000Z', holder: 'a', run_screened: 500, screened: 700, matches: 1, finished_at: null };
  const now = new Date('2026-11-29T10:00:20.000Z');

  it('running: the rate of the current holder over its run, and the end it gives for the users left', () => {
    const p = rescreenProgress({ ...run, lease_until: '2026-11-29T10:01:00.000Z', run_started_at: '2026-11-29T10:00:05.000Z', updated_at: '2026-11-29T10:00:15.000Z' }, 1000, 1700, now);
    expect(p).toEqual({ total: 1700, screened: 700, state: 'RUNNING', runStartedAt: '2026-11-29T10:00:05.000Z', perSecond: 50, estimatedEnd: '2026-11-29T10:00:40.000Z', finishedAt: null });
  });

  it('a lapsed lease is WAITING with no rate; none left is DONE; no run row yet is WAITING', () => {
    expect(rescreenProgress({ ...run, lease_until: '2026-11-29T10:00:10.000Z', run_started_at: '2026-11-29T10:00:05.000Z', updated_at: '2026-11-29T10:00:09.000Z' }, 10, 20, now)).toMatchObject({ state: 'WAITING', perSecond: null, estimatedEnd: null, runStartedAt: null, screened: 10 });
    expect(rescreenProgress({ ...run, lease_until: null, run_started_at: null, updated_at: null, finished_at: '2026-11-29T10:00:01.000Z' }, 0, 20, now)).toMatchObject({ state: 'DONE', screened: 20, finishedAt: '2026-11-29T10:00:01.000Z' });
    expect(rescreenProgress(null, 5, 5, now)).toMatchObject({ state: 'WAITING', total: 5, screened: 0 });
  });
});
