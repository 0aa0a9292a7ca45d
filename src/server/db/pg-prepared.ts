import { createHash } from 'node:crypto';
import type pg from 'pg';

/**
 * PostgreSQL statements prepared once per connection (decision 024, eighth change). Kysely hands
 * node-postgres unnamed statements, which the server parses, analyses and plans again on every call;
 * the app's statements are a fixed set of texts (parameters vary, the SQL does not), so each is given
 * a name derived from its text and node-postgres prepares it the first time a connection runs it and
 * only binds and executes it afterwards. Only plain DML and queries are named (not DDL, transaction
 * control or raw maintenance), and at most `MAX_NAMED` texts per connection (a text built from a
 * variable-length list is a new text per length: past the cap it runs unnamed, as before).
 * A migration that changes a table's columns must be followed by a restart of every server (their
 * prepared `select *` would no longer match): the servers run migrations at start, so this is the
 * deployment they already need. Behind a pooler in transaction mode, turn it off
 * (`DATABASE_PREPARED_STATEMENTS=false`).
 */
export const MAX_NAMED = 500;

const NAMED = /^\s*(select|insert|update|delete|with)\b/i;

type Query = (...args: unknown[]) => unknown;

export function prepareStatementsOf(client: pg.PoolClient): void {
  const names = new Map<string, string>();
  const query = client.query.bind(client) as Query;
  (client as unknown as { query: Query }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2 || !NAMED.test(text)) return query(...args);
    let name = names.get(text);
    if (!name) {
      if (names.size >= MAX_NAMED) return query(...args);
      name = `k${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
      names.set(text, name);
    }
    return query({ name, text, values });
  };
}
