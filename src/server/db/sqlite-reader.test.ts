import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrate, readerOf, type Db } from './index.ts';
import { inTransaction } from './transaction.ts';

// The embedded database's reader thread (decision 024): a file database only (the test app's is in
// memory, where readerOf is the main connection), so this suite opens its own.
let dir: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ua-reader-'));
  db = createDb({ kind: 'sqlite', file: path.join(dir, 'reader.sqlite') });
  await migrate(db);
  const at = '2026-01-01T00:00:00.000Z';
  await db.insertInto('users').values({ id: 'u-1', email: 'reader@example.com', password_hash: '', role: 'USER', currency_code: 'USD', sub_attribute: '', member_tag: '{}', created_at: at, updated_at: at, email_confirmed_at: at }).execute();
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const insertCase = (q: Db, id: string, openedAt: string) =>
  q
    .insertInto('review_cases')
    .values({ id, subject_kind: 'KYC_APPLICATION', subject_id: `s-${id}`, user_id: 'u-1', status: 'PENDING', assignee_id: null, level: 1, country: 'DE', provider: 'PROVIDER_DEFAULT', opened_at: openedAt, decided_at: null })
    .execute();
const pendingIds = async (q: Db) => (await q.selectFrom('review_cases').select('id').where('status', '=', 'PENDING').orderBy('opened_at').execute()).map((r) => r.id);

describe('the SQLite reader thread', () => {
  it('is a second connection that sees every write committed before the read', async () => {
    const reader = readerOf(db);
    expect(reader).not.toBe(db);
    await insertCase(db, 'c-1', '2026-01-01T00:00:00.000Z');
    expect(await pendingIds(reader)).toEqual(['c-1']);
    await inTransaction(db, async (trx) => insertCase(trx, 'c-2', '2026-01-02T00:00:00.000Z'));
    expect(await pendingIds(reader)).toEqual(['c-1', 'c-2']);
    // Reads at once, many in flight, each answered with its own rows.
    const answers = await Promise.all(['c-1', 'c-2', 'none'].map((id) => reader.selectFrom('review_cases').select('id').where('id', '=', id).execute()));
    expect(answers.map((rows) => rows.map((r) => r.id))).toEqual([['c-1'], ['c-2'], []]);
  });

  it('cannot write, and a transaction reads on its own connection', async () => {
    await expect(insertCase(readerOf(db), 'c-3', '2026-01-03T00:00:00.000Z')).rejects.toThrow();
    await expect(readerOf(db).transaction().execute(async () => undefined)).rejects.toThrow(/read-only/);
    expect(await pendingIds(db)).toEqual(['c-1', 'c-2']);
    await inTransaction(db, async (trx) => {
      expect(readerOf(trx)).toBe(trx);
      await insertCase(trx, 'c-4', '2026-01-04T00:00:00.000Z');
      // Inside the transaction its own uncommitted row is visible (the reader would not see it yet).
      expect(await pendingIds(readerOf(trx))).toEqual(['c-1', 'c-2', 'c-4']);
    });
  });

  it('reports a failing statement as the error it is', async () => {
    await expect(readerOf(db).selectFrom('no_such_table' as 'review_cases').selectAll().execute()).rejects.toThrow(/no such table/);
  });
});
