import type { App } from '../app.ts';

/**
 * The SQL a piece of a test ran on the app's database (every statement through Kysely's executor,
 * batched and compiled-once ones included): what a cache test counts to tell a kept reply from a
 * built one.
 */
export function watchStatements(app: App): <T>(work: () => Promise<T>) => Promise<{ value: T; statements: string[] }> {
  let into: string[] | null = null;
  const proto = Object.getPrototypeOf(app.db.getExecutor()) as { executeQuery: (...args: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  proto.executeQuery = function (this: unknown, ...args: unknown[]) {
    into?.push((args[0] as { sql: string }).sql);
    return original.apply(this, args);
  };
  return async (work) => {
    const statements: string[] = [];
    into = statements;
    try {
      return { value: await work(), statements };
    } finally {
      into = null;
    }
  };
}
