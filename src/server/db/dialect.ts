import { PostgresAdapter, type Kysely } from 'kysely';

/**
 * Which SQL dialect a database speaks. Its own module (not db/index.ts) because migrations need it
 * and db/index.ts imports the migrations: asking index.ts would make an import cycle.
 */
export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}
