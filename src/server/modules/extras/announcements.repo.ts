import type { Kysely } from 'kysely';
import type { Database, KycAnnouncementsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

/** Live announcements for these audiences that the user has not acknowledged, newest first. */
export function findPending(db: Q, userId: string, audiences: readonly string[]) {
  return db
    .selectFrom('kyc_announcements as n')
    .leftJoin('kyc_announcement_acks as k', (j) => j.onRef('k.announcement_id', '=', 'n.id').on('k.user_id', '=', userId))
    .select(['n.id', 'n.title', 'n.body', 'n.published_at', 'n.translations'])
    .where('n.withdrawn_at', 'is', null)
    .where('n.audience', 'in', audiences)
    .where('k.user_id', 'is', null)
    .orderBy('n.published_at', 'desc')
    .orderBy('n.id')
    .execute();
}

export function findAnnouncement(db: Q, id: string) {
  return db.selectFrom('kyc_announcements').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findAck(db: Q, id: string, userId: string) {
  return db.selectFrom('kyc_announcement_acks').selectAll().where('announcement_id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

export async function insertAck(db: Q, row: Database['kyc_announcement_acks']): Promise<void> {
  await db.insertInto('kyc_announcement_acks').values(row).execute();
}

export async function insertAnnouncement(db: Q, row: KycAnnouncementsTable): Promise<void> {
  await db.insertInto('kyc_announcements').values(row).execute();
}

export async function withdraw(db: Q, id: string, at: string): Promise<number> {
  const r = await db.updateTable('kyc_announcements').set({ withdrawn_at: at }).where('id', '=', id).where('withdrawn_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function findAll(db: Q) {
  return db
    .selectFrom('kyc_announcements as n')
    .leftJoin('kyc_announcement_acks as k', 'k.announcement_id', 'n.id')
    .select(['n.id', 'n.title', 'n.body', 'n.audience', 'n.published_at', 'n.withdrawn_at', 'n.translations'])
    .select((eb) => eb.fn.count<number | string | bigint>('k.user_id').as('acks'))
    .groupBy(['n.id', 'n.title', 'n.body', 'n.audience', 'n.published_at', 'n.withdrawn_at', 'n.translations'])
    .orderBy('n.published_at', 'desc')
    .limit(200)
    .execute();
}

/** Every notice a user acknowledged, oldest first (for the user's data export). */
export function findAcksOfUser(db: Q, userId: string) {
  return db.selectFrom('kyc_announcement_acks').selectAll().where('user_id', '=', userId).orderBy('acknowledged_at', 'asc').execute();
}
