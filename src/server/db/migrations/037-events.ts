import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 29 (docs/decisions/050): domain events in an outbox, their webhook endpoints and deliveries.
 * - `domain_events`: one row per event, written in the transaction of the change it describes
 *   (`seq`: the order written). `position` is the feed's order and cursor, given after the commit by
 *   the relay (the sequencer) to committed rows only: a transaction that commits late gets a later
 *   position, so a reader that has read up to position N never misses a row that appears below it.
 *   `business_id`: the partner whose applicant the user is (null: a web user), from `event_audiences`.
 * - `event_audiences`: which business a user belongs to (written when a partner's applicant is linked;
 *   the events module's own copy, so it never reads the partners module's tables).
 * - `webhook_endpoints` (exchange-wide: business_id null), their `webhook_secrets` (sealed; a rotated
 *   one keeps signing until `valid_until`), `webhook_deliveries` (one per endpoint and event: the
 *   retry state; `lease_until`: the relay sending it now) and `webhook_attempts` (the delivery log).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('domain_events')
    .addColumn('seq', pg ? 'serial' : 'integer', (c) => (pg ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('id', 'text', (c) => c.notNull().unique())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'text')
    .addColumn('business_id', 'text')
    .addColumn('exchange_only', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('position', 'integer')
    .execute();
  await db.schema.createIndex('domain_events_position').on('domain_events').column('position').unique().execute();
  await db.schema.createIndex('domain_events_business').on('domain_events').columns(['business_id', 'position']).execute();

  await db.schema
    .createTable('event_audiences')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text', (c) => c.notNull())
    .execute();
  // The applicants linked before this migration.
  await sql`INSERT INTO event_audiences (user_id, business_id) SELECT user_id, business_id FROM partner_applicants`.execute(db);

  await db.schema
    .createTable('webhook_endpoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_id', 'text')
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('event_types', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('disabled_reason', 'text')
    .addColumn('cursor_seq', 'integer', (c) => c.notNull())
    .addColumn('failing_since', 'text')
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('webhook_secrets')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    .addColumn('ciphertext', 'text', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text')
    .execute();
  await db.schema.createIndex('webhook_secrets_endpoint').on('webhook_secrets').column('endpoint_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('endpoint_id', 'text', (c) => c.notNull().references('webhook_endpoints.id').onDelete('cascade'))
    // The event's position (the feed's order).
    .addColumn('event_seq', 'integer', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('order_key', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('last_status', 'integer')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('delivered_at', 'text')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'due_at']).execute();
  await db.schema.createIndex('webhook_deliveries_order').on('webhook_deliveries').columns(['endpoint_id', 'order_key', 'event_seq']).execute();
  await db.schema.createIndex('webhook_deliveries_event').on('webhook_deliveries').columns(['endpoint_id', 'event_seq']).unique().execute();

  await db.schema
    .createTable('webhook_attempts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('delivery_id', 'text', (c) => c.notNull().references('webhook_deliveries.id').onDelete('cascade'))
    .addColumn('endpoint_id', 'text', (c) => c.notNull())
    .addColumn('event_id', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('http_status', 'integer')
    .addColumn('latency_ms', 'integer', (c) => c.notNull())
    .addColumn('response_excerpt', 'text')
    .addColumn('error', 'text')
    .execute();
  await db.schema.createIndex('webhook_attempts_endpoint').on('webhook_attempts').columns(['endpoint_id', 'at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_secrets').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
  await db.schema.dropTable('event_audiences').execute();
  await db.schema.dropTable('domain_events').execute();
}
