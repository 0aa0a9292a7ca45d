import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, EddRoundsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type RoundRow = EddRoundsTable;

export async function insertRound(db: Q, row: RoundRow): Promise<void> {
  await db.insertInto('edd_rounds').values(row).execute();
}

/** The user's round not decided yet (at most one: unique open_key); on PostgreSQL locked with `lock` until the transaction ends. */
export function findOpenRound(db: Q, userId: string, { lock = false } = {}) {
  return db
    .selectFrom('edd_rounds')
    .selectAll()
    .where('open_key', '=', userId)
    .$if(lock && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export function findRound(db: Q, id: string, { lock = false } = {}) {
  return db
    .selectFrom('edd_rounds')
    .selectAll()
    .where('id', '=', id)
    .$if(lock && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The user's newest round (open or decided). */
export function findLatestRound(db: Q, userId: string) {
  return db.selectFrom('edd_rounds').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/** Every round of a user, newest first. */
export function findRoundsOfUser(db: Q, userId: string) {
  return db.selectFrom('edd_rounds').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

/** Compare-and-set on `updated_at`: 1 when changed now, 0 when the round changed meanwhile. */
export async function updateRound(db: Q, id: string, seen: string, set: Partial<Omit<RoundRow, 'id' | 'user_id' | 'created_at'>> & { updated_at: string }): Promise<number> {
  const r = await db.updateTable('edd_rounds').set(set).where('id', '=', id).where('updated_at', '=', seen).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
