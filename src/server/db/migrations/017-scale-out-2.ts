import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 15 (docs/decisions/024, "Scale-out"): a document's encrypted content may live outside its
 * row, in the configured document store (a directory, or an S3-compatible bucket), so servers that
 * do not share a disk still read each other's uploads.
 * - `kyc_documents.content_store`: where the ciphertext is: null = in the row (`ciphertext`, as every
 *   document before this migration), `file` or `s3` = in that store under the document's id.
 * - `kyc_documents.ciphertext` may be null (the content is in a store). SQLite cannot drop a NOT NULL
 *   constraint, so there the table is rebuilt with the same columns and indexes (no table refers to
 *   kyc_documents, so nothing else is touched).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await db.schema.alterTable('kyc_documents').alterColumn('ciphertext', (c) => c.dropNotNull()).execute();
    await db.schema.alterTable('kyc_documents').addColumn('content_store', 'text').execute();
    return;
  }
  await db.schema
    .createTable('kyc_documents_017')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('application_id', 'text')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('ciphertext', 'blob')
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('quality', 'text')
    .addColumn('content_store', 'text')
    .execute();
  await sql`INSERT INTO kyc_documents_017 (id, user_id, application_id, level, kind, mime, byte_size, width, height, sha256, ciphertext, iv, auth_tag, wrapped_key, key_id, created_at, quality)
    SELECT id, user_id, application_id, level, kind, mime, byte_size, width, height, sha256, ciphertext, iv, auth_tag, wrapped_key, key_id, created_at, quality FROM kyc_documents`.execute(db);
  await db.schema.dropTable('kyc_documents').execute();
  await db.schema.alterTable('kyc_documents_017').renameTo('kyc_documents').execute();
  // The indexes of 003-documents, recreated on the new table under their old names.
  await db.schema.createIndex('kyc_documents_user').on('kyc_documents').columns(['user_id', 'level', 'kind']).execute();
  await db.schema.createIndex('kyc_documents_application').on('kyc_documents').column('application_id').execute();
  await db.schema
    .createIndex('kyc_documents_one_draft')
    .unique()
    .on('kyc_documents')
    .columns(['user_id', 'level', 'kind'])
    .where(sql.ref('application_id'), 'is', null)
    .execute();
  await db.schema.createIndex('kyc_documents_key_id').on('kyc_documents').column('key_id').execute();
}

/** Only while every document's content is still in its row (a store's documents would be lost). */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_documents').dropColumn('content_store').execute();
  if (isPostgres(db)) await db.schema.alterTable('kyc_documents').alterColumn('ciphertext', (c) => c.setNotNull()).execute();
}
