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

/** Every console member (users with role reviewer) with their console role, by e-mail. */
export function findMembers(db: Q) {
  return db
    .selectFrom('users')
    .leftJoin('staff_roles', 'staff_roles.user_id', 'users.id')
    .select(['users.id', 'users.email', 'staff_roles.role', 'staff_roles.updated_at'])
    .where('users.role', '=', 'reviewer')
    .orderBy('users.email')
    .execute();
}

export function countRole(db: Q, role: string) {
  return db
    .selectFrom('staff_roles')
    .innerJoin('users', 'users.id', 'staff_roles.user_id')
    .select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
    .where('staff_roles.role', '=', role)
    .where('users.role', '=', 'reviewer')
    .executeTakeFirstOrThrow();
}
