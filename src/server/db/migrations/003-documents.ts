import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Identity documents, encrypted at rest (docs/decisions/006-document-storage.md). The image is only
 * ever stored as AES-256-GCM ciphertext under its own data key; `wrapped_key` is that data key wrapped
 * by the master key `key_id`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // No cascade: a user with identity documents is not removed by accident (retention is a decision).
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    // The KYC application the document was submitted with (null while a draft). No foreign key: the
    // applications table belongs to the KYC module and may be created after this one.
    .addColumn('application_id', 'text')
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('mime', 'text', (c) => c.notNull())
    .addColumn('byte_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    /** SHA-256 (hex) of the stored plaintext image: checked after every decryption. */
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('ciphertext', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.createIndex('kyc_documents_user').on('kyc_documents').columns(['user_id', 'level', 'kind']).execute();
  await db.schema.createIndex('kyc_documents_application').on('kyc_documents').column('application_id').execute();
  // "Retake before submitting": one unattached draft per user, level and kind, even under concurrent uploads.
  await db.schema
    .createIndex('kyc_documents_one_draft')
    .unique()
    .on('kyc_documents')
    .columns(['user_id', 'level', 'kind'])
    .where(sql.ref('application_id'), 'is', null)
    .execute();
  // Key rotation walks the documents wrapped by an older master key.
  await db.schema.createIndex('kyc_documents_key_id').on('kyc_documents').column('key_id').execute();
}
