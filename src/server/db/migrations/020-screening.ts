import type { Kysely } from 'kysely';

/**
 * AML name screening (issue 12, docs/decisions/026).
 * - `screening_lists`: every sanctions/PEP list loaded, one row per version (1, 2, …): the file's
 *   name and SHA-256, how many entries, who loaded it and when. The highest version is the list in use.
 * - `screening_entries`: the people of the list in use (OpenSanctions simple CSV rows), keyed by
 *   version and the list's id; a newer version's load deletes the older entries (a match keeps a
 *   copy of what it matched, so a case never loses its evidence).
 * - `screening_states`: per user, the outcome of the latest screening (CLEAR, POTENTIAL_MATCH,
 *   FALSE_POSITIVE, TRUE_MATCH) and the list version it was screened against.
 * - `screening_matches`: a potential match, the subject of a SCREENING review case: what screened
 *   the user (LEVEL_APPROVED, LIST_CHANGE), our data, the hits (entry copies with scores), its status; `pending_key` (the user id) is unique while it is
 *   PENDING, so a user has one open screening case at a time.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screening_lists')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('entry_count', 'integer', (c) => c.notNull())
    .addColumn('loaded_by', 'text')
    .addColumn('loaded_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('screening_entries')
    .addColumn('list_version', 'integer', (c) => c.notNull().references('screening_lists.version').onDelete('cascade'))
    .addColumn('id', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('aliases', 'text', (c) => c.notNull())
    .addColumn('birth_dates', 'text', (c) => c.notNull())
    .addColumn('countries', 'text', (c) => c.notNull())
    .addColumn('sanctions', 'text', (c) => c.notNull())
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('last_change', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('screening_entries_pk', ['list_version', 'id'])
    .execute();

  await db.schema
    .createTable('screening_states')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('list_version', 'integer', (c) => c.notNull())
    .addColumn('screened_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('screening_states_version').on('screening_states').column('list_version').execute();

  await db.schema
    .createTable('screening_matches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('list_version', 'integer', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('our_name', 'text', (c) => c.notNull())
    .addColumn('our_birth_date', 'text', (c) => c.notNull())
    .addColumn('hits', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('pending_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('screening_matches_user').on('screening_matches').column('user_id').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screening_matches').execute();
  await db.schema.dropTable('screening_states').execute();
  await db.schema.dropTable('screening_entries').execute();
  await db.schema.dropTable('screening_lists').execute();
}
