import type { Kysely } from 'kysely';

/**
 * Account extras (issue 13, docs/decisions/025): the smaller features around verification.
 * - `agreement_versions`: versioned agreement texts per product (OPTION, HKG_POA, SATOS_EU); a new
 *   version asks everyone again. `agreement_acceptances`: who accepted which version, when, from where.
 * - `custody_accounts`: a user's custody arrangement (no row: CUSTODY_UNSPECIFIED) and their move to
 *   the EU entity (eu_migration NONE | OFFERED | COMPLETED).
 * - `affiliates` and `affiliate_bindings` (one binding per user, for good).
 * - `vip_invitations`: a user invited to a VIP programme (bus_type), which asks for a KYC level.
 * - `kyc_announcements` and `kyc_announcement_acks`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('agreement_versions')
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addPrimaryKeyConstraint('agreement_versions_pk', ['product', 'version'])
    .execute();

  await db.schema
    .createTable('agreement_acceptances')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('product', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .execute();
  await db.schema.createIndex('agreement_acceptances_once').unique().on('agreement_acceptances').columns(['user_id', 'product', 'version']).execute();

  await db.schema
    .createTable('custody_accounts')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('custody', 'text', (c) => c.notNull())
    /** The legal entity holding the assets (SATOS_CZ, BYBIT_EU, …). */
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('eu_migration', 'text', (c) => c.notNull())
    .addColumn('eu_migrated_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('affiliates')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('affiliate_bindings')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('aff_code', 'text', (c) => c.notNull().references('affiliates.code'))
    .addColumn('bound_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .execute();

  await db.schema
    .createTable('vip_invitations')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bus_type', 'text', (c) => c.notNull())
    .addColumn('tier', 'text', (c) => c.notNull())
    .addColumn('invited_at', 'text', (c) => c.notNull())
    .addColumn('invited_by', 'text')
    .addPrimaryKeyConstraint('vip_invitations_pk', ['user_id', 'bus_type'])
    .execute();

  await db.schema
    .createTable('kyc_announcements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** ALL | UNVERIFIED (level 0) | VERIFIED (level 1 or more). */
    .addColumn('audience', 'text', (c) => c.notNull())
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'text')
    .addColumn('withdrawn_at', 'text')
    .execute();
  await db.schema
    .createTable('kyc_announcement_acks')
    .addColumn('announcement_id', 'text', (c) => c.notNull().references('kyc_announcements.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('acknowledged_at', 'text', (c) => c.notNull())
    .addColumn('ip', 'text')
    .addPrimaryKeyConstraint('kyc_announcement_acks_pk', ['announcement_id', 'user_id'])
    .execute();
}
