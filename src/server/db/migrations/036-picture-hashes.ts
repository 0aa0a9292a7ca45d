import type { Kysely } from 'kysely';

/**
 * Issue 27, point 7 (decision 048): `kyc_documents.picture_hash`, the 64-bit perceptual hash (pHash,
 * 16 hex digits) of the stored picture. An upload for one side of a document whose picture is
 * (near-)identical to the other side's is refused, and the console flags pictures of a user that
 * look alike. Null for pictures stored before this migration (never compared).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_documents').addColumn('picture_hash', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_documents').dropColumn('picture_hash').execute();
}
