import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.ts';
import { compiledOnce } from './compiled-once.ts';
import { createDb, migrate, nowIso, type Db } from './index.ts';
import { tracked } from './read-tracking.ts';

// On SQLite, and on PostgreSQL when TEST_DATABASE_URL is set (the server suite's second pass).
describe('compiledOnce', () => {
  let db: Db;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    const t = await createTestDatabase();
    drop = t.drop;
    db = createDb(t.database);
    await migrate(db);
    const now = nowIso();
    for (const [id, email] of [['u1', 'one@example.com'], ['u2', 'two@example.com'], ['u3', 'three@example.com']] as const) {
      await db.insertInto('users').values({ id, email, password_hash: 'x', role: 'USER', currency_code: 'USD', sub_attribute: '', member_tag: '{}', created_at: now, updated_at: now, email_confirmed_at: now }).execute();
    }
  });
  afterAll(async () => {
    await db.destroy();
    await drop();
  });

  const byEmails = compiledOnce((q: Db, emails: readonly string[], role: string) =>
    q.selectFrom('users').select(['id', 'email']).where('email', 'in', emails).where('role', '=', role).orderBy('id'),
  );

  it('runs the statement again with each call\'s values, lists of any length, in a transaction too', async () => {
    expect(await byEmails(db, ['one@example.com'], 'USER')).toEqual([{ id: 'u1', email: 'one@example.com' }]);
    // The same shape again, other values: not the first call's rows.
    expect(await byEmails(db, ['two@example.com'], 'USER')).toEqual([{ id: 'u2', email: 'two@example.com' }]);
    expect(await byEmails(db, ['three@example.com', 'one@example.com'], 'USER')).toEqual([
      { id: 'u1', email: 'one@example.com' },
      { id: 'u3', email: 'three@example.com' },
    ]);
    expect(await byEmails(db, ['one@example.com'], 'REVIEWER')).toEqual([]);
    // A value that looks like SQL stays a value.
    expect(await byEmails(db, ["' OR 1=1 --"], 'USER')).toEqual([]);
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ email: 'renamed@example.com' }).where('id', '=', 'u2').execute();
      // Inside the transaction its own write is seen (the statement runs on its connection).
      expect(await byEmails(trx, ['renamed@example.com'], 'USER')).toEqual([{ id: 'u2', email: 'renamed@example.com' }]);
    });
    expect(await byEmails(db, ['renamed@example.com'], 'USER')).toEqual([{ id: 'u2', email: 'renamed@example.com' }]);
  });

  it('is seen by read tracking as a read of its tables, every time it runs', async () => {
    const first = await tracked(() => byEmails(db, ['one@example.com'], 'USER'));
    const again = await tracked(() => byEmails(db, ['one@example.com'], 'USER'));
    for (const { use } of [first, again]) {
      expect([...use.tables]).toEqual(['users']);
      expect(use.wrote).toBe(false);
    }
  });

  it('refuses an argument that would become SQL text instead of a value', async () => {
    const inlined = compiledOnce((q: Db, column: string) => q.selectFrom('users').select(sql.ref(column).as('c')));
    await expect(inlined(db, 'email')).rejects.toThrow('compiledOnce');
  });
});
