import type { Kysely } from 'kysely';

/**
 * Issue 31 (docs/decisions/038): screening runs after the approval commits. `screening_jobs` holds a
 * user to screen, written in the approving transaction (so it is durable with the approval) and
 * deleted in the transaction that records the screening. `due_at` is when it may next be taken: a
 * runner takes a job by moving it forward (a lease), a failure moves it further (a retry).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screening_jobs')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_jobs_due').on('screening_jobs').column('due_at').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_jobs').execute();
}
