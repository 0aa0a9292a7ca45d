import type { Kysely } from 'kysely';
import { LIMITATION_DEFAULT } from '../../../shared/kyc.ts';
import type { AccountLimitationsTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type LimitationRow = AccountLimitationsTable;

export function find(db: Q, userId: string): Promise<LimitationRow | undefined> {
  return db.selectFrom('account_limitations').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/** Inserts the user's first row unless one exists (a second writer's): 1 when inserted. */
export async function insertIfAbsent(db: Q, row: LimitationRow): Promise<number> {
  const r = await db.insertInto('account_limitations').values(row).onConflict((oc) => oc.column('user_id').doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n);
}

/** Replaces the row if it is still at `version` (compare-and-set): 1 when replaced. */
export async function replaceAt(db: Q, version: number, row: LimitationRow): Promise<number> {
  const { user_id, ...set } = row;
  const r = await db.updateTable('account_limitations').set(set).where('user_id', '=', user_id).where('version', '=', version).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Takes the user's row for a change made in the caller's transaction: creates it (nothing in force)
 * or bumps its version, so a sweep that read it before loses its compare-and-set (on PostgreSQL the
 * row stays locked until the commit). Returns the row as it now is.
 */
export async function claim(db: Q, userId: string, at: string): Promise<LimitationRow> {
  const none = JSON.stringify([]);
  await db
    .insertInto('account_limitations')
    .values({ user_id: userId, limitation: LIMITATION_DEFAULT, reasons: none, restricted_limitation: LIMITATION_DEFAULT, restricted_reasons: none, deadline_limitation: LIMITATION_DEFAULT, deadline_reasons: none, version: 1, changed_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet((eb) => ({ version: eb(eb.ref('account_limitations.version'), '+', 1) })))
    .execute();
  return (await find(db, userId))!;
}

/** Users whose stored limitation is not LIMITATION_DEFAULT, after `after` in id order, at most `limit`. */
export async function findLimitedUsers(db: Q, after: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('account_limitations').select('user_id').where('limitation', '<>', LIMITATION_DEFAULT).where('user_id', '>', after).orderBy('user_id', 'asc').limit(limit).execute();
  return rows.map((r) => r.user_id);
}
