import type { Kysely } from 'kysely';
import type { AccountRestrictionsTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type RestrictionRow = AccountRestrictionsTable;

export function findOfUser(db: Q, userId: string): Promise<RestrictionRow[]> {
  return db.selectFrom('account_restrictions').selectAll().where('user_id', '=', userId).orderBy('set_at', 'asc').orderBy('source', 'asc').execute();
}

export function find(db: Q, userId: string, source: string): Promise<RestrictionRow | undefined> {
  return db.selectFrom('account_restrictions').selectAll().where('user_id', '=', userId).where('source', '=', source).executeTakeFirst();
}

/** Sets (or replaces) the user's restriction of `row.source`. */
export async function upsert(db: Q, row: RestrictionRow): Promise<void> {
  await db
    .insertInto('account_restrictions')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'source']).doUpdateSet({ limitation: row.limitation, reason: row.reason, action: row.action, case_id: row.case_id, set_by: row.set_by, set_at: row.set_at }))
    .execute();
}

/** Removes the user's restriction of `source`: 1 when there was one. */
export async function remove(db: Q, userId: string, source: string): Promise<number> {
  const r = await db.deleteFrom('account_restrictions').where('user_id', '=', userId).where('source', '=', source).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Users with a restriction, after `after` in id order, at most `limit` (the limitation sweep's pages). */
export async function findRestrictedUsers(db: Q, after: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('account_restrictions').select('user_id').distinct().where('user_id', '>', after).orderBy('user_id', 'asc').limit(limit).execute();
  return rows.map((r) => r.user_id);
}
