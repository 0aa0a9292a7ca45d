import { sql, type Expression, type InsertQueryBuilder, type InsertResult, type Kysely, type SqlBool } from 'kysely';
import { isPostgres } from './dialect.ts';

/**
 * Statements over a list of values whose SQL text does not depend on the list's length (decision 075).
 * On PostgreSQL each text is prepared once per connection (pg-prepared.ts); `in ($1, …, $n)` and a
 * VALUES of n rows are a new text for every n, so a batch of a different size is parsed, analysed and
 * planned again, and past pg-prepared's cap nothing of the connection is prepared any more. The relay
 * (a thousand deliveries a second, batches of any size) spent more of its database connection's time
 * so than executing. On PostgreSQL the list is one array parameter; SQLite has no arrays and prepares
 * nothing across calls, so it keeps the plain list.
 */

/** `column IN (values)`: PostgreSQL `column = any($1)`. `values` must not be empty. */
export function inValues<DB>(db: Kysely<DB>, column: string, values: readonly unknown[]): Expression<SqlBool> {
  if (isPostgres(db as unknown as Kysely<unknown>)) return sql<SqlBool>`${sql.ref(column)} = any(${[...values]})`;
  return sql<SqlBool>`${sql.ref(column)} in (${sql.join([...values])})`;
}

/** A column's PostgreSQL type: the element type of its array in `insertRows`. */
export type ColumnType = 'text' | 'int4' | 'int8';

/**
 * `INSERT INTO table` of these rows, to finish (`onConflict`, `execute`). On PostgreSQL an INSERT …
 * SELECT from `unnest` of one array per column, typed by `types` (every column, in order); on SQLite a
 * VALUES of the rows. Every row gives every column of `types`: a missing one is NULL, not its default.
 */
export function insertRows<DB, TB extends keyof DB & string, R extends Record<string, unknown>>(db: Kysely<DB>, table: TB, types: { [K in keyof R & string]: ColumnType }, rows: readonly R[]): InsertQueryBuilder<DB, TB, InsertResult> {
  const into = db.insertInto(table);
  if (!isPostgres(db as unknown as Kysely<unknown>)) return into.values(rows as never);
  const columns = Object.keys(types) as (keyof R & string)[];
  return into.columns(columns as never).expression(sql`select * from unnest(${sql.join(columns.map((c) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(types[c])}[]`))})` as never);
}
