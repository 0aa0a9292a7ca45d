import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 15 (docs/decisions/024, eighth change): kyc-info's replies are cached per user and checked
 * against a change stamp, so a cached reply is never served after anything it was built from changed,
 * on any server.
 * - `kyc_info_stamps`: one row per user (`user_id`) and one for what every user's reply reads
 *   (`user_id = '*'`), whose `stamp` grows with every change.
 * - Triggers on every table kyc-info reads bump the stamp of the user(s) a changed row belongs to
 *   (its old and its new owner), in the writing transaction: the stamp moves when the write commits,
 *   whichever server or script wrote it. A review decision belongs to its case's user; a step state
 *   to its subject when the machine is one of a user's own (KYC levels, re-verification,
 *   questionnaires). The list is fixed here; a later table kyc-info reads needs its own migration,
 *   and until it has one the cache refuses to keep a reply that read it (kyc-info-cache.ts).
 */
/** How a trigger names a changed row: SQLite's NEW/OLD, or a PostgreSQL transition table's alias. */
type Row = string;

interface Stamped {
  table: string;
  /** SQL expressions naming the user(s) a row belongs to ('*': every user). */
  owners: (row: Row) => string[];
  /** Only rows that match (SQL condition). */
  when?: (row: Row) => string;
}

const own = (column: string) => (row: Row) => [`${row}.${column}`];
const everyone = () => [`'*'`];

/** Exported for the test that checks it matches the cache's list (kyc-info-cache.ts). */
export const STAMPED_TABLES: readonly Stamped[] = [
  { table: 'users', owners: own('id') },
  { table: 'kyc_personal_info', owners: own('user_id') },
  { table: 'step_states', owners: own('subject_id'), when: (row) => `${row}.machine IN ('kyc_level', 'reverification', 'questionnaire')` },
  { table: 'kyc_applications', owners: own('user_id') },
  { table: 'vendor_sessions', owners: own('user_id') },
  { table: 'review_cases', owners: own('user_id') },
  { table: 'review_decisions', owners: (row) => [`(SELECT user_id FROM review_cases WHERE id = ${row}.case_id)`] },
  { table: 'questionnaire_requirements', owners: own('user_id') },
  { table: 'questionnaire_answers', owners: own('user_id') },
  { table: 'custody_accounts', owners: own('user_id') },
  { table: 'agreement_versions', owners: everyone },
  { table: 'agreement_acceptances', owners: own('user_id') },
  { table: 'kyc_announcements', owners: everyone },
  { table: 'kyc_announcement_acks', owners: own('user_id') },
  { table: 'identity_transfers', owners: (row) => [`${row}.source_user_id`, `${row}.target_user_id`] },
  { table: 'account_sites', owners: own('user_id') },
  { table: 'reverification_requests', owners: own('user_id') },
  { table: 'reverification_submissions', owners: own('user_id') },
  { table: 'compliance_tasks', owners: own('user_id') },
];

/**
 * Bumps the stamp of every distinct owner `owners` selects (a SELECT of a column named owner). DISTINCT,
 * not only UNION's: a statement inserting many rows of one owner would otherwise upsert that owner's
 * row twice, which PostgreSQL refuses ("ON CONFLICT DO UPDATE command cannot affect row a second time").
 */
const bumpAll = (owners: string) =>
  `INSERT INTO kyc_info_stamps (user_id, stamp) SELECT DISTINCT owner, 1 FROM (${owners}) AS o WHERE owner IS NOT NULL
     ON CONFLICT (user_id) DO UPDATE SET stamp = kyc_info_stamps.stamp + 1;`;

/** SQLite: per changed row (NEW or OLD), one statement per owner. */
const rowBumps = (t: Stamped, row: Row) => t.owners(row).map((o) => bumpAll(`SELECT ${o} AS owner${t.when ? ` WHERE ${t.when(row)}` : ''}`)).join('\n');

/** PostgreSQL: per statement, the distinct owners of every row in the transition tables named. */
const statementBumps = (t: Stamped, tables: string[]) =>
  bumpAll(tables.flatMap((table) => t.owners('r').map((o) => `SELECT ${o} AS owner FROM ${table} AS r${t.when ? ` WHERE ${t.when('r')}` : ''}`)).join(' UNION '));

const OPERATIONS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_info_stamps')
    .addColumn('user_id', 'text', (c) => c.primaryKey())
    .addColumn('stamp', isPostgres(db) ? 'bigint' : 'integer', (c) => c.notNull())
    .execute();
  for (const t of STAMPED_TABLES) {
    if (isPostgres(db)) {
      // Statement-level, over transition tables: a statement that changes many rows (a retention run,
      // a bulk load) bumps each owner once, not once per row.
      await sql
        .raw(
          `CREATE FUNCTION kyc_info_stamp_${t.table}() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF TG_OP = 'INSERT' THEN ${statementBumps(t, ['changed_new'])}
             ELSIF TG_OP = 'DELETE' THEN ${statementBumps(t, ['changed_old'])}
             ELSE ${statementBumps(t, ['changed_new', 'changed_old'])}
             END IF;
             RETURN NULL;
           END $$`,
        )
        .execute(db);
      const referencing = { insert: 'NEW TABLE AS changed_new', update: 'OLD TABLE AS changed_old NEW TABLE AS changed_new', delete: 'OLD TABLE AS changed_old' };
      for (const op of OPERATIONS) {
        await sql.raw(`CREATE TRIGGER kyc_info_stamp_${op} AFTER ${op.toUpperCase()} ON ${t.table} REFERENCING ${referencing[op]} FOR EACH STATEMENT EXECUTE FUNCTION kyc_info_stamp_${t.table}()`).execute(db);
      }
      continue;
    }
    const rows = { insert: ['NEW'], update: ['NEW', 'OLD'], delete: ['OLD'] };
    for (const op of OPERATIONS) {
      await sql.raw(`CREATE TRIGGER kyc_info_stamp_${t.table}_${op} AFTER ${op.toUpperCase()} ON ${t.table} BEGIN ${rows[op].map((r) => rowBumps(t, r)).join('\n')} END`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of STAMPED_TABLES) {
    for (const op of OPERATIONS) await sql.raw(isPostgres(db) ? `DROP TRIGGER kyc_info_stamp_${op} ON ${t.table}` : `DROP TRIGGER kyc_info_stamp_${t.table}_${op}`).execute(db);
    if (isPostgres(db)) await sql.raw(`DROP FUNCTION kyc_info_stamp_${t.table}()`).execute(db);
  }
  await db.schema.dropTable('kyc_info_stamps').execute();
}
