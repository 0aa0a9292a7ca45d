import { ScreeningStatus } from '../../../shared/api/screening.ts';
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, ScreeningEntriesTable, ScreeningListsTable, ScreeningJobsTable, ScreeningMatchesTable, ScreeningStatesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type ListRow = ScreeningListsTable;
export type EntryRow = ScreeningEntriesTable;
export type StateRow = ScreeningStatesTable;
export type MatchRow = ScreeningMatchesTable;
export type JobRow = ScreeningJobsTable;

/** The list in use: the highest version. */
export function findCurrentList(db: Q) {
  return db.selectFrom('screening_lists').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
}

/** One list version (a match names the version it was found in). */
export function findList(db: Q, version: number) {
  return db.selectFrom('screening_lists').selectAll().where('version', '=', version).executeTakeFirst();
}

export async function insertList(db: Q, row: ListRow): Promise<void> {
  await db.insertInto('screening_lists').values(row).execute();
}

/**
 * The next version's row, numbered in the same statement that writes it: a load's transaction
 * starts with a write, so on SQLite it waits for the write lock (busy_timeout) rather than failing
 * when a server committed between its first read and first write (decision 044: servers now write
 * in the background while `npm run screening-load` runs in another process). Returns the version.
 */
export async function insertNextList(db: Q, row: Omit<ListRow, 'version'>): Promise<number> {
  await sql`INSERT INTO screening_lists (version, source, sha256, entry_count, loaded_by, loaded_at) SELECT COALESCE(MAX(version), 0) + 1, ${row.source}, ${row.sha256}, ${row.entry_count}, ${row.loaded_by}, ${row.loaded_at} FROM screening_lists`.execute(db);
  return (await findCurrentList(db))!.version;
}

/** A streamed load's totals, known once the file is read. */
export async function finishList(db: Q, version: number, sha256: string, entryCount: number): Promise<void> {
  await db.updateTable('screening_lists').set({ sha256, entry_count: entryCount }).where('version', '=', version).execute();
}

/** Rows per INSERT: well under PostgreSQL's 65535 parameters and SQLite's 32766 (9 columns each). */
const ENTRY_CHUNK = 500;

export async function insertEntries(db: Q, rows: readonly EntryRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ENTRY_CHUNK) await db.insertInto('screening_entries').values(rows.slice(i, i + ENTRY_CHUNK)).execute();
}

/** Entries of versions before `version` (a newer list replaced them). */
export async function deleteEntriesBefore(db: Q, version: number): Promise<void> {
  await db.deleteFrom('screening_entries').where('list_version', '<', version).execute();
}

/** A page of a version's entries in id order after `after` (an index is built page by page, never the whole list in memory as rows). */
export function findEntriesPage(db: Q, version: number, after: string, limit: number) {
  return db.selectFrom('screening_entries').select(['id', 'name', 'aliases', 'birth_dates']).where('list_version', '=', version).where('id', '>', after).orderBy('id').limit(limit).execute();
}

/** The entries a screening hit (their full rows, copied into the match as evidence). */
export function findEntriesByIds(db: Q, version: number, ids: readonly string[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('screening_entries').selectAll().where('list_version', '=', version).where('id', 'in', ids).execute();
}

/**
 * Holds the user's screening until the transaction ends (PostgreSQL: a transaction-level advisory
 * lock on the user id; SQLite has one writer). A first screening has no state row to lock, so without
 * it the approval's job and a list change's run could both open a match for the same user at once.
 */
export async function lockUser(db: Q, userId: string): Promise<void> {
  if (!isPostgres(db as unknown as Kysely<unknown>)) return;
  await sql`select pg_advisory_xact_lock(hashtext('screening'), hashtext(${userId}))`.execute(db);
}

export function findState(db: Q, userId: string, opts: { lock?: boolean } = {}) {
  return db
    .selectFrom('screening_states')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(opts.lock === true && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function upsertState(db: Q, row: StateRow): Promise<void> {
  await db
    .insertInto('screening_states')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ status: row.status, list_version: row.list_version, screened_at: row.screened_at }))
    .execute();
}

