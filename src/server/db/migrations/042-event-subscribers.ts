import { sql, type Kysely } from 'kysely';

/**
 * Issue 29 (docs/decisions/057): in-process subscribers of the outbox.
 * - `event_subscribers`: one row per subscriber (a named consumer: EDD assessment, screening, the
 *   level-approved e-mail): `cursor` the last event position it handled, `lease_until` the server
 *   handling it now (compare-and-set, like a webhook delivery's), `attempts` / `due_at` / `last_error`
 *   the retry state of the event at its head.
 * - `event_subscriber_claims`: an effect a subscriber does at most once per event (an e-mail).
 * - `domain_events.actor_type` / `actor_id`: who made the change (a subscriber acts in their name, as
 *   the in-transaction calls did); never on the wire.
 * The subscribers of this change start at the newest event: an existing deployment's past approvals
 * were assessed, screened and (not) e-mailed by the code before it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('domain_events').addColumn('actor_type', 'text').execute();
  await db.schema.alterTable('domain_events').addColumn('actor_id', 'text').execute();
  await db.schema
    .createTable('event_subscribers')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('cursor', 'integer', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'text')
    .addColumn('last_error', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('event_subscriber_claims')
    .addColumn('subscriber', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('event_subscriber_claims_pk', ['subscriber', 'event_id'])
    .execute();
  const at = new Date().toISOString();
  for (const name of ['edd.assess-verified-level', 'screening.screen-verified-identity', 'kyc.level-approved-mail']) {
    await sql`INSERT INTO event_subscribers (name, cursor, attempts, updated_at) SELECT ${name}, COALESCE(MAX(position), 0), 0, ${at} FROM domain_events`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('event_subscriber_claims').execute();
  await db.schema.dropTable('event_subscribers').execute();
  await db.schema.alterTable('domain_events').dropColumn('actor_id').execute();
  await db.schema.alterTable('domain_events').dropColumn('actor_type').execute();
}
