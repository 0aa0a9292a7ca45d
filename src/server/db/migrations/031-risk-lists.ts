import type { Kysely } from 'kysely';

/**
 * Country risk lists as data (issue 30, docs/decisions/041): the FATF's "call for action" and
 * "increased monitoring" lists (and any other country list compliance adds) that put residents and
 * nationals into enhanced due diligence. One row per loaded file, version 1, 2, …; the highest is in
 * use. `document` is the validated file as JSON (a few kilobytes: each list with its source URL,
 * publication date and countries); `published_on` the oldest publication date among its lists (what
 * the console's "older than four months" warning reads). `reassessed_at` / `entered_edd`: when the
 * re-assessment of verified users against this version finished and how many it put into EDD (null:
 * not finished yet — the console offers to run it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('risk_lists')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('published_on', 'text', (c) => c.notNull())
    .addColumn('loaded_by', 'text')
    .addColumn('loaded_at', 'text', (c) => c.notNull())
    .addColumn('reassessed_at', 'text')
    .addColumn('entered_edd', 'integer')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('risk_lists').execute();
}
