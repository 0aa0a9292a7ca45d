import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config.ts';
import { isPostgres as isPostgresDb } from './dialect.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { prepareStatementsOf } from './pg-prepared.ts';
import { readTrackingPlugin } from './read-tracking.ts';
import { openNodeSqlite } from './sqlite-node.ts';
import { createSqliteReader } from './sqlite-reader.ts';

export type Db = Kysely<Database>;
export type { Database } from './schema.ts';

/** Every instance watches what a cache's work reads (db/read-tracking.ts; idle outside it). */
const plugins = [readTrackingPlugin];

/**
 * Opens the configured database (embedded SQLite file, or PostgreSQL when DATABASE_URL says so).
 * `onConnectionError` hears about PostgreSQL connections that die while idle (a server restart or
 * failover): without a listener, node-postgres would throw that from an event emitter and end the
 * process; with it, the pool drops the connection and opens a new one for the next query.
 */
export function createDb(database: Config['database'], onConnectionError: (err: Error) => void = () => {}, applicationName?: string): Db {
  if (database.kind === 'postgres') {
    // A name operators see in pg_stat_activity: the relay thread's pool is told apart (decision 066).
    const pool = new pg.Pool({ connectionString: database.url, max: 10, ...(applicationName ? { application_name: applicationName } : {}) });
    pool.on('error', onConnectionError);
    if (database.preparedStatements !== false) pool.on('connect', prepareStatementsOf);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), plugins });
  }
  if (database.file === ':memory:') {
    const connection = openNodeSqlite(database.file);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: connection }), plugins });
    changeMarks.set(db, connection.changeMark);
    return db;
  }
  mkdirSync(path.dirname(database.file), { recursive: true });
  const reader = createSqliteReader<Database>(database.file);
  const connection = openNodeSqlite(database.file);
  const db = new Kysely<Database>({ dialect: new NodeSqliteDialect(connection, reader), plugins });
  readers.set(db, reader);
  changeMarks.set(db, connection.changeMark);
  return db;
}

/**
 * A connection of its own for a worker thread that reads a lot (the screening index's build, decision
 * 054): a read-only `node:sqlite` connection to the embedded file, or one PostgreSQL connection. What
 * it reads never passes through the server's thread. `null` for an in-memory database, which no other
 * connection can see.
 */
export function openReadOnlyDb(database: Config['database']): Db | null {
  if (database.kind === 'postgres') return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.url, max: 1, options: '-c default_transaction_read_only=on' }) }) });
  if (database.file === ':memory:') return null;
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(database.file, { readOnly: true }) }) });
}

/** The embedded database: destroying it also ends its reader thread. */
class NodeSqliteDialect extends SqliteDialect {
  readonly #reader: Db;
  constructor(database: ReturnType<typeof openNodeSqlite>, reader: Db) {
    super({ database });
    this.#reader = reader;
  }
  override createDriver() {
    const driver = super.createDriver();
    const destroy = driver.destroy.bind(driver);
    driver.destroy = async () => {
      await this.#reader.destroy();
      await destroy();
    };
    return driver;
  }
}

const readers = new WeakMap<Db, Db>();

/**
 * Where a heavy read that needs no transaction runs (decision 024, the event loop): on the embedded
 * SQLite file, a read-only connection in a worker thread (db/sqlite-reader.ts), so the statement does
 * not hold the event loop; on PostgreSQL, in a transaction, or on an in-memory database, `db` itself.
 * It sees every commit made before the call; it must not be used for a read that a write in the same
 * transaction depends on.
 */
export function readerOf(db: Db): Db {
  return readers.get(db) ?? db;
}

const changeMarks = new WeakMap<Db, () => string>();

/**
 * The embedded database's change mark (sqlite-node.ts): unchanged, nothing read from `db` before it
 * can be stale, so a read may be kept in memory under it. Undefined on PostgreSQL, where other
 * servers write without this one seeing it: nothing is kept that way there.
 */
export function changeMarkOf(db: Db): (() => string) | undefined {
  return changeMarks.get(db);
}

export { isPostgres } from './dialect.ts';

/**
 * After a bulk write by a process of its own (`npm run screening-load`, decision 054): on the embedded
 * file, copies the write-ahead log into the database and empties it. While a server holds the file
 * open, a closing tool cannot remove its log, and a log of a million rows' pages left behind makes
 * every read of every server look its pages up in the log's index (kyc-info's p99 doubled until the
 * next write reset it). Nothing to do on PostgreSQL.
 */
export async function truncateWriteAheadLog(db: Db): Promise<void> {
  if (!isPostgresDb(db as unknown as Kysely<unknown>)) await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(db);
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Applies pending migrations. Returns true when the database was new (no migration had run), which
 * is when demo users are created.
 */
export async function migrate(db: Db): Promise<{ wasNew: boolean }> {
  const migrator = new Migrator({ db, provider });
  const before = await migrator.getMigrations();
  const wasNew = before.every((m) => m.executedAt === undefined);
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error')?.migrationName ?? 'unknown';
    throw new Error(`Migration ${failed} failed`, { cause: error });
  }
  return { wasNew };
}

/** Current time as the ISO text stored in every timestamp column. */
export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}
