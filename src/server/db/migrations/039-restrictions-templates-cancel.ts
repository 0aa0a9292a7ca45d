import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 28 (docs/decisions/052): decisions that restrict, tasks cancelled with a reason, reviewer
 * message templates.
 *
 * 1. `account_restrictions`: one row per user and source (EDD, SCREENING) while a decision restricts
 *    the account; the row goes when the restriction is lifted (the audit trail keeps its history).
 *    kyc-info reads it (limitation, limitationInfo), so its rows bump their user's kyc-info stamp
 *    (migration 024's mechanism, the same trigger text).
 * 2. `compliance_tasks.cancel_reason`: why a reviewer cancelled a task (shown to the user); null otherwise.
 * 3. `review_proposals.reason_codes`: every reason of a proposed rejection (JSON, null for one), as
 *    `review_decisions.reason_codes` holds a decision's: a rejection has several reasons.
 * 4. `reason_templates`: per reject reason and language, the message a reviewer starts from (edited by
 *    administrators).
 */
export const STAMPED_TABLES_039 = [{ table: 'account_restrictions' }] as const;

const OPERATIONS = ['insert', 'update', 'delete'] as const;
/** Bumps the stamp of the user(s) the changed rows belong to. */
const bumpAll = (owners: string) =>
  `INSERT INTO kyc_info_stamps (user_id, stamp) SELECT DISTINCT owner, 1 FROM (${owners}) AS o WHERE owner IS NOT NULL
     ON CONFLICT (user_id) DO UPDATE SET stamp = kyc_info_stamps.stamp + 1;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_restrictions')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('limitation', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('case_id', 'text')
    .addColumn('set_by', 'text')
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_restrictions_pk', ['user_id', 'source'])
    .execute();
  await db.schema.alterTable('compliance_tasks').addColumn('cancel_reason', 'text').execute();
  await db.schema.alterTable('review_proposals').addColumn('reason_codes', 'text').execute();
  await db.schema
    .createTable('reason_templates')
    .addColumn('reason_code', 'text', (c) => c.notNull())
    .addColumn('language', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('reason_templates_pk', ['reason_code', 'language'])
    .execute();

  for (const { table } of STAMPED_TABLES_039) {
    if (isPostgres(db)) {
      const statement = (tables: string[]) => bumpAll(tables.map((t) => `SELECT r.user_id AS owner FROM ${t} AS r`).join(' UNION '));
      await sql
        .raw(
          `CREATE FUNCTION kyc_info_stamp_${table}() RETURNS trigger LANGUAGE plpgsql AS $$
           BEGIN
             IF TG_OP = 'INSERT' THEN ${statement(['changed_new'])}
             ELSIF TG_OP = 'DELETE' THEN ${statement(['changed_old'])}
             ELSE ${statement(['changed_new', 'changed_old'])}
             END IF;
             RETURN NULL;
           END $$`,
        )
        .execute(db);
      const referencing = { insert: 'NEW TABLE AS changed_new', update: 'OLD TABLE AS changed_old NEW TABLE AS changed_new', delete: 'OLD TABLE AS changed_old' };
      for (const op of OPERATIONS) {
        await sql.raw(`CREATE TRIGGER kyc_info_stamp_${op} AFTER ${op.toUpperCase()} ON ${table} REFERENCING ${referencing[op]} FOR EACH STATEMENT EXECUTE FUNCTION kyc_info_stamp_${table}()`).execute(db);
      }
      continue;
    }
    const rows = { insert: ['NEW'], update: ['NEW', 'OLD'], delete: ['OLD'] };
    for (const op of OPERATIONS) {
      await sql.raw(`CREATE TRIGGER kyc_info_stamp_${table}_${op} AFTER ${op.toUpperCase()} ON ${table} BEGIN ${rows[op].map((r) => bumpAll(`SELECT ${r}.user_id AS owner`)).join('\n')} END`).execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of STAMPED_TABLES_039) {
    for (const op of OPERATIONS) await sql.raw(isPostgres(db) ? `DROP TRIGGER kyc_info_stamp_${op} ON ${table}` : `DROP TRIGGER kyc_info_stamp_${table}_${op}`).execute(db);
    if (isPostgres(db)) await sql.raw(`DROP FUNCTION kyc_info_stamp_${table}()`).execute(db);
  }
  await db.schema.dropTable('reason_templates').execute();
  await db.schema.alterTable('review_proposals').dropColumn('reason_codes').execute();
  await db.schema.alterTable('compliance_tasks').dropColumn('cancel_reason').execute();
  await db.schema.dropTable('account_restrictions').execute();
}
