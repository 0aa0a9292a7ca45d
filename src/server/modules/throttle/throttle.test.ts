import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { acquireAttempt, backoffDelayMs, countHit, releaseAttempt } from './throttle.repo.ts';

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

describe('backoff (login)', () => {
  const rule = { free: 2, baseDelayMs: 1000, maxDelayMs: 5000, forgetAfterMs: 60_000 };

  it('delays: none while free, then doubling up to the maximum', () => {
    expect([0, 1, 2, 3, 4, 5, 40].map((f) => backoffDelayMs(f, rule))).toEqual([0, 0, 1000, 2000, 4000, 5000, 5000]);
  });

  it('reserves attempts, refuses with the wait, releases a success, forgets after a quiet window', async () => {
    const t0 = Date.parse('2026-02-01T00:00:00.000Z');
    const a = await acquireAttempt(app.db, 'b', rule, t0);
    const b = await acquireAttempt(app.db, 'b', rule, t0 + 10);
    expect([a.allowed, b.allowed]).toEqual([true, true]);
    expect(await acquireAttempt(app.db, 'b', rule, t0 + 500)).toEqual({ allowed: false, retryAfterMs: 510 });
    // A refusal changes nothing; after the wait the next attempt goes ahead.
    const c = await acquireAttempt(app.db, 'b', rule, t0 + 1010);
    expect(c.allowed).toBe(true);
    // It was a success: its count and time are taken back, so the wait is measured from b again.
    if (c.allowed) await releaseAttempt(app.db, c.reservation);
    expect(await app.db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', 'b').executeTakeFirst()).toEqual({ count: 2, window_start: new Date(t0 + 10).toISOString() });
    expect((await acquireAttempt(app.db, 'b', rule, t0 + 61_011)).allowed).toBe(true);
    expect(await app.db.selectFrom('rate_limits').select('count').where('key', '=', 'b').executeTakeFirst()).toEqual({ count: 1 });
  });

  it('parallel attempts past the free ones: exactly one gets each slot', async () => {
    const now = Date.now();
    for (let i = 0; i < 2; i++) await acquireAttempt(app.db, 'p', rule, now - 10_000);
    const results = await Promise.all(Array.from({ length: 10 }, () => acquireAttempt(app.db, 'p', rule, now)));
    expect(results.filter((r) => r.allowed)).toHaveLength(1);
  });
});
