import type { Kysely } from 'kysely';
import type { AffiliateBindingsTable, AffiliatesTable, Database, VipInvitationsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export function findAffiliate(db: Q, code: string) {
  return db.selectFrom('affiliates').selectAll().where('code', '=', code).executeTakeFirst();
}

export async function insertAffiliate(db: Q, row: AffiliatesTable): Promise<void> {
  await db.insertInto('affiliates').values(row).execute();
}

export function findAffiliates(db: Q) {
  return db
    .selectFrom('affiliates as a')
    .leftJoin('affiliate_bindings as b', 'b.aff_code', 'a.code')
    .select(['a.code', 'a.name', 'a.active', 'a.created_at'])
    .select((eb) => eb.fn.count<number | string | bigint>('b.user_id').as('members'))
    .groupBy(['a.code', 'a.name', 'a.active', 'a.created_at'])
    .orderBy('a.code')
    .execute();
}

export function findBinding(db: Q, userId: string) {
  return db
    .selectFrom('affiliate_bindings as b')
    .innerJoin('affiliates as a', 'a.code', 'b.aff_code')
    .select(['b.aff_code', 'b.bound_at', 'b.ip', 'a.name'])
    .where('b.user_id', '=', userId)
    .executeTakeFirst();
}

export async function insertBinding(db: Q, row: AffiliateBindingsTable): Promise<void> {
  await db.insertInto('affiliate_bindings').values(row).execute();
}

export function findInvitation(db: Q, userId: string, busType: string) {
  return db.selectFrom('vip_invitations').selectAll().where('user_id', '=', userId).where('bus_type', '=', busType).executeTakeFirst();
}

export function findInvitations(db: Q, userId: string) {
  return db.selectFrom('vip_invitations').selectAll().where('user_id', '=', userId).orderBy('bus_type').execute();
}

export async function upsertInvitation(db: Q, row: VipInvitationsTable): Promise<void> {
  await db
    .insertInto('vip_invitations')
    .values(row)
    .onConflict((oc) => oc.columns(['user_id', 'bus_type']).doUpdateSet({ tier: row.tier, invited_at: row.invited_at, invited_by: row.invited_by }))
    .execute();
}

export async function deleteInvitation(db: Q, userId: string, busType: string): Promise<number> {
  const r = await db.deleteFrom('vip_invitations').where('user_id', '=', userId).where('bus_type', '=', busType).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Whether any affiliate takes referrals (without one, the "were you referred?" card has no point). */
export async function anyActiveAffiliate(db: Q): Promise<boolean> {
  return (await db.selectFrom('affiliates').select('code').where('active', '=', 1).limit(1).executeTakeFirst()) !== undefined;
}

/** Erasure: the addresses a user's acceptances, affiliate binding and acknowledgements were recorded from. */
export async function eraseAddressesOfUser(db: Q, userId: string): Promise<number> {
  let changed = 0;
  for (const table of ['agreement_acceptances', 'affiliate_bindings', 'kyc_announcement_acks'] as const) {
    const r = await db.updateTable(table).set({ ip: null }).where('user_id', '=', userId).executeTakeFirst();
    changed += Number(r.numUpdatedRows);
  }
  return changed;
}