export async function insertMatch(db: Q, row: MatchRow): Promise<void> {
  await db.insertInto('screening_matches').values(row).execute();
}

export function findMatch(db: Q, id: string) {
  return db.selectFrom('screening_matches').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMatchesOfUser(db: Q, userId: string) {
  return db.selectFrom('screening_matches').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
}

/** Decides a pending match (compare-and-set on PENDING): 1 when decided now. */
export async function closeMatch(db: Q, id: string, status: string, at: string): Promise<number> {
  const r = await db.updateTable('screening_matches').set({ status, pending_key: null, decided_at: at }).where('id', '=', id).where('status', '=', 'PENDING').executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Verified users the list `version` has still to screen: those with a name to screen whose outcome
 * does not stand as it is (an open case or a confirmed match stands until a reviewer changes it).
 * What a re-screening takes, and what the console counts as left. Read from screening's own
 * `screening_subjects` (decision 063), whose key pages by user id.
 */
function waitingForScreening(db: Q, version: number) {
  return db
    .selectFrom('screening_subjects as v')
    .leftJoin('screening_states as st', 'st.user_id', 'v.user_id')
    .where((eb) =>
      eb.or([eb('st.list_version', 'is', null), eb.and([eb('st.list_version', '<', version), eb('st.status', 'not in', [ScreeningStatus.POTENTIAL_MATCH, ScreeningStatus.TRUE_MATCH])])]),
    );
}

/** The next `limit` of them after `after`, in user-id order (a re-screening's batch). */
export function findUnscreened(db: Q, version: number, after: string, limit: number) {
  return waitingForScreening(db, version).select('v.user_id as userId').where('v.user_id', '>', after).orderBy('v.user_id').limit(limit).execute();
}

/** How many of them are left. */
export async function countUnscreened(db: Q, version: number): Promise<number> {
  const r = await waitingForScreening(db, version).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** A user to screen after the commit (decision 038): one job per user, the latest trigger wins. */
export async function enqueueJob(db: Q, row: Omit<JobRow, 'attempts' | 'last_error'>): Promise<void> {
  await db
    .insertInto('screening_jobs')
    .values({ ...row, attempts: 0, last_error: null })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ trigger: row.trigger, actor_type: row.actor_type, actor_id: row.actor_id, due_at: row.due_at }))
    .execute();
}

/** Jobs due at `now`, oldest first. */
export function findDueJobs(db: Q, now: string, limit: number) {
  return db.selectFrom('screening_jobs').selectAll().where('due_at', '<=', now).orderBy('due_at').orderBy('user_id').limit(limit).execute();
}

