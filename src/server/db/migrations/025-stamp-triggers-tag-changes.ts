import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';
import { STAMPED_TABLES } from './024-kyc-info-stamps.ts';

/**
 * Issue 26 (docs/decisions/036), two changes.
 *
 * 1. `member_tag_changes`: a console change of a member tag that lowers what the member must prove
 *    (KYC '1', KYB '1'), proposed by one senior reviewer and applied when a second confirms it. The row
 *    is the review case's subject (kind MEMBER_TAG); the case and its proposal hold the decision.
 *    `previous_value` is the tag as it was when proposed (null: not set); `reason` is the proposer's.
 *
 * 2. Migration 024 was edited twice after it landed, so a database migrated by an earlier text kept
 *    the earlier triggers: the first text's PostgreSQL row-level triggers `kyc_info_stamp`; the
 *    second's statement-level `kyc_info_stamp_<op>` whose upsert was not DISTINCT, so a statement
 *    writing many rows of one owner failed ("ON CONFLICT DO UPDATE command cannot affect row a second
 *    time"). This drops whatever trigger 024 left (any of its texts) and creates the current ones on
 *    both dialects, so every database ends with the same definitions whichever 024 it ran. It repeats
 *    024's current trigger text on purpose: a migration never follows later code, so 024's helpers
 *    are not imported (only its table list, which the checksum check keeps frozen).
 */
type Row = string;
type Stamped = (typeof STAMPED_TABLES)[number];

const OPERATIONS = ['insert', 'update', 'delete'] as const;

/** Bumps the stamp of every distinct owner `owners` selects (DISTINCT: one upsert per owner per statement). */
const bumpAll = (owners: string) =>
  `INSERT INTO kyc_info_stamps (user_id, stamp) SELECT DISTINCT owner, 1 FROM (${owners}) AS o WHERE owner IS NOT NULL
     ON CONFLICT (user_id) DO UPDATE SET stamp = kyc_info_stamps.stamp + 1;`;

/** SQLite: per changed row (NEW or OLD), one statement per owner. */
const rowBumps = (t: Stamped, row: Row) => t.owners(row).map((o) => bumpAll(`SELECT ${o} AS owner${t.when ? ` WHERE ${t.when(row)}` : ''}`)).join('\n');

/** PostgreSQL: per statement, the distinct owners of every row in the transition tables named. */
const statementBumps = (t: Stamped, tables: string[]) =>
  bumpAll(tables.flatMap((table) => t.owners('r').map((o) => `SELECT ${o} AS owner FROM ${table} AS r${t.when ? ` WHERE ${t.when('r')}` : ''}`)).join(' UNION '));

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('member_tag_changes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('tag_name', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('previous_value', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('requested_by', 'text', (c) => c.notNull())
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('member_tag_changes_user').on('member_tag_changes').columns(['user_id', 'tag_name']).execute();

  for (const t of STAMPED_TABLES) {
    if (isPostgres(db)) {
      // The first text's row-level trigger, then the later texts' statement-level ones.
      await sql.raw(`DROP TRIGGER IF EXISTS kyc_info_stamp ON ${t.table}`).execute(db);
      for (const op of OPERATIONS) await sql.raw(`DROP TRIGGER IF EXISTS kyc_info_stamp_${op} ON ${t.table}`).execute(db);
      await sql
        .raw(
          `CREATE OR REPLACE FUNCTION kyc_info_stamp_${t.table}() RETURNS trigger LANGUAGE plpgsql AS $$
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
      await sql.raw(`DROP TRIGGER IF EXISTS kyc_info_stamp_${t.table}_${op}`).execute(db);
      await sql.raw(`CREATE TRIGGER kyc_info_stamp_${t.table}_${op} AFTER ${op.toUpperCase()} ON ${t.table} BEGIN ${rows[op].map((r) => rowBumps(t, r)).join('\n')} END`).execute(db);
    }
  }
}

/** The table goes; the triggers stay 024's current ones, which 024's `down` drops. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_tag_changes').execute();
}
