import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3-shaped interface Kysely's SqliteDialect
 * expects, so the embedded database needs no native add-on build.
 */
export function openNodeSqlite(file: string): SqliteDatabase {
  const db = new DatabaseSync(file);
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite.
  db.exec('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  return {
    close: () => db.close(),
    prepare(sql: string): SqliteStatement {
      const stmt = db.prepare(sql);
      return {
        reader: stmt.columns().length > 0,
        all: (params) => stmt.all(...toSqlite(params)),
        run: (params) => {
          const r = stmt.run(...toSqlite(params));
          return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
        },
        iterate: (params) => stmt.iterate(...toSqlite(params)),
      };
    },
  };
}

/** node:sqlite binds only null, numbers, bigints, strings and bytes. */
function toSqlite(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (p === undefined || p === null) return null;
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (typeof p === 'number' || typeof p === 'bigint' || typeof p === 'string') return p;
    if (p instanceof Uint8Array) return p;
    throw new TypeError(`Unsupported SQLite parameter type: ${typeof p}`);
  });
}
