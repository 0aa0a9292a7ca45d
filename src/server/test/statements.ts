import { AsyncLocalStorage } from 'node:async_hooks';
import type { App } from '../app.ts';

/**
 * The SQL a piece of a test ran on the app's database (every statement through Kysely's executor,
 * batched and compiled-once ones included): what a cache test counts to tell a kept reply from a
 * built one. Only the statements run on behalf of `work` count: a background runner polling
 * meanwhile (the screening jobs' runner) runs outside its async context.
 */
export function watchStatements(app: App): <T>(work: () => Promise<T>) => Promise<{ value: T; statements: string[] }> {
  const current = new AsyncLocalStorage<string[]>();
  const proto = Object.getPrototypeOf(app.db.getExecutor()) as { executeQuery: (...args: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  proto.executeQuery = function (this: unknown, ...args: unknown[]) {
    current.getStore()?.push((args[0] as { sql: string }).sql);
    return original.apply(this, args);
  };
  return async (work) => {
    const statements: string[] = [];
    // Awaited inside the context: app.inject's reply is a thenable that only dispatches when awaited.
    return { value: await current.run(statements, async () => await work()), statements };
  };
}
