import { afterAll, beforeAll, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { countHit } from './throttle.repo.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp()));
afterAll(async () => close());

it('counts within a window and starts a new one when it ends', async () => {
  const t0 = Date.parse('2026-01-01T00:00:00.000Z');
  expect(await countHit(app.db, 'k', 60_000, t0)).toEqual({ count: 1, resetInMs: 60_000 });
  expect(await countHit(app.db, 'k', 60_000, t0 + 10_000)).toEqual({ count: 2, resetInMs: 50_000 });
  expect(await countHit(app.db, 'k', 60_000, t0 + 60_000)).toEqual({ count: 1, resetInMs: 60_000 });
  const row = await app.db.selectFrom('rate_limits').selectAll().where('key', '=', 'k').executeTakeFirstOrThrow();
  expect(row).toMatchObject({ count: 1, window_start: '2026-01-01T00:01:00.000Z' });
});

it('parallel hits each get their own count (no lost updates)', async () => {
  const now = Date.now();
  const counts = (await Promise.all(Array.from({ length: 25 }, () => countHit(app.db, 'parallel', 60_000, now)))).map((c) => c.count);
  expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 25 }, (_, i) => i + 1));
});
