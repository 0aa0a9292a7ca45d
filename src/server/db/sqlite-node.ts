import { DatabaseSync, type SQLInputValue } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Adapts Node's built-in `node:sqlite` to the better-sqlite3-shaped interface Kysely's SqliteDialect
 * expects, so the embedded database needs no native add-on build.
 */
/**
 * How many prepared statements one connection keeps. The app's queries are a fixed set of SQL texts
 * (Kysely compiles the same builder to the same text, values are parameters), a few hundred at most;
 * the bound only stops a stream of one-off texts (IN lists of varying length) from growing forever.
 */
const STATEMENT_CACHE_SIZE = 1000;
/** How often the change mark asks SQLite about other connections' commits, at most. */
const OTHERS_CHECK_MS = 1;

/** The adapter, and what the connection can tell of changes (`changeMark`). */
export interface NodeSqliteDatabase extends SqliteDatabase {
  /**
   * A value that moves whenever the database may have changed: a statement of this connection that
   * may write (counted when it starts, whether its transaction commits or not) and, within a
   * millisecond, a commit of any other connection to the file (another process, a thread of this
   * one). Unchanged, nothing read before it can be stale.
   */
  changeMark(): string;
}

export function openNodeSqlite(file: string, { statementCacheSize = STATEMENT_CACHE_SIZE, readOnly = false } = {}): NodeSqliteDatabase {
  const db = new DatabaseSync(file, { readOnly });
  // WAL lets readers proceed during a write; foreign keys are off by default in SQLite. A read-only
  // connection (sqlite-reader.ts) reads the file the writer already put in WAL mode.
  db.exec(readOnly ? 'PRAGMA busy_timeout = 5000;' : 'PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;');
  // Kysely asks for a statement on every query; preparing (parsing and planning) again each time was
  // the largest share of a kyc-info request's CPU (issue 15). Statements are prepared once per SQL
  // text and reused, least recently used dropped first. A reused statement is reset by each all/run.
  const cache = new Map<string, SqliteStatement>();
  // The change mark's two parts. This connection's statements that may write, counted as they run
  // (any statement but a SELECT: a transaction's BEGIN, an INSERT … RETURNING), so a write under way
  // has moved it. Other connections' commits: `PRAGMA data_version` moves with each
  // (https://sqlite.org/pragma.html#pragma_data_version). Asking SQLite costs about what a small
  // statement does, which under load was most of what the mark saves; it is asked at most once a
  // millisecond, so another process's commit shows within one.
  let writes = 0;
  const dataVersion = db.prepare('PRAGMA data_version');
  let others = 0;
  let othersAt = Number.NEGATIVE_INFINITY;
  const wrote = () => {
    writes++;
  };
  return {
    changeMark: () => {
      const now = performance.now();
      if (now - othersAt >= OTHERS_CHECK_MS) {
        others = (dataVersion.get() as { data_version: number }).data_version;
        othersAt = now;
      }
      return `${writes}/${others}`;
    },
    close: () => {
      cache.clear();
      db.close();
    },
    prepare(sql: string): SqliteStatement {
      const cached = cache.get(sql);
      if (cached) {
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const stmt = prepareNew(db, sql, wrote);
      cache.set(sql, stmt);
      if (cache.size > statementCacheSize) cache.delete(cache.keys().next().value!);
      return stmt;
    },
  };
}

/** A statement that cannot change anything: a plain SELECT (a WITH … may end in an INSERT). */
const READ_ONLY = /^\s*select\b/i;

function prepareNew(db: DatabaseSync, sql: string, wrote: () => void): SqliteStatement {
  const stmt = db.prepare(sql);
  const mayWrite = !READ_ONLY.test(sql);
  return {
    reader: stmt.columns().length > 0,
    all: (params) => {
      if (mayWrite) wrote();
      return stmt.all(...toSqlite(params));
    },
    run: (params) => {
      if (mayWrite) wrote();
      const r = stmt.run(...toSqlite(params));
      return { changes: r.changes, lastInsertRowid: r.lastInsertRowid };
    },
    iterate: (params) => {
      if (mayWrite) wrote();
      return stmt.iterate(...toSqlite(params));
    },
  };
}

/** node:sqlite binds only null, numbers, bigints, strings and bytes. */
export function toSqlite(params: ReadonlyArray<unknown>): SQLInputValue[] {
  return params.map((p) => {
    if (p === undefined || p === null) return null;
    if (typeof p === 'boolean') return p ? 1 : 0;
    if (p instanceof Date) return p.toISOString();
    if (typeof p === 'number' || typeof p === 'bigint' || typeof p === 'string') return p;
    if (p instanceof Uint8Array) return p;
    throw new TypeError(`Unsupported SQLite parameter type: ${typeof p}`);
  });
}
