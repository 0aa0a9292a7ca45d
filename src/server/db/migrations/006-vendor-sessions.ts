import type { Kysely } from 'kysely';

/**
 * Verification through vendors (docs/decisions/016).
 * - `vendor_sessions`: a session started with a vendor for a user and level, with the vendor's id of
 *   the applicant / workflow run that its webhooks name, the time of the newest event applied (an
 *   older one never undoes it) and the application its submission became.
 * - `vendor_webhook_events`: every accepted delivery, keyed by (provider, event id): the same
 *   delivery twice is processed once.
 * - `kyc_applications.reason_codes`: all the reasons of a rejection (a vendor gives several), as a
 *   JSON list; the decision keeps the main one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('vendor_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_event_at', 'text')
    .addColumn('application_id', 'text')
    .execute();
  await db.schema.createIndex('vendor_sessions_user_level').on('vendor_sessions').columns(['user_id', 'level']).execute();
  await db.schema.createIndex('vendor_sessions_external').on('vendor_sessions').columns(['provider', 'external_id']).execute();

  await db.schema
    .createTable('vendor_webhook_events')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('external_id', 'text', (c) => c.notNull())
    /** applied | stale | ignored | unknown_applicant */
    .addColumn('result', 'text', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('vendor_webhook_events_pk', ['provider', 'event_id'])
    .execute();

  await db.schema.alterTable('kyc_applications').addColumn('reason_codes', 'text').execute();
}
