import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { PartnerBusinessesTable, PartnerSecretsTable, SdkAccessTokensTable } from '../../db/schema.ts';

/** SQL of the partners module (registry, secrets, signatures seen, applicants, access tokens). */

export type BusinessRow = Selectable<PartnerBusinessesTable>;
export type SecretRow = Selectable<PartnerSecretsTable>;
export type AccessTokenRow = Selectable<SdkAccessTokensTable>;

export const findBusiness = (db: Db, id: string) => db.selectFrom('partner_businesses').selectAll().where('id', '=', id).executeTakeFirst();
export const listBusinesses = (db: Db) => db.selectFrom('partner_businesses').selectAll().orderBy('id').execute();
export const insertBusiness = (db: Db, row: Insertable<PartnerBusinessesTable>) => db.insertInto('partner_businesses').values(row).execute();
export const updateBusiness = (db: Db, id: string, set: Partial<Insertable<PartnerBusinessesTable>>) =>
  db.updateTable('partner_businesses').set(set).where('id', '=', id).execute();

export const insertSecret = (db: Db, row: Insertable<PartnerSecretsTable>) => db.insertInto('partner_secrets').values(row).execute();
/** The current secret and the retired ones still inside their overlap. */
export const liveSecrets = (db: Db, businessId: string, now: string) =>
  db
    .selectFrom('partner_secrets')
    .selectAll()
    .where('business_id', '=', businessId)
    .where((eb) => eb.or([eb('retired_at', 'is', null), eb('valid_until', '>', now)]))
    .orderBy('created_at', 'desc')
    .execute();
export const retireSecrets = (db: Db, businessId: string, now: string, validUntil: string) =>
  db.updateTable('partner_secrets').set({ retired_at: now, valid_until: validUntil }).where('business_id', '=', businessId).where('retired_at', 'is', null).execute();
/** Ends the overlap of retired secrets that are still valid after `validUntil`. */
export const shortenOverlap = (db: Db, businessId: string, validUntil: string) =>
  db.updateTable('partner_secrets').set({ valid_until: validUntil }).where('business_id', '=', businessId).where('retired_at', 'is not', null).where('valid_until', '>', validUntil).execute();

/** Remembers a signature; false when it was already there (a replay). */
export async function rememberSignature(db: Db, businessId: string, signature: string, expiresAt: string): Promise<boolean> {
  const inserted = await db
    .insertInto('partner_signatures')
    .values({ business_id: businessId, signature, expires_at: expiresAt })
    .onConflict((oc) => oc.columns(['business_id', 'signature']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}
export const forgetSignaturesBefore = (db: Db, now: string) => db.deleteFrom('partner_signatures').where('expires_at', '<', now).execute();

export const findApplicant = (db: Db, businessId: string, externalUserId: string) =>
  db.selectFrom('partner_applicants').selectAll().where('business_id', '=', businessId).where('external_user_id', '=', externalUserId).executeTakeFirst();
export const findApplicantByUser = (db: Db, userId: string) => db.selectFrom('partner_applicants').selectAll().where('user_id', '=', userId).executeTakeFirst();
/** Links a new applicant unless another request linked one first; returns the linked user. */
export async function linkApplicant(db: Db, row: { business_id: string; external_user_id: string; user_id: string; created_at: string }): Promise<string> {
  await db.insertInto('partner_applicants').values(row).onConflict((oc) => oc.columns(['business_id', 'external_user_id']).doNothing()).execute();
  const linked = await findApplicant(db, row.business_id, row.external_user_id);
  return linked!.user_id;
}

export const insertAccessToken = (db: Db, row: Insertable<SdkAccessTokensTable>) => db.insertInto('sdk_access_tokens').values(row).execute();
export const findAccessToken = (db: Db, tokenHash: string) => db.selectFrom('sdk_access_tokens').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
export const revokeAccessToken = (db: Db, businessId: string, tokenHash: string, now: string) =>
  db.updateTable('sdk_access_tokens').set({ revoked_at: now }).where('token_hash', '=', tokenHash).where('business_id', '=', businessId).where('revoked_at', 'is', null).executeTakeFirst();
export const revokeAccessTokensOf = (db: Db, businessId: string, userId: string, now: string) =>
  db.updateTable('sdk_access_tokens').set({ revoked_at: now }).where('business_id', '=', businessId).where('user_id', '=', userId).where('revoked_at', 'is', null).executeTakeFirst();
export const revokeAllOfBusiness = (db: Db, businessId: string, now: string) =>
  db.updateTable('sdk_access_tokens').set({ revoked_at: now }).where('business_id', '=', businessId).where('revoked_at', 'is', null).executeTakeFirst();
