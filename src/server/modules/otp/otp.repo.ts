import type { Kysely } from 'kysely';
import type { Database, OneTimeCodesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export function findCode(db: Q, userId: string, purpose: string) {
  return db.selectFrom('one_time_codes').selectAll().where('user_id', '=', userId).where('purpose', '=', purpose).executeTakeFirst();
}

/** Replaces the user's code for `purpose` (a new code makes the previous one useless). */
export async function replaceCode(db: Q, row: OneTimeCodesTable): Promise<void> {
  await db.deleteFrom('one_time_codes').where('user_id', '=', row.user_id).where('purpose', '=', row.purpose).execute();
  await db.insertInto('one_time_codes').values(row).execute();
}

/** Counts a wrong attempt, only if the row is still the one that was read (compare-and-set on attempts). */
export async function countAttempt(db: Q, userId: string, purpose: string, attempts: number): Promise<void> {
  await db.updateTable('one_time_codes').set({ attempts: attempts + 1 }).where('user_id', '=', userId).where('purpose', '=', purpose).where('attempts', '=', attempts).execute();
}

/** Uses the code up: 1 when this call consumed it, 0 when another did first. */
export async function deleteCode(db: Q, userId: string, purpose: string, codeHash: string): Promise<number> {
  const r = await db.deleteFrom('one_time_codes').where('user_id', '=', userId).where('purpose', '=', purpose).where('code_hash', '=', codeHash).executeTakeFirst();
  return Number(r.numDeletedRows);
}
