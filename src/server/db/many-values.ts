import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
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

/**
 * The rows to insert as a `SELECT` of one array per column (`unnest`), for PostgreSQL:
 * `insertInto(t).columns(names).expression(rowsOf(…))`. `types` gives each column's PostgreSQL type
 * (the array's element type), in the order of the columns. Every row gives every column (a missing
 * one is NULL, not the column's default).
 */
export function rowsOf<R extends Record<string, unknown>>(rows: readonly R[], types: { [K in keyof R & string]: 'text' | 'int4' | 'int8' }): RawBuilder<unknown> {
  const columns = Object.keys(types) as (keyof R & string)[];
  return sql`select * from unnest(${sql.join(columns.map((c) => sql`${rows.map((r) => r[c] ?? null)}::${sql.raw(types[c])}[]`))})`;
}
