import type { Kysely } from 'kysely';
import type { Database, KycDocumentsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export type DocumentRow = KycDocumentsTable;

/** Every column except the encrypted content and its key material: what listings need. */
const SUMMARY_COLUMNS = ['id', 'user_id', 'application_id', 'level', 'kind', 'mime', 'byte_size', 'width', 'height', 'sha256', 'key_id', 'created_at', 'quality'] as const;
export type DocumentMetaRow = Pick<DocumentRow, (typeof SUMMARY_COLUMNS)[number]>;

export async function insertDocument(db: Q, row: DocumentRow): Promise<void> {
  await db.insertInto('kyc_documents').values(row).execute();
}

/** The full row (with ciphertext) of one document. */
export function findDocument(db: Q, id: string) {
  return db.selectFrom('kyc_documents').selectAll().where('id', '=', id).executeTakeFirst();
}

/** One document's metadata, only when it belongs to `userId`. */
export function findOwnDocumentMeta(db: Q, userId: string, id: string): Promise<DocumentMetaRow | undefined> {
  return db.selectFrom('kyc_documents').select(SUMMARY_COLUMNS).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
}

/** The user's unattached drafts of one level and kind (at most one, by the partial unique index). */
export function findDrafts(db: Q, userId: string, level: number, kind?: string): Promise<DocumentMetaRow[]> {
  let q = db.selectFrom('kyc_documents').select(SUMMARY_COLUMNS).where('user_id', '=', userId).where('level', '=', level).where('application_id', 'is', null);
  if (kind !== undefined) q = q.where('kind', '=', kind);
  return q.orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** The perceptual hashes of the user's unattached drafts of one level and kind (decision 048). */
export function findDraftHashes(db: Q, userId: string, level: number, kind: string) {
  return db.selectFrom('kyc_documents').select(['id', 'picture_hash']).where('user_id', '=', userId).where('level', '=', level).where('kind', '=', kind).where('application_id', 'is', null).execute();
}

/** The perceptual hashes of the user's submitted pictures (any kind, any application; drafts stay the user's own). */
export function findSubmittedHashes(db: Q, userId: string) {
  return db
    .selectFrom('kyc_documents')
    .select(['id', 'kind', 'application_id', 'created_at', 'picture_hash'])
    .where('user_id', '=', userId)
    .where('application_id', 'is not', null)
    .where('picture_hash', 'is not', null)
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The full row of the user's latest picture of `kind` at `level`, a draft or submitted. */
export function findLatestOfKind(db: Q, userId: string, level: number, kind: string) {
  return db.selectFrom('kyc_documents').selectAll().where('user_id', '=', userId).where('level', '=', level).where('kind', '=', kind).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Only the id of that latest picture (no content read). */
export function findLatestIdOfKind(db: Q, userId: string, level: number, kind: string) {
  return db.selectFrom('kyc_documents').select('id').where('user_id', '=', userId).where('level', '=', level).where('kind', '=', kind).limit(1).executeTakeFirst();
}

export function findByApplication(db: Q, applicationId: string): Promise<DocumentMetaRow[]> {
  return db.selectFrom('kyc_documents').select(SUMMARY_COLUMNS).where('application_id', '=', applicationId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Every document of a user, drafts and attached, oldest first (the user's data export, decision 041). */
export function findAllOfUser(db: Q, userId: string): Promise<DocumentMetaRow[]> {
  return db.selectFrom('kyc_documents').select(SUMMARY_COLUMNS).where('user_id', '=', userId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Deletes a draft; never an attached document. Returns how many rows went. */
export async function deleteDraft(db: Q, userId: string, id: string): Promise<number> {
  const r = await db.deleteFrom('kyc_documents').where('id', '=', id).where('user_id', '=', userId).where('application_id', 'is', null).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/** Attaches the given drafts of `userId` to an application; returns how many were drafts of that user. */
export async function attachDrafts(db: Q, userId: string, ids: readonly string[], applicationId: string): Promise<number> {
  if (ids.length === 0) return 0;
  const r = await db
    .updateTable('kyc_documents')
    .set({ application_id: applicationId })
    .where('id', 'in', ids)
    .where('user_id', '=', userId)
    .where('application_id', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Documents whose data key is wrapped by a master key other than `activeKeyId` (rotation), a batch at a time. */
export function findWrappedByOtherKeys(db: Q, activeKeyId: string, afterId: string, limit: number) {
  return db
    .selectFrom('kyc_documents')
    .select(['id', 'wrapped_key', 'key_id'])
    .where('key_id', '!=', activeKeyId)
    .where('id', '>', afterId)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Replaces a document's wrapped data key, only if it is still the one that was read. */
export async function updateWrappedKey(db: Q, id: string, from: { wrapped_key: string; key_id: string }, to: { wrapped_key: string; key_id: string }): Promise<number> {
  const r = await db
    .updateTable('kyc_documents')
    .set(to)
    .where('id', '=', id)
    .where('wrapped_key', '=', from.wrapped_key)
    .where('key_id', '=', from.key_id)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Every document of a user, drafts and submitted ones; returns their ids. */
export async function deleteAllOfUser(db: Q, userId: string): Promise<string[]> {
  const rows = await db.deleteFrom('kyc_documents').where('user_id', '=', userId).returning('id').execute();
  return rows.map((r) => r.id);
}

/** Deletes one attached picture of a user (a questionnaire's evidence, removed before submitting). */
export async function deleteAttached(db: Q, userId: string, id: string, applicationId: string): Promise<number> {
  const r = await db.deleteFrom('kyc_documents').where('id', '=', id).where('user_id', '=', userId).where('application_id', '=', applicationId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
