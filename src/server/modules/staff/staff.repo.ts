import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/index.ts';

type Q = Kysely<Database>;

export function findRole(db: Q, userId: string, opts: { lock?: boolean } = {}) {
  return db
    .selectFrom('staff_roles')
    .select(['user_id', 'role', 'updated_at'])
    .where('user_id', '=', userId)
    .$if(opts.lock === true && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function upsertRole(db: Q, userId: string, role: string, at: string): Promise<void> {
  await db
    .insertInto('staff_roles')
    .values({ user_id: userId, role, updated_at: at })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ role, updated_at: at }))
    .execute();
}

/** The roles of these members (a member without a row has the least role). */
export function findRoles(db: Q, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('staff_roles').select(['user_id', 'role', 'updated_at']).where('user_id', 'in', userIds).execute();
}