/** Takes a job (compare-and-set on its due time, so two runners never both take it): true when taken. */
export async function leaseJob(db: Q, job: JobRow, until: string): Promise<boolean> {
  const r = await db.updateTable('screening_jobs').set({ due_at: until }).where('user_id', '=', job.user_id).where('due_at', '=', job.due_at).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Done: removed in the transaction that records the screening. */
export async function deleteJob(db: Q, userId: string, dueAt: string): Promise<void> {
  await db.deleteFrom('screening_jobs').where('user_id', '=', userId).where('due_at', '=', dueAt).execute();
}

/** Failed: retried at `dueAt`. */
export async function failJob(db: Q, userId: string, attempts: number, dueAt: string, error: string): Promise<void> {
  await db.updateTable('screening_jobs').set({ attempts, due_at: dueAt, last_error: error.slice(0, 500) }).where('user_id', '=', userId).execute();
}

export function findJob(db: Q, userId: string) {
  return db.selectFrom('screening_jobs').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function countJobs(db: Q): Promise<number> {
  const r = await db.selectFrom('screening_jobs').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export type RescreenRow = Database['screening_rescreens'];

/** Verified users with a name to screen (the console's total: those screened plus those left). */
export async function countVerified(db: Q): Promise<number> {
  const r = await db
    .selectFrom('screening_subjects')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

// --- whom screening screens: its read model of verified users with a name (migration 046, decision 063)

/** The user is (still) a verified user with a name, reached at `verifiedAt`: written, or kept as it is when unchanged. */
export async function upsertSubject(db: Q, userId: string, verifiedAt: string): Promise<void> {
  await db
    .insertInto('screening_subjects')
    .values({ user_id: userId, verified_at: verifiedAt })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ verified_at: verifiedAt }))
    .execute();
}

/** The user is no longer one (a level reset or rejected, an erasure): rows removed (0 or 1). */
export async function deleteSubject(db: Q, userId: string): Promise<number> {
  const r = await db.deleteFrom('screening_subjects').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** The re-screening of a list version (decision 044): written with the load, or by the first server to find none. */
export async function ensureRescreen(db: Q, row: Pick<RescreenRow, 'list_version' | 'actor_type' | 'actor_id' | 'created_at'>): Promise<void> {
  await db.insertInto('screening_rescreens').values({ ...row, run_screened: 0, screened: 0, matches: 0 }).onConflict((oc) => oc.column('list_version').doNothing()).execute();
}

export function findRescreen(db: Q, version: number) {
  return db.selectFrom('screening_rescreens').selectAll().where('list_version', '=', version).executeTakeFirst();
}

/**
 * Takes the run's lease (compare-and-set): free, expired, or already ours. A new holder (or one whose
 * lease had lapsed) starts a new run: its rate counts from now. True when taken.
 */
export async function leaseRescreen(db: Q, version: number, holder: string, now: string, until: string): Promise<boolean> {
  const r = await db
    .updateTable('screening_rescreens')
    .set((eb) => ({
      holder,
      lease_until: until,
      updated_at: now,
      run_started_at: eb.case().when(eb.and([eb('holder', '=', holder), eb('lease_until', '>=', now)])).then(eb.ref('run_started_at')).else(now).end(),
      run_screened: eb.case().when(eb.and([eb('holder', '=', holder), eb('lease_until', '>=', now)])).then(eb.ref('run_screened')).else(0).end(),
    }))
    .where('list_version', '=', version)
    .where('finished_at', 'is', null)
    .where((eb) => eb.or([eb('holder', 'is', null), eb('lease_until', 'is', null), eb('lease_until', '<', now), eb('holder', '=', holder)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** A batch done by the holder: counts added and the lease extended; false when the lease was lost (another server took over). */
export async function progressRescreen(db: Q, version: number, holder: string, screened: number, matches: number, now: string, until: string): Promise<boolean> {
  const r = await db
    .updateTable('screening_rescreens')
    .set((eb) => ({ screened: eb('screened', '+', screened), run_screened: eb('run_screened', '+', screened), matches: eb('matches', '+', matches), updated_at: now, lease_until: until }))
    .where('list_version', '=', version)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Nobody left to screen: the run ends and its lease is released. */
export async function finishRescreen(db: Q, version: number, holder: string, now: string): Promise<boolean> {
  const r = await db
    .updateTable('screening_rescreens')
    .set({ finished_at: now, updated_at: now, holder: null, lease_until: null })
    .where('list_version', '=', version)
    .where('holder', '=', holder)
    .where('finished_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Stopped (a failure, the server closing): the lease is released so another server may go on at once. */
export async function releaseRescreen(db: Q, version: number, holder: string): Promise<void> {
  await db.updateTable('screening_rescreens').set({ holder: null, lease_until: null }).where('list_version', '=', version).where('holder', '=', holder).execute();
}

/** A finished run with users left after all (an administrator's "screen them now"): open again for the next pass. */
export async function reopenRescreen(db: Q, version: number): Promise<void> {
  await db.updateTable('screening_rescreens').set({ finished_at: null }).where('list_version', '=', version).execute();
}
