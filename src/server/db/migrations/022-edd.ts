import type { Kysely } from 'kysely';

/**
 * Enhanced due diligence (issue 12, docs/decisions/028). The EDDStatus_* of a user lives in
 * `step_states` (machine `edd`, one step `EDD`); this table holds what the status is about:
 * - `edd_rounds`: one round of enhanced due diligence per row: the rules that put the user into it
 *   (`triggers`, JSON list of rule ids with their facts), the questionnaire attempts answered for it
 *   (`answers`, JSON template code -> request id), when it was submitted (the EDD review case's
 *   subject is the round) and decided. `open_key` (the user id) is unique while the round is not
 *   decided, so a user has one open round at a time, and null once decided.
 * It follows its user (ON DELETE CASCADE), like every table of a user.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('edd_rounds')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('triggers', 'text', (c) => c.notNull())
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('decided_at', 'text')
    .addColumn('outcome', 'text')
    .execute();
  await db.schema.createIndex('edd_rounds_user').on('edd_rounds').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('edd_rounds').execute();
}
