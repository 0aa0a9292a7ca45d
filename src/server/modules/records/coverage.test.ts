import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userDataExport } from '../../../shared/api/records.ts';
import type { App } from '../../app.ts';
import { isPostgres } from '../../db/dialect.ts';
import { createTestApp } from '../../test/test-app.ts';
import { PERSONAL_DATA_COVERAGE } from './coverage.ts';

/**
 * Complete records (issue 30, decision 041): every table of the live schema — after every migration,
 * on SQLite and on PostgreSQL — that has a user id column is either in the user's data export, or
 * erased, or retained with a stated reason (the commented map in coverage.ts). A new table with a
 * user id fails here until someone decides what becomes of it.
 */
let app: App;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
});
afterAll(async () => close());

/** Every table of the database with its columns, as the database itself reports them. */
async function liveSchema(db: Kysely<unknown>): Promise<Map<string, string[]>> {
  const tables = new Map<string, string[]>();
  if (isPostgres(db)) {
    const rows = await sql<{ table_name: string; column_name: string }>`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'`.execute(db);
    for (const r of rows.rows) tables.set(r.table_name, [...(tables.get(r.table_name) ?? []), r.column_name]);
  } else {
    const names = await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(db);
    for (const { name } of names.rows) {
      const cols = await sql<{ name: string }>`select name from pragma_table_info(${name})`.execute(db);
      tables.set(name, cols.rows.map((c) => c.name));
    }
  }
  return tables;
}

/** A column naming a user: `user_id`, or `<role>_user_id` (an identity transfer's source and target). */
const isUserIdColumn = (column: string) => column === 'user_id' || column.endsWith('_user_id');

describe('every table holding a user id is exported, erased or retained with a reason', () => {
  it('reads the live schema and finds each such table in the map, with something said about it', async () => {
    const schema = await liveSchema(app.db as unknown as Kysely<unknown>);
    // A sanity check of the reading itself: the schema is there, with tables known to hold user ids.
    expect(schema.get('kyc_personal_info')).toContain('user_id');
    expect(schema.get('identity_transfers')).toEqual(expect.arrayContaining(['source_user_id', 'target_user_id']));

    // `users` is the account itself: its `id` is the user id.
    const withUserId = [...schema].filter(([table, columns]) => table === 'users' || columns.some(isUserIdColumn)).map(([table]) => table).sort();
    const uncovered = withUserId.filter((table) => {
      const c = PERSONAL_DATA_COVERAGE[table];
      return !c || !(c.exported || c.erased || c.retained);
    });
    expect(uncovered, 'tables with a user id that are neither exported, erased nor retained with a reason (add them to records/coverage.ts)').toEqual([]);
    // The map holds no table the schema does not have (a renamed table must not hide behind an old name).
    expect(Object.keys(PERSONAL_DATA_COVERAGE).filter((t) => !schema.has(t))).toEqual([]);
    expect(Object.keys(PERSONAL_DATA_COVERAGE).filter((t) => !withUserId.includes(t))).toEqual([]);
  });

  it('an exported table names a section the export really has', () => {
    const sections = Object.keys(userDataExport.shape);
    const wrong = Object.entries(PERSONAL_DATA_COVERAGE).filter(([, c]) => c.exported !== undefined && !sections.includes(c.exported));
    expect(wrong).toEqual([]);
  });
});
