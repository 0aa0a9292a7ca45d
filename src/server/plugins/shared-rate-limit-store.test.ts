import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/test-app.ts';
import { sharedRateLimitStore } from './shared-rate-limit-store.ts';

/**
 * The shared per-IP ceiling's store (decision 024): every request counted in the database before it
 * is answered, each with its own place in the count, but with at most one upsert in flight per key
 * and process (the requests that arrive meanwhile are counted together by the next one).
 */
let app: App;
let close: () => Promise<void>;
let upserts = 0;

beforeAll(async () => {
  ({ app, close } = await createTestApp());
  const proto = Object.getPrototypeOf(app.db.getExecutor()) as { executeQuery: (...args: unknown[]) => Promise<unknown> };
  const original = proto.executeQuery;
  proto.executeQuery = function (this: unknown, ...args: unknown[]) {
    if ((args[0] as { sql: string }).sql.startsWith('insert into "rate_limits"')) upserts++;
    return original.apply(this, args);
  };
});
afterAll(() => close());

const incr = (store: { incr: (key: string, reply: (err: Error | null, r?: { current: number; ttl: number }) => void, window: number) => void }, key: string) =>
  new Promise<{ current: number; ttl: number }>((resolve, reject) => store.incr(key, (err, r) => (err ? reject(err) : resolve(r!)), 60_000));

const stored = async (key: string) => Number((await app.db.selectFrom('rate_limits').select('count').where('key', '=', `http:global:${key}`).executeTakeFirstOrThrow()).count);

it('one request at a time: one upsert each, counts 1, 2, 3', async () => {
  const Store = sharedRateLimitStore(app.db);
  const store = new Store();
  upserts = 0;
  const counts = [(await incr(store, 'one')).current, (await incr(store, 'one')).current, (await incr(store, 'one')).current];
  expect(counts).toEqual([1, 2, 3]);
  expect(upserts).toBe(3);
  expect(await stored('one')).toBe(3);
});

it('requests at once: each counted once, with its own place, in far fewer upserts', async () => {
  const Store = sharedRateLimitStore(app.db);
  const store = new Store();
  upserts = 0;
  const replies = await Promise.all(Array.from({ length: 40 }, () => incr(store, 'burst')));
  expect(replies.map((r) => r.current).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  expect(replies.every((r) => r.ttl > 0 && r.ttl <= 60_000)).toBe(true);
  // The first is counted alone; the 39 that arrived while it was in flight, by the next upsert.
  expect(upserts).toBe(2);
  expect(await stored('burst')).toBe(40);
});

it('two processes (two stores) on one database keep one count', async () => {
  const [A, B] = [sharedRateLimitStore(app.db), sharedRateLimitStore(app.db)];
  const [a, b] = [new A(), new B()];
  const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => incr(i % 2 ? a : b, 'shared')));
  expect(replies.map((r) => r.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  expect((await incr(a, 'shared')).current).toBe(21);
  expect(await stored('shared')).toBe(21);
});

it('a failed upsert fails every request it counted, and the next one counts again', async () => {
  const Store = sharedRateLimitStore(app.db);
  const store = new Store();
  const proto = Object.getPrototypeOf(app.db.getExecutor()) as { executeQuery: (...args: unknown[]) => Promise<unknown> };
  const working = proto.executeQuery;
  proto.executeQuery = function (this: unknown, ...args: unknown[]) {
    if ((args[0] as { sql: string }).sql.startsWith('insert into "rate_limits"')) return Promise.reject(new Error('database gone'));
    return working.apply(this, args);
  };
  try {
    const failed = await Promise.allSettled(Array.from({ length: 3 }, () => incr(store, 'failing')));
    expect(failed.map((r) => r.status)).toEqual(['rejected', 'rejected', 'rejected']);
  } finally {
    proto.executeQuery = working;
  }
  expect((await incr(store, 'failing')).current).toBe(1);
});
