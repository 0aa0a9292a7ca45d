import type { Kysely } from 'kysely';
import type { Database, MemberTagChangesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export async function insertChange(db: Q, row: MemberTagChangesTable): Promise<void> {
  await db.insertInto('member_tag_changes').values(row).execute();
}

export function findChange(db: Q, id: string) {
  return db.selectFrom('member_tag_changes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A member's changes of `tagName` (all of them when undefined), newest first. */
export function findChangesOf(db: Q, userId: string, tagName?: string) {
  let q = db.selectFrom('member_tag_changes').selectAll().where('user_id', '=', userId);
  if (tagName !== undefined) q = q.where('tag_name', '=', tagName);
  return q.orderBy('requested_at', 'desc').execute();
}

/** Retention: the proposers' reasons go with the member's other free text. */
export async function eraseReasonsOf(db: Q, userId: string): Promise<number> {
  const r = await db.updateTable('member_tag_changes').set({ reason: '' }).where('user_id', '=', userId).where('reason', '!=', '').executeTakeFirst();
  return Number(r.numUpdatedRows);
}
