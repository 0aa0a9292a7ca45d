import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/test-db.ts';
import { createDb, isPostgres, type Db } from './index.ts';
import { insertRows, inValues } from './many-values.ts';

// Values a list must carry unchanged: what an array literal quotes and escapes.
const AWKWARD = ['plain', 'a,b', '{braces}', 'say "hi"', "it's", 'back\\slash', ' spaced ', 'NULL', 'ünï€', ''];

interface Scratch {
  scratch: { id: string; n: number | null; note: string | null };
}

let db: Db;
let drop: () => Promise<void>;
const scratch = () => db as unknown as Kysely<Scratch>;

beforeAll(async () => {
  const t = await createTestDatabase();
  drop = t.drop;
  db = createDb(t.database);
  await scratch().schema.createTable('scratch').addColumn('id', 'text', (c) => c.primaryKey()).addColumn('n', 'integer').addColumn('note', 'text').execute();
});
afterAll(async () => {
  await db.destroy();
  await drop();
});

describe('many values in one statement', () => {
  it('inValues matches exactly the listed values, awkward strings and numbers alike', async () => {
    await scratch()
      .insertInto('scratch')
      .values(AWKWARD.map((id, i) => ({ id, n: i, note: null })))
      .execute();
    const ids = (values: readonly string[]) =>
      scratch()
        .selectFrom('scratch')
        .select('id')
        .where(inValues(scratch(), 'id', values))
        .execute()
        .then((rows) => rows.map((r) => r.id).sort());
    expect(await ids(AWKWARD)).toEqual([...AWKWARD].sort());
    expect(await ids(['a,b', 'say "hi"', 'missing'])).toEqual(['a,b', 'say "hi"']);
    expect(await ids(['a'])).toEqual([]);
    const ns = await scratch().selectFrom('scratch').select('n').where(inValues(scratch(), 'n', [1, 3])).orderBy('n').execute();
    expect(ns.map((r) => r.n)).toEqual([1, 3]);
  });

  it('on PostgreSQL the statement text is the same whatever the length (prepared once); SQLite lists the values', () => {
    const text = (values: readonly string[]) => scratch().selectFrom('scratch').select('id').where(inValues(scratch(), 'id', values)).compile();
    const one = text(['a']);
    const three = text(['a', 'b', 'c']);
    if (isPostgres(db as unknown as Kysely<unknown>)) {
      expect(one.sql).toBe(three.sql);
      expect(three.parameters).toEqual([['a', 'b', 'c']]);
    } else {
      expect(one.sql).not.toBe(three.sql);
      expect(three.parameters).toEqual(['a', 'b', 'c']);
    }
  });

  it('insertRows inserts every row as given, NULLs and awkward strings included; on PostgreSQL with one text for any number of rows', async () => {
    const rows = AWKWARD.map((s, i) => ({ id: `r${i}`, n: i % 3 === 0 ? null : i, note: i % 4 === 0 ? null : s }));
    const insert = (some: typeof rows) => insertRows(scratch(), 'scratch', { id: 'text', n: 'int4', note: 'text' }, some);
    if (isPostgres(db as unknown as Kysely<unknown>)) expect(insert(rows.slice(0, 1)).compile().sql).toBe(insert(rows).compile().sql);
    await insert(rows).execute();
    const stored = await scratch().selectFrom('scratch').selectAll().where('id', 'like', 'r%').execute();
    expect(stored.sort((a, b) => Number(a.id.slice(1)) - Number(b.id.slice(1)))).toEqual(rows);
  });
});
