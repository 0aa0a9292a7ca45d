import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import { createDb, isPostgres, migrate, type Db } from '../index.ts';
import * as text1 from './fixtures/024-kyc-info-stamps.v1.ts';
import * as text2 from './fixtures/024-kyc-info-stamps.v2.ts';
import { migrations } from './index.ts';

/**
 * Migration 025 on databases made by the earlier texts of migration 024 (fixtures: the texts as they
 * landed): after the current migrator ran, their triggers are exactly a new database's, and a
 * statement writing several rows of one owner works (on PostgreSQL the second text refused it). On
 * SQLite, and on PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
const opened: { db: Db; drop: () => Promise<void> }[] = [];
/** The migrators take any database (they run before the schema's types are true). */
const untyped = (db: Db) => db as unknown as Kysely<unknown>;

async function database(): Promise<Db> {
  const made = await createTestDatabase();
  const db = createDb(made.database);
  opened.push({ db, drop: made.drop });
  return db;
}

/** A database migrated to 024 with `text` in place of 024's current text. */
async function madeBy(text: Migration): Promise<Db> {
  const db = await database();
  const old = new Migrator({ db: untyped(db), provider: { getMigrations: async () => ({ ...migrations, '024-kyc-info-stamps': text }) } });
  const to024 = await old.migrateTo('024-kyc-info-stamps');
  if (to024.error) throw to024.error;
  return db;
}

/** Every kyc-info stamp trigger (and PostgreSQL trigger function) with its definition, sorted. */
async function triggers(db: Db): Promise<string[]> {
  if (isPostgres(untyped(db))) {
    const t = await sql<{ def: string }>`SELECT pg_get_triggerdef(oid) AS def FROM pg_trigger WHERE NOT tgisinternal AND tgname LIKE 'kyc_info_stamp%'`.execute(db);
    const f = await sql<{ def: string }>`SELECT proname || ': ' || prosrc AS def FROM pg_proc WHERE proname LIKE 'kyc_info_stamp%'`.execute(db);
    return [...t.rows, ...f.rows].map((r) => r.def.replace(/\s+/g, ' ')).sort();
  }
  const t = await sql<{ def: string }>`SELECT name || ': ' || sql AS def FROM sqlite_master WHERE type = 'trigger' AND name LIKE 'kyc_info_stamp%'`.execute(db);
  return t.rows.map((r) => r.def.replace(/\s+/g, ' ')).sort();
}

/** One statement inserting two step states of one user: the write the second text refused on PostgreSQL. */
const insertTwoSteps = (db: Db, userId: string) =>
  db
    .insertInto('step_states')
    .values(['1', '2'].map((step) => ({ machine: 'kyc_level', subject_id: userId, step, status: 'ALLOW', updated_at: '2026-11-28T00:00:00.000Z' })))
    .execute();

const stampOf = async (db: Db, userId: string) => (await db.selectFrom('kyc_info_stamps').select('stamp').where('user_id', '=', userId).executeTakeFirst())?.stamp;

afterAll(async () => {
  for (const { db, drop } of opened) {
    await db.destroy();
    await drop();
  }
});

describe('migration 025 (kyc-info stamp triggers)', () => {
  it('leaves a new database with the triggers 024 made (it only recreates them)', async () => {
    const fresh = await database();
    const only024 = new Migrator({ db: untyped(fresh), provider: { getMigrations: async () => migrations } });
    expect((await only024.migrateTo('024-kyc-info-stamps')).error).toBeUndefined();
    const before = await triggers(fresh);
    // Up to 025 only: a later migration may add triggers of its own (030: the limits' versions).
    expect((await only024.migrateTo('025-stamp-triggers-tag-changes')).error).toBeUndefined();
    expect(await triggers(fresh)).toEqual(before);
    expect(before.length).toBeGreaterThan(0);
  });

  for (const [name, text] of [
    ['first', text1],
    ['second', text2],
  ] as const) {
    it(`brings a database made by 024's ${name} text to the current triggers`, async () => {
      const fresh = await database();
      await migrate(fresh);
      const current = await triggers(fresh);

      const old = await madeBy(text);
      const before = await triggers(old);
      if (isPostgres(untyped(old))) {
        expect(before).not.toEqual(current); // the earlier text did leave other triggers behind…
        if (text === text2) await expect(insertTwoSteps(old, 'user-before')).rejects.toThrow(/cannot affect row a second time/);
      }
      await migrate(old);
      expect(await triggers(old)).toEqual(current); // …and now they are the current ones

      // The current triggers at work: a many-row statement of one owner bumps its stamp, an update again.
      await insertTwoSteps(old, 'user-1');
      const afterInsert = Number(await stampOf(old, 'user-1'));
      expect(afterInsert).toBeGreaterThan(0);
      await old.updateTable('step_states').set({ status: 'NOT_ALLOW' }).where('subject_id', '=', 'user-1').execute();
      expect(Number(await stampOf(old, 'user-1'))).toBeGreaterThan(afterInsert);
      // Rows of machines kyc-info does not read move no stamp.
      await old.insertInto('step_states').values({ machine: 'edd', subject_id: 'user-2', step: '1', status: 'ALLOW', updated_at: '2026-11-28T00:00:00.000Z' }).execute();
      expect(await stampOf(old, 'user-2')).toBeUndefined();
    });
  }
});
