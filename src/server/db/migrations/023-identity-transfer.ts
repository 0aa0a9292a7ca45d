import type { Kysely } from 'kysely';

/**
 * Identity transfer and risk intercepts (issue 12, docs/decisions/029).
 * - `identity_transfers`: one transfer of a verified identity from a source account to a target
 *   account on another site (entity). Its phase lives in `step_states` (machine `identity_transfer`,
 *   subject the transfer); `open_source` / `open_target` hold the user id while the transfer is under
 *   way and are unique, so an account takes part in one open transfer at a time; null once it ends.
 *   `review_rules` lists the rules that asked for a reviewer (JSON), `identity` the verified identity
 *   that moved (JSON, copied when it completes).
 * - `risk_decisions`: every risk intercept evaluation with its facts and verdict (the audit of
 *   decisions no reviewer sees; kept with the user, or by device before sign-in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('identity_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('target_user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source_site', 'text', (c) => c.notNull())
    .addColumn('target_site', 'text', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('open_source', 'text', (c) => c.unique())
    .addColumn('open_target', 'text', (c) => c.unique())
    .addColumn('review_rules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('identity_transfers_source').on('identity_transfers').columns(['source_user_id', 'created_at']).execute();
  await db.schema.createIndex('identity_transfers_target').on('identity_transfers').columns(['target_user_id', 'created_at']).execute();

  await db.schema
    .createTable('risk_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('guid', 'text')
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('decision', 'text', (c) => c.notNull())
    .addColumn('rule', 'text')
    .addColumn('step_code', 'integer')
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('risk_decisions_user').on('risk_decisions').columns(['user_id', 'created_at']).execute();
  await db.schema.createIndex('risk_decisions_guid').on('risk_decisions').columns(['guid', 'created_at']).execute();
}
