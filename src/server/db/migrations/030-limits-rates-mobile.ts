import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 30 (docs/decisions/040): limits and rates as data, and the mobile number.
 *
 * 1. `withdrawal_limit_versions`: every version of the withdrawal limits (the LIMITS_FILE document
 *    shape), append-only; the highest version is in force. `source` says who made it (`file`: a
 *    LIMITS_FILE seen at start, with its SHA-256; `console`: an administrator). kyc-info reads it, so
 *    its rows bump everyone's kyc-info stamp (migration 024's mechanism, the same trigger text).
 * 2. `fiat_rates`: rate sets from RATES_URL or an administrator, with the time their source gave
 *    them; the newest stored is in force.
 * 3. `kyc_personal_info.mobile_country` / `mobile_number`: the optional mobile number (§3 regionCode,
 *    §5 rule), '' when not given. Migration 024's triggers on the table cover the new columns.
 */
export const STAMPED_TABLES_030 = [{ table: 'withdrawal_limit_versions' }] as const;

const OPERATIONS = ['insert', 'update', 'delete'] as const;
/** Every user's kyc-info reads the limits: the '*' stamp moves (as agreement versions do in 024). */
const BUMP_EVERYONE = `INSERT INTO kyc_info_stamps (user_id, stamp) VALUES ('*', 1) ON CONFLICT (user_id) DO UPDATE SET stamp = kyc_info_stamps.stamp + 1;`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('withdrawal_limit_versions')
    .addColumn('version', 'integer', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('document', 'text', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('fiat_rates')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('base', 'text', (c) => c.notNull())
    .addColumn('rates', 'text', (c) => c.notNull())
    .addColumn('rates_time', 'text', (c) => c.notNull())
    .addColumn('stored_by', 'text')
    .addColumn('stored_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('fiat_rates_stored_at').on('fiat_rates').column('stored_at').execute();
  await db.schema.alterTable('kyc_personal_info').addColumn('mobile_country', 'text', (c) => c.notNull().defaultTo('')).execute();
  await db.schema.alterTable('kyc_personal_info').addColumn('mobile_number', 'text', (c) => c.notNull().defaultTo('')).execute();

  for (const { table } of STAMPED_TABLES_030) {
    if (isPostgres(db)) {
      await sql.raw(`CREATE FUNCTION kyc_info_stamp_${table}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN ${BUMP_EVERYONE} RETURN NULL; END $$`).execute(db);
      for (const op of OPERATIONS) await sql.raw(`CREATE TRIGGER kyc_info_stamp_${op} AFTER ${op.toUpperCase()} ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION kyc_info_stamp_${table}()`).execute(db);
      continue;
    }
    for (const op of OPERATIONS) await sql.raw(`CREATE TRIGGER kyc_info_stamp_${table}_${op} AFTER ${op.toUpperCase()} ON ${table} BEGIN ${BUMP_EVERYONE} END`).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const { table } of STAMPED_TABLES_030) {
    for (const op of OPERATIONS) await sql.raw(isPostgres(db) ? `DROP TRIGGER kyc_info_stamp_${op} ON ${table}` : `DROP TRIGGER kyc_info_stamp_${table}_${op}`).execute(db);
    if (isPostgres(db)) await sql.raw(`DROP FUNCTION kyc_info_stamp_${table}()`).execute(db);
  }
  await db.schema.alterTable('kyc_personal_info').dropColumn('mobile_number').execute();
  await db.schema.alterTable('kyc_personal_info').dropColumn('mobile_country').execute();
  await db.schema.dropTable('fiat_rates').execute();
  await db.schema.dropTable('withdrawal_limit_versions').execute();
}
