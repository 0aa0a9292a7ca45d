import type { Kysely } from 'kysely';

/**
 * Re-verification (issue 10, docs/decisions/017). Statuses live in `step_states` (machine
 * `reverification`, steps POI and POA); these tables hold what the statuses are about:
 * - `reverification_requests`: a reviewer's (or the EU reset's) request to verify a document again,
 *   with its reason and deadline; `open_key` (user:target) is unique while the request is open, so a
 *   target has one open request at a time, and null once closed.
 * - `reverification_submissions`: the user's updates, each a review case's subject; `pending_key`
 *   likewise allows one pending update per user and target. Approved ones are the current document;
 *   earlier ones stay (history).
 * - `account_sites`: the regulated site (entity) serving an account, when not the main one (§1 TUR,
 *   EU, …); the EU reset is remembered here.
 * - `one_time_codes`: e-mailed codes confirming a step (§8 30101), hashed, one per user and purpose.
 * Every table follows its user (ON DELETE CASCADE), like sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('reverification_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('deadline', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('requested_by', 'text')
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('closed_at', 'text')
    .execute();
  await db.schema.createIndex('reverification_requests_user').on('reverification_requests').columns(['user_id', 'target']).execute();

  await db.schema
    .createTable('reverification_submissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('request_id', 'text', (c) => c.notNull().references('reverification_requests.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('document_number', 'text', (c) => c.notNull())
    .addColumn('expiry_date', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pending_key', 'text', (c) => c.unique())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('reverification_submissions_user').on('reverification_submissions').columns(['user_id', 'target']).execute();
  await db.schema.createIndex('reverification_submissions_document').on('reverification_submissions').columns(['document_type', 'country', 'document_number']).execute();

  await db.schema
    .createTable('account_sites')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('site', 'text', (c) => c.notNull())
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .addColumn('eu_poi_reset_at', 'text')
    .execute();

  await db.schema
    .createTable('one_time_codes')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('code_hash', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('one_time_codes_pk', ['user_id', 'purpose'])
    .execute();
}
