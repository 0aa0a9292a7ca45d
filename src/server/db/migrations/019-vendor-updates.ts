import type { Kysely } from 'kysely';

/**
 * Re-verification through vendors (docs/decisions/017, "Updates at a vendor"): a vendor session
 * now says what it is for.
 * - `vendor_sessions.purpose`: `VERIFICATION` (first verification of a level: its webhooks decide a
 *   KYC application, as before; every existing session) or `REVERIFICATION` (an update asked for by
 *   a re-verification request: its webhooks decide a REVERIFICATION case and never an application).
 * - `reverification_request_id`: the request an update session answers.
 * - `reverification_submission_id`: the update its submission at the vendor became (null until the
 *   vendor reports one), as `application_id` is for first verification.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('vendor_sessions').addColumn('purpose', 'text', (c) => c.notNull().defaultTo('VERIFICATION')).execute();
  await db.schema.alterTable('vendor_sessions').addColumn('reverification_request_id', 'text').execute();
  await db.schema.alterTable('vendor_sessions').addColumn('reverification_submission_id', 'text').execute();
  await db.schema.createIndex('vendor_sessions_reverification').on('vendor_sessions').column('reverification_request_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('vendor_sessions_reverification').execute();
  await db.schema.alterTable('vendor_sessions').dropColumn('reverification_submission_id').execute();
  await db.schema.alterTable('vendor_sessions').dropColumn('reverification_request_id').execute();
  await db.schema.alterTable('vendor_sessions').dropColumn('purpose').execute();
}
