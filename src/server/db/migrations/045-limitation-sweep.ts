import type { Kysely } from 'kysely';

/**
 * Issue 29 (decision 061): the limitation sweep.
 * - `compliance_tasks.overdue_noticed_at`: when the sweep noticed the task overdue and published
 *   `kyc.compliance_task.overdue` (null until then; null again when an RFI's next round moves the due date).
 * - `account_limitations` (module `limitations`): per user, the limitation last published
 *   (`kyc.limitation.changed`) and its reasons, with the two parts it was combined from: the
 *   restrictions' (kept by the restrictions' set/lift, at once) and the deadlines' (re-verification and
 *   compliance tasks, kept by the sweep). `version` is the compare-and-set two writers race on.
 * - Indexes for pruning old outbox events (`domain_events.created_at`, deliveries by event).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('compliance_tasks').addColumn('overdue_noticed_at', 'text').execute();
  await db.schema
    .createTable('account_limitations')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('limitation', 'text', (c) => c.notNull())
    .addColumn('reasons', 'text', (c) => c.notNull())
    .addColumn('restricted_limitation', 'text', (c) => c.notNull())
    .addColumn('restricted_reasons', 'text', (c) => c.notNull())
    .addColumn('deadline_limitation', 'text', (c) => c.notNull())
    .addColumn('deadline_reasons', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('account_limitations_limitation').on('account_limitations').columns(['limitation', 'user_id']).execute();
  // Pruning the outbox (decision 061): the oldest events first, and whether a delivery still waits for one.
  await db.schema.createIndex('domain_events_created').on('domain_events').column('created_at').execute();
  await db.schema.createIndex('webhook_deliveries_event_id').on('webhook_deliveries').columns(['event_id', 'status']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_event_id').execute();
  await db.schema.dropIndex('domain_events_created').execute();
  await db.schema.dropTable('account_limitations').execute();
  await db.schema.alterTable('compliance_tasks').dropColumn('overdue_noticed_at').execute();
}
