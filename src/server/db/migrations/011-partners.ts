import type { Kysely } from 'kysely';

/**
 * SDK/app partners (issue 14, decision 021).
 * - `partner_businesses`: the registry: allowed origins, business scenes, redirect allowlist (JSON
 *   lists), default language, ACTIVE or DISABLED.
 * - `partner_secrets`: a business's API secrets, sealed with the documents' envelope encryption
 *   (they must be readable to check an HMAC). One is current (`retired_at` null); a rotated one
 *   stays valid until its `valid_until` (the overlap), then is ignored.
 * - `partner_signatures`: signatures seen within the freshness window, so a replay is refused by
 *   every server process (the primary key is the check).
 * - `partner_applicants`: the user account of ours that a partner's `externalUserId` is.
 * - `sdk_access_tokens`: SHA-256 of each access token, bound to business, scene, origin and applicant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('partner_businesses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('allowed_origins', 'text', (c) => c.notNull())
    .addColumn('scenes', 'text', (c) => c.notNull())
    .addColumn('redirect_allowlist', 'text', (c) => c.notNull())
    .addColumn('default_language', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('partner_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull().references('partner_businesses.id').onDelete('cascade'))
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('retired_at', 'text')
    .addColumn('valid_until', 'text')
    .execute();
  await db.schema.createIndex('partner_secrets_business').on('partner_secrets').column('business_id').execute();

  await db.schema
    .createTable('partner_signatures')
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_signatures_pk', ['business_id', 'signature'])
    .execute();
  await db.schema.createIndex('partner_signatures_expiry').on('partner_signatures').column('expires_at').execute();

  await db.schema
    .createTable('partner_applicants')
    .addColumn('business_id', 'text', (c) => c.notNull().references('partner_businesses.id').onDelete('cascade'))
    .addColumn('external_user_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('partner_applicants_pk', ['business_id', 'external_user_id'])
    .execute();

  await db.schema
    .createTable('sdk_access_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    /** A partner's id, or 'web' for a web user's own token (sdk-access). */
    .addColumn('business_id', 'text', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('redirect_url', 'text')
    .addColumn('is_update_poi', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('sdk_access_tokens_user').on('sdk_access_tokens').columns(['business_id', 'user_id']).execute();
}
