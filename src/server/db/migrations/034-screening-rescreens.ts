import type { Kysely } from 'kysely';

/**
 * Issue 31 (docs/decisions/044): the re-screening of every verified user after a list load, run in
 * the background by whichever server holds its lease. One row per list version, written in the
 * load's transaction (so a load by `npm run screening-load`, another process, is noticed by the
 * servers) — or by a server that finds a version without one. `holder` / `lease_until`: the server
 * at it and until when (another takes over after that: a crash does not stop the run); `run_started_at`
 * / `run_screened`: the current holder's run, for an honest rate; `screened` / `matches` over all
 * runs; `finished_at` when no verified user was left to screen.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screening_rescreens')
    .addColumn('list_version', 'integer', (c) => c.primaryKey())
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('holder', 'text')
    .addColumn('lease_until', 'text')
    .addColumn('run_started_at', 'text')
    .addColumn('run_screened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('screened', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('matches', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text')
    .addColumn('finished_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_rescreens').execute();
}
