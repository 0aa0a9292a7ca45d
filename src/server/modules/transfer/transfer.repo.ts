import type { Kysely } from 'kysely';
import type { Database, IdentityTransfersTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type TransferRow = IdentityTransfersTable;

export async function insertTransfer(db: Q, row: TransferRow): Promise<void> {
  await db.insertInto('identity_transfers').values(row).execute();
}

export function findTransfer(db: Q, id: string) {
  return db.selectFrom('identity_transfers').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOpenAsSource(db: Q, userId: string) {
  return db.selectFrom('identity_transfers').selectAll().where('open_source', '=', userId).executeTakeFirst();
}

export function findOpenAsTarget(db: Q, userId: string) {
  return db.selectFrom('identity_transfers').selectAll().where('open_target', '=', userId).executeTakeFirst();
}

/** The user's newest transfer on either side (open ones first: a transfer under way is what matters). */
export async function findLatestOf(db: Q, userId: string) {
  const open = (await findOpenAsTarget(db, userId)) ?? (await findOpenAsSource(db, userId));
  if (open) return open;
  return db
    .selectFrom('identity_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('source_user_id', '=', userId), eb('target_user_id', '=', userId)]))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** Every transfer of the user on either side (a handful at most). */
export function findAllOf(db: Q, userId: string) {
  return db
    .selectFrom('identity_transfers')
    .selectAll()
    .where((eb) => eb.or([eb('source_user_id', '=', userId), eb('target_user_id', '=', userId)]))
    .execute();
}

export async function setReviewRules(db: Q, id: string, rules: readonly string[], at: string): Promise<void> {
  await db.updateTable('identity_transfers').set({ review_rules: JSON.stringify(rules), updated_at: at }).where('id', '=', id).execute();
}

export async function touch(db: Q, id: string, at: string): Promise<void> {
  await db.updateTable('identity_transfers').set({ updated_at: at }).where('id', '=', id).execute();
}

/** The transfer ended: both accounts are free for another one. */
export async function close(db: Q, id: string, at: string, completed: boolean): Promise<void> {
  await db
    .updateTable('identity_transfers')
    .set({ open_source: null, open_target: null, updated_at: at, ...(completed ? { completed_at: at } : {}) })
    .where('id', '=', id)
    .execute();
}
