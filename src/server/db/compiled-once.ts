import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import { noteStatement } from './read-tracking.ts';

/**
 * A statement that Kysely builds and compiles once per database dialect (and per length of each list
 * argument), then runs again with other values. Building a query and compiling it to SQL was a fifth
 * of the server's CPU time in the calls every page makes (the session lookup, the profile), more than
 * running the statement (decision 034): Kysely builds an immutable tree per call and walks it again.
 *
 * `build` receives a marker string in place of each argument (an array of markers for a list) and
 * must pass them to Kysely as values (`where(col, '=', x)`, `in` lists), never into raw SQL or
 * identifiers: the SQL is compiled once with the markers as parameters, and each run swaps the
 * markers for the arguments. A marker found in the SQL text, or one missing from the parameters, is
 * refused when compiling. The statement still goes through the Kysely instance it runs on (its
 * connection or transaction, its result plugins); the read tracking of kyc-info's cache sees it as if
 * it had been compiled again.
 */
export function compiledOnce<DB, A extends (string | readonly string[])[], R>(build: (db: Kysely<DB>, ...args: A) => Compilable<R>) {
  const compiledByAdapter = new WeakMap<object, Map<string, CompiledQuery<R>>>();

  function compile(db: Kysely<DB>, args: A, shape: string): CompiledQuery<R> {
    const markers = args.map((arg, i) => (typeof arg === 'string' ? marker(i) : arg.map((_, j) => marker(i, j)))) as A;
    const compiled = build(db, ...markers).compile();
    const all = markers.flat();
    if (compiled.sql.includes('\u0000')) throw new Error('compiledOnce: an argument reached the SQL text; pass it as a value');
    const missing = all.filter((m) => !compiled.parameters.includes(m));
    if (missing.length) throw new Error(`compiledOnce: arguments not used as parameters (${missing.length})`);
    let byShape = compiledByAdapter.get(db.getExecutor().adapter);
    if (!byShape) compiledByAdapter.set(db.getExecutor().adapter, (byShape = new Map()));
    byShape.set(shape, compiled);
    return compiled;
  }

  return async (q: Kysely<DB>, ...args: A): Promise<R[]> => {
    const shape = args.map((a) => (typeof a === 'string' ? 's' : String(a.length))).join(',');
    const compiled = compiledByAdapter.get(q.getExecutor().adapter)?.get(shape) ?? compile(q, args, shape);
    const values = new Map<unknown, string>();
    args.forEach((arg, i) => (typeof arg === 'string' ? values.set(marker(i), arg) : arg.forEach((v, j) => values.set(marker(i, j), v))));
    const parameters = compiled.parameters.map((p) => (values.has(p) ? values.get(p) : p));
    noteStatement(compiled.query);
    const result = await q.executeQuery<R>({ ...compiled, parameters });
    return result.rows;
  };
}

/** The marker of argument i (element j of a list): a string no real argument contains. */
const marker = (i: number, j?: number) => `\u0000arg${i}${j === undefined ? '' : `.${j}`}\u0000`;
