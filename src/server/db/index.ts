import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { Migrator, type MigrationProvider } from 'kysely/migration';
import pg from 'pg';
import type { Config } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';
import { openNodeSqlite } from './sqlite-node.ts';

export type Db = Kysely<Database>;
export type { Database } from './schema.ts';

/**
 * Opens the configured database (embedded SQLite file, or PostgreSQL when DATABASE_URL says so).
 * `onConnectionError` hears about PostgreSQL connections that die while idle (a server restart or
 * failover): without a listener, node-postgres would throw that from an event emitter and end the
 * process; with it, the pool drops the connection and opens a new one for the next query.
 */
export function createDb(database: Config['database'], onConnectionError: (err: Error) => void = () => {}): Db {
  if (database.kind === 'postgres') {
    const pool = new pg.Pool({ connectionString: database.url, max: 10 });
    pool.on('error', onConnectionError);
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  if (database.file !== ':memory:') mkdirSync(path.dirname(database.file), { recursive: true });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: openNodeSqlite(database.file) }) });
}

export { isPostgres } from './dialect.ts';

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
