import type { Kysely } from 'kysely';

/**
 * Issue 29 (docs/decisions/056): the keys with which the exchange's own systems read the exchange-wide
 * events feed. An administrator issues one (console or `npm run webhook`); the key is shown once and
 * only its SHA-256 is stored (it is 32 random bytes: a fast hash is enough, nothing to guess).
 * `revoked_at` set: refused from then on (kept for the audit trail). `last_used_at`: when the feed
 * last answered it (at most once a minute written).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('events_feed_keys')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('key_hash', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'text')
    .addColumn('last_used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('events_feed_keys').execute();
}
