import { sql, type Kysely } from 'kysely';

/**
 * Issue 29 (decision 063): the relay's two hot reads, on the rows still to do only (partial indexes:
 * a delivered delivery or a sequenced event is never looked at again by them).
 * - `webhook_deliveries_pending_seq`: due deliveries in the order written, read until a batch is full.
 * - `webhook_deliveries_pending_line`: whether an earlier delivery of the same endpoint and user is
 *   still pending (a user's deliveries go in order).
 * - `domain_events_unsequenced`: committed events the sequencer has not numbered yet.
 * They replace migration 037's `webhook_deliveries_due` (status, due_at) and `webhook_deliveries_order`
 * (endpoint, user, event), which no query needs any more: two indexes fewer to keep up on every
 * delivery written and recorded, a thousand a second.
 * The relay's queries name the status as a literal (`'PENDING'`), so SQLite and PostgreSQL's generic
 * plans of prepared statements can use these indexes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_pending_seq').on('webhook_deliveries').column('event_seq').where(sql.ref('status'), '=', sql.lit('PENDING')).execute();
  await db.schema
    .createIndex('webhook_deliveries_pending_line')
    .on('webhook_deliveries')
    .columns(['endpoint_id', 'order_key', 'event_seq'])
    .where(sql.ref('status'), '=', sql.lit('PENDING'))
    .execute();
  await db.schema.createIndex('domain_events_unsequenced').on('domain_events').column('seq').where(sql.ref('position'), 'is', null).execute();
  await db.schema.dropIndex('webhook_deliveries_due').execute();
  await db.schema.dropIndex('webhook_deliveries_order').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('webhook_deliveries_order').on('webhook_deliveries').columns(['endpoint_id', 'order_key', 'event_seq']).execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'due_at']).execute();
  await db.schema.dropIndex('domain_events_unsequenced').execute();
  await db.schema.dropIndex('webhook_deliveries_pending_line').execute();
  await db.schema.dropIndex('webhook_deliveries_pending_seq').execute();
}
