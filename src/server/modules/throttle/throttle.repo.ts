import type { Db } from '../../db/index.ts';

export interface WindowCount {
  count: number;
  /** Milliseconds until the current window ends. */
  resetInMs: number;
}

/**
 * Fixed-window counters kept in the database, so throttling holds across several server processes.
 * Counts `by` events (one unless a caller batches them) for `key` and returns the count in the current
 * window, those included. One atomic upsert: parallel requests each get their own count (a
 * read-then-write would let them all see the same one).
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now(), by = 1): Promise<WindowCount> {
  const nowIso = new Date(now).toISOString();
  // ISO-8601 UTC text sorts like time: a window that started at or before the cutoff has ended.
  const cutoff = new Date(now - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: by })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        // Both expressions read the row as it was before this statement.
        count: eb.case().when('rate_limits.window_start', '<=', cutoff).then(by).else(eb('rate_limits.count', '+', by)).end(),
        window_start: eb.case().when('rate_limits.window_start', '<=', cutoff).then(nowIso).else(eb.ref('rate_limits.window_start')).end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetInMs: Math.max(0, Date.parse(row.window_start) + windowMs - now) };
}

/** The count of `key`'s current window without counting (0 when its window has ended or it has none). */
export async function peekCount(db: Db, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
  const resetInMs = row ? Date.parse(row.window_start) + windowMs - now : 0;
  return resetInMs > 0 ? { count: Number(row!.count), resetInMs } : { count: 0, resetInMs: 0 };
}

export async function resetCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}

/**
 * Backoff after failures, for things an attacker must not be able to lock (login): a key's first
 * `free` failures cost nothing, then each further attempt must wait `baseDelayMs`, doubling per
 * failure up to `maxDelayMs`, counted from the previous attempt. Never a hard lock: the wait is
 * bounded and shows in `retryAfterMs`. Failures are forgotten after `forgetAfterMs` of quiet.
 */
export interface BackoffRule {
  free: number;
  baseDelayMs: number;
  maxDelayMs: number;
  forgetAfterMs: number;
}

/** An attempt that may go ahead; `release` it when it turns out not to be a failure. */
export interface Reservation {
  key: string;
  /** The row's last-attempt time before this attempt (null when it had none), and this attempt's. */
  previousAt: string | null;
  at: string;
}

export type Acquired = { allowed: true; reservation: Reservation } | { allowed: false; retryAfterMs: number };

/** The wait before attempt number `failures + 1`, given `failures` recent ones. */
export function backoffDelayMs(failures: number, rule: BackoffRule): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.maxDelayMs, rule.baseDelayMs * 2 ** Math.min(failures - rule.free, 30));
}

/**
 * Reserves one attempt for `key`, counted as a failure until released. Checked and counted in one
 * compare-and-set, so parallel attempts cannot all pass on the same old count: one wins each slot,
 * the others wait like anyone else. Rows live in `rate_limits`: `window_start` is the last
 * attempt's time, `count` the recent failures.
 */
export async function acquireAttempt(db: Db, key: string, rule: BackoffRule, now = Date.now()): Promise<Acquired> {
  const at = new Date(now).toISOString();
  for (let round = 0; round < 20; round++) {
    const row = await db.selectFrom('rate_limits').select(['count', 'window_start']).where('key', '=', key).executeTakeFirst();
    if (!row) {
      const inserted = await db.insertInto('rate_limits').values({ key, window_start: at, count: 1 }).onConflict((oc) => oc.column('key').doNothing()).returning('key').executeTakeFirst();
      if (inserted) return { allowed: true, reservation: { key, previousAt: null, at } };
      continue;
    }
    const last = Date.parse(row.window_start);
    const failures = now - last > rule.forgetAfterMs ? 0 : Number(row.count);
    const readyAt = last + backoffDelayMs(failures, rule);
    if (failures > 0 && now < readyAt) return { allowed: false, retryAfterMs: readyAt - now };
    const updated = await db
      .updateTable('rate_limits')
      .set({ count: failures + 1, window_start: at })
      .where('key', '=', key)
      .where('count', '=', row.count)
      .where('window_start', '=', row.window_start)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 1) return { allowed: true, reservation: { key, previousAt: row.window_start, at } };
    // Another attempt changed the row first: read it again.
  }
  return { allowed: false, retryAfterMs: rule.baseDelayMs };
}

/** Takes back a reservation that was not a failure (a successful login): its count and, if still the last, its time. */
export async function releaseAttempt(db: Db, reservation: Reservation): Promise<void> {
  await db
    .updateTable('rate_limits')
    .set((eb) => ({
      count: eb.case().when('count', '>', 0).then(eb('count', '-', 1)).else(0).end(),
      window_start: eb.case().when('window_start', '=', reservation.at).then(reservation.previousAt ?? reservation.at).else(eb.ref('window_start')).end(),
    }))
    .where('key', '=', reservation.key)
    .execute();
}

/** Remembers that `key` happened now (e.g. a successful login of an account from an IP). */
export async function markSeen(db: Db, key: string, now = Date.now()): Promise<void> {
  const at = new Date(now).toISOString();
  await db
    .insertInto('rate_limits')
    .values({ key, window_start: at, count: 1 })
    .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: at }))
    .execute();
}

/** Whether `key` was marked within the last `withinMs`. */
export async function seenWithin(db: Db, key: string, withinMs: number, now = Date.now()): Promise<boolean> {
  const row = await db.selectFrom('rate_limits').select('window_start').where('key', '=', key).executeTakeFirst();
  return row !== undefined && now - Date.parse(row.window_start) <= withinMs;
}
