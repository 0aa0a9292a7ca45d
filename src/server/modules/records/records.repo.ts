import type { Kysely } from 'kysely';
import type { Database, ErasureRequestsTable, RetentionRunsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function insertErasureRequest(db: Q, row: ErasureRequestsTable): Promise<void> {
  await db.insertInto('erasure_requests').values(row).execute();
}

export function findErasureRequestsOfUser(db: Q, userId: string) {
  return db.selectFrom('erasure_requests').selectAll().where('user_id', '=', userId).orderBy('requested_at').execute();
}

/** Retained data whose time has come: closed accounts to anonymise. */
export function findDueRetained(db: Q, nowIso: string) {
  return db.selectFrom('erasure_requests').selectAll().where('outcome', '=', 'RETAINED').where('erased_at', 'is', null).where('keep_until', '<=', nowIso).orderBy('keep_until').execute();
}

export async function markErased(db: Q, id: string, at: string): Promise<number> {
  const r = await db.updateTable('erasure_requests').set({ erased_at: at }).where('id', '=', id).where('erased_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Users whose account an erasure request closed (the rejected-applicant rule leaves them to that request). */
export async function closedUserIds(db: Q, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db.selectFrom('erasure_requests').select('user_id').where('user_id', 'in', userIds).where('outcome', '!=', 'REFUSED').execute();
  return new Set(rows.map((r) => r.user_id));
}

/**
 * Takes the lease of job `name` until `until`, when it is free (never taken, or expired at `now`):
 * one compare-and-set, so of several servers asking at once exactly one gets it.
 */
export async function acquireLease(db: Q, name: string, holder: string, now: string, until: string): Promise<boolean> {
  await db.insertInto('job_leases').values({ name, holder: '', lease_until: '' }).onConflict((oc) => oc.column('name').doNothing()).execute();
  const r = await db.updateTable('job_leases').set({ holder, lease_until: until }).where('name', '=', name).where('lease_until', '<=', now).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertRun(db: Q, row: RetentionRunsTable): Promise<void> {
  await db.insertInto('retention_runs').values(row).execute();
}

export function findRuns(db: Q, limit: number) {
  return db.selectFrom('retention_runs').selectAll().orderBy('started_at', 'desc').limit(limit).execute();
}
