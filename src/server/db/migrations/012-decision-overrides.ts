import type { Kysely } from 'kysely';

/**
 * Issue 9 (docs/decisions/022): a senior reviewer overrides a provider's decision.
 * - `review_decisions` is no longer one row per case: an override is a new decision that names the
 *   one it replaces (`supersedes_id`, unique: a decision is replaced at most once), and
 *   `current_key` (the case id while the decision is in force, else null; unique) keeps exactly one
 *   current decision per case in the database itself, as `review_proposals.open_key` does for open
 *   proposals. `reason_codes`: every reason of the decision (a vendor gives several), as a JSON list.
 *   SQLite cannot drop the old UNIQUE(case_id) in place, so the table is rebuilt (on both
 *   databases: one migration, one shape); every existing decision is its case's current one.
 * - `review_proposals.supersedes_id`: a four-eyes proposal that would override that decision.
 */
const BATCH = 500;

interface Old {
  review_decisions: {
    id: string;
    case_id: string;
    actor_type: string;
    actor_id: string | null;
    outcome: string;
    mode: string | null;
    reason_code: string | null;
    user_message: string;
    internal_note: string;
    created_at: string;
    confirmed_by: string | null;
  };
  review_decisions_012: Old['review_decisions'] & { supersedes_id: string | null; current_key: string | null; reason_codes: string | null };
}

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Old>;
  await db.schema
    .createTable('review_decisions_012')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('review_cases.id').onDelete('cascade'))
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('mode', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('user_message', 'text', (c) => c.notNull())
    .addColumn('internal_note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('confirmed_by', 'text')
    .addColumn('supersedes_id', 'text')
    .addColumn('current_key', 'text')
    .addColumn('reason_codes', 'text')
    .addUniqueConstraint('review_decisions_supersedes', ['supersedes_id'])
    .addUniqueConstraint('review_decisions_current', ['current_key'])
    .execute();

  for (let offset = 0; ; offset += BATCH) {
    const rows = await db.selectFrom('review_decisions').selectAll().orderBy('id').limit(BATCH).offset(offset).execute();
    if (rows.length === 0) break;
    await db
      .insertInto('review_decisions_012')
      .values(rows.map((r) => ({ ...r, supersedes_id: null, current_key: r.case_id, reason_codes: null })))
      .execute();
  }

  await db.schema.dropTable('review_decisions').execute();
  await db.schema.alterTable('review_decisions_012').renameTo('review_decisions').execute();
  // A case's decisions, oldest first (the console's history; the current one has current_key).
  await db.schema.createIndex('review_decisions_case').on('review_decisions').columns(['case_id', 'created_at']).execute();

  await db.schema.alterTable('review_proposals').addColumn('supersedes_id', 'text').execute();
}
