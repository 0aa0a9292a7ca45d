import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { changeMarkOf, createDb, type Db } from './index.ts';
import { openNodeSqlite } from './sqlite-node.ts';
import { inTransaction } from './transaction.ts';
import { createUnchangedCache } from './unchanged-cache.ts';

// A file database of its own: a second connection (another process, a thread) must see the same file.
let dir: string;
let file: string;
let db: Db;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'ua-unchanged-'));
  file = path.join(dir, 'unchanged.sqlite');
  db = createDb({ kind: 'sqlite', file });
  await sql`CREATE TABLE t (id TEXT PRIMARY KEY, v TEXT NOT NULL)`.execute(db);
  await sql`INSERT INTO t VALUES ('a', '1'), ('b', '1')`.execute(db);
});
afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const valueOf = async (id: string) => (await sql<{ v: string }>`SELECT v FROM t WHERE id = ${id}`.execute(db)).rows[0]?.v;
const set = (id: string, v: string) => sql`UPDATE t SET v = ${v} WHERE id = ${id}`.execute(db);

describe('createUnchangedCache on the embedded database', () => {
  it('serves a kept value while nothing is written; a write on the server’s connection makes every key read again', async () => {
    const cache = createUnchangedCache<string, string>(db, 10);
    const load = vi.fn(valueOf);
    expect(await cache.read('a', () => load('a'))).toBe('1');
    expect(await cache.read('b', () => load('b'))).toBe('1');
    expect(await cache.read('a', () => load('a'))).toBe('1');
    expect(load).toHaveBeenCalledTimes(2);
    expect(cache.stats()).toEqual({ hits: 1, size: 2 });

    // Another row: nothing tells which reads it touches, so both are read again.
    await set('b', '2');
    expect(await cache.read('a', () => load('a'))).toBe('1');
    expect(await cache.read('b', () => load('b'))).toBe('2');
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('a commit by another connection to the file (a tool, another thread) makes a read go to the database within a millisecond', async () => {
    const cache = createUnchangedCache<string, string>(db, 10);
    await set('a', '1');
    const load = vi.fn(valueOf);
    await cache.read('a', () => load('a'));
    const other = openNodeSqlite(file);
    try {
      other.prepare("UPDATE t SET v = 'from another connection' WHERE id = 'a'").run([]);
    } finally {
      other.close();
    }
    // SQLite is asked about other connections at most once a millisecond (sqlite-node.ts): within one.
    await vi.waitFor(async () => expect(await cache.read('a', () => load('a'))).toBe('from another connection'), { interval: 1 });
  });

  it('a read under way when a write lands is not served after it', async () => {
    const cache = createUnchangedCache<string, string>(db, 10);
    await set('a', 'before');
    let finish!: () => void;
    let readDone!: () => void;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const didRead = new Promise<void>((resolve) => (readDone = resolve));
    // The read happens before the write; its result arrives after it.
    const early = cache.read('a', async () => {
      const v = await valueOf('a');
      readDone();
      await held;
      return v;
    });
    await didRead;
    await set('a', 'after');
    finish();
    expect(await early).toBe('before');
    expect(await cache.read('a', () => valueOf('a'))).toBe('after');
  });

  it('a write inside a transaction moves the mark before the commit; a rolled-back one too (a read again, never a stale one)', async () => {
    const cache = createUnchangedCache<string, string>(db, 10);
    const load = vi.fn(valueOf);
    await cache.read('a', () => load('a'));
    const mark = changeMarkOf(db)!;
    const before = mark();
    await expect(
      inTransaction(db, async (trx) => {
        await sql`UPDATE t SET v = 'rolled back' WHERE id = 'a'`.execute(trx);
        expect(mark()).not.toBe(before);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    expect(await cache.read('a', () => load('a'))).not.toBe('rolled back');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a kept value `usable` refuses is read again; nothing absent is kept; the least recently read goes first', async () => {
    const cache = createUnchangedCache<string, string>(db, 2);
    const load = vi.fn(valueOf);
    await cache.read('a', () => load('a'));
    expect(await cache.read('a', () => load('a'), () => false)).toBeDefined();
    expect(load).toHaveBeenCalledTimes(2);
    expect(await cache.read('missing', () => load('missing'))).toBeUndefined();
    expect(await cache.read('missing', () => load('missing'))).toBeUndefined();
    expect(load).toHaveBeenCalledTimes(4);
    await cache.read('b', () => load('b'));
    await cache.read('a', () => load('a'));
    await cache.read('c', async () => 'c'); // over capacity: 'b' was read least recently
    expect(cache.stats().size).toBe(2);
    load.mockClear();
    await cache.read('a', () => load('a'));
    await cache.read('b', () => load('b'));
    expect(load.mock.calls).toEqual([['b']]);
  });
});

describe('createUnchangedCache on PostgreSQL', () => {
  it('keeps nothing: other servers write without this one seeing it', async () => {
    // No connection is opened until a statement runs: none does here.
    const pg = createDb({ kind: 'postgres', url: 'postgres://127.0.0.1:1/none', preparedStatements: true });
    try {
      expect(changeMarkOf(pg)).toBeUndefined();
      const cache = createUnchangedCache<string, string>(pg, 10);
      const load = vi.fn(async () => 'v');
      await cache.read('a', load);
      await cache.read('a', load);
      expect(load).toHaveBeenCalledTimes(2);
      expect(cache.stats()).toEqual({ hits: 0, size: 0 });
    } finally {
      await pg.destroy();
    }
  });
});
