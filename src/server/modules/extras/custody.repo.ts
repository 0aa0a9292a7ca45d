import type { Kysely } from 'kysely';
import type { CustodyAccountsTable, Database } from '../../db/schema.ts';
import { isPostgres } from '../../db/index.ts';

type Q = Kysely<Database>;

export function findCustody(db: Q, userId: string, opts: { lock?: boolean } = {}) {
  return db
    .selectFrom('custody_accounts')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(opts.lock === true && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

export async function upsertCustody(db: Q, row: CustodyAccountsTable): Promise<void> {
  const { user_id: _id, ...rest } = row;
  await db.insertInto('custody_accounts').values(row).onConflict((oc) => oc.column('user_id').doUpdateSet(rest)).execute();
}

export async function deleteCustody(db: Q, userId: string): Promise<void> {
  await db.deleteFrom('custody_accounts').where('user_id', '=', userId).execute();
}
