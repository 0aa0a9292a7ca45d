import type { Kysely } from 'kysely';
import type { Database, FaceMatchJobsTable, FaceMatchesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export type JobRow = FaceMatchJobsTable;
export type MatchRow = FaceMatchesTable;

/** A (user, level) to compare after the commit (decision 045): one job per pair of slots; a newer upload makes it due again. */
export async function enqueueJob(db: Q, userId: string, level: number, at: string): Promise<void> {
  await db
    .insertInto('face_match_jobs')
    .values({ user_id: userId, level, attempts: 0, last_error: null, created_at: at, due_at: at })
    .onConflict((oc) => oc.columns(['user_id', 'level']).doUpdateSet({ due_at: at, attempts: 0, last_error: null }))
    .execute();
}

/** Jobs due at `now`, oldest first. */
export function findDueJobs(db: Q, now: string, limit: number) {
  return db.selectFrom('face_match_jobs').selectAll().where('due_at', '<=', now).orderBy('due_at').orderBy('user_id').limit(limit).execute();
}

/** Takes a job (compare-and-set on its due time, so two runners never both take it): true when taken. */
export async function leaseJob(db: Q, job: JobRow, until: string): Promise<boolean> {
  const r = await db.updateTable('face_match_jobs').set({ due_at: until }).where('user_id', '=', job.user_id).where('level', '=', job.level).where('due_at', '=', job.due_at).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Done: removed only if nobody made it due again meanwhile (a newer upload stays for the next run). */
export async function deleteJob(db: Q, job: Pick<JobRow, 'user_id' | 'level'>, dueAt: string): Promise<void> {
  await db.deleteFrom('face_match_jobs').where('user_id', '=', job.user_id).where('level', '=', job.level).where('due_at', '=', dueAt).execute();
}

/** Failed: retried at `dueAt` (unless a newer upload made it due sooner). */
export async function failJob(db: Q, job: Pick<JobRow, 'user_id' | 'level'>, leasedUntil: string, attempts: number, dueAt: string, error: string): Promise<void> {
  await db
    .updateTable('face_match_jobs')
    .set({ attempts, due_at: dueAt, last_error: error.slice(0, 500) })
    .where('user_id', '=', job.user_id)
    .where('level', '=', job.level)
    .where('due_at', '=', leasedUntil)
    .execute();
}

export function findJob(db: Q, userId: string, level: number) {
  return db.selectFrom('face_match_jobs').selectAll().where('user_id', '=', userId).where('level', '=', level).executeTakeFirst();
}

/** Stores a pair's result; a pair already computed (two runs of the same pair) keeps its first result. */
export async function insertMatch(db: Q, row: MatchRow): Promise<boolean> {
  const r = await db.insertInto('face_matches').values(row).onConflict((oc) => oc.columns(['selfie_document_id', 'front_document_id']).doNothing()).returning('id').executeTakeFirst();
  return r !== undefined;
}

/** The result for one pair of pictures of a user. */
export function findMatch(db: Q, userId: string, selfieId: string, frontId: string) {
  return db.selectFrom('face_matches').selectAll().where('user_id', '=', userId).where('selfie_document_id', '=', selfieId).where('front_document_id', '=', frontId).executeTakeFirst();
}

export function findPair(db: Q, selfieId: string, frontId: string) {
  return db.selectFrom('face_matches').select('id').where('selfie_document_id', '=', selfieId).where('front_document_id', '=', frontId).executeTakeFirst();
}

/** Every result of a user, oldest first (the data export). */
export function findAllOfUser(db: Q, userId: string) {
  return db.selectFrom('face_matches').selectAll().where('user_id', '=', userId).orderBy('computed_at').orderBy('id').execute();
}

/** Erasure: every result and pending job of a user. */
export async function deleteAllOfUser(db: Q, userId: string): Promise<number> {
  await db.deleteFrom('face_match_jobs').where('user_id', '=', userId).execute();
  return Number((await db.deleteFrom('face_matches').where('user_id', '=', userId).executeTakeFirst()).numDeletedRows);
}

/** Results computed before `before` (the biometric retention). */
export function findComputedBefore(db: Q, before: string) {
  return db.selectFrom('face_matches').select(['id', 'user_id', 'level']).where('computed_at', '<', before).execute();
}

export async function deleteMatches(db: Q, ids: readonly string[]): Promise<number> {
  if (ids.length === 0) return 0;
  return Number((await db.deleteFrom('face_matches').where('id', 'in', ids).executeTakeFirst()).numDeletedRows);
}
