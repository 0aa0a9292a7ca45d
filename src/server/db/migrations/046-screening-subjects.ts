import { sql, type Kysely } from 'kysely';

/**
 * Issue 29 (docs/decisions/063): the screening module's own read model of whom it screens.
 * `screening_subjects`: one row per verified user with a name to screen — level 1 reached (the steps
 * module's `step_states`) and personal information held (kyc's `kyc_personal_info`) — with when the
 * level was reached. Screening keeps it from the level events and the erasure (a subscriber, and the
 * erasure's own transaction); its re-screening pages and console figures read it instead of joining
 * the other modules' tables. Filled here from those tables as they are (a migration may read any
 * table); the subscriber's cursor is not moved: events after it are handled again, harmlessly (each
 * sets the row from the user's state at the time).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screening_subjects')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('verified_at', 'text', (c) => c.notNull())
    .execute();
  await sql`INSERT INTO screening_subjects (user_id, verified_at)
    SELECT s.subject_id, s.updated_at FROM step_states s JOIN kyc_personal_info p ON p.user_id = s.subject_id
    WHERE s.machine = 'kyc_level' AND s.step = '1' AND s.status = 'SUCCESS'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_subjects').execute();
}
