import type { Db } from '../../db/index.ts';

export interface WindowCount {
  count: number;
  /** Milliseconds until the current window ends. */
  resetInMs: number;
}

/**
 * Fixed-window counters kept in the database, so throttling holds across several server processes.
 * Counts one event for `key` and returns the count in the current window. One atomic upsert: parallel
 * requests each get their own count (a read-then-write would let them all see the same one).
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const nowIso = new Date(now).toISOString();
  // ISO-8601 UTC text sorts like time: a window that started at or before the cutoff has ended.
  const cutoff = new Date(now - windowMs).toISOString();
  const row = await db
    .insertInto('rate_limits')
    .values({ key, window_start: nowIso, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({
        // Both expressions read the row as it was before this statement.
        count: eb.case().when('rate_limits.window_start', '<=', cutoff).then(1).else(eb('rate_limits.count', '+', 1)).end(),
        window_start: eb.case().when('rate_limits.window_start', '<=', cutoff).then(nowIso).else(eb.ref('rate_limits.window_start')).end(),
      })),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), resetInMs: Math.max(0, Date.parse(row.window_start) + windowMs - now) };
}

export async function resetCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
