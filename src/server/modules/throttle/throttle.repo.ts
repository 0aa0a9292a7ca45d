import type { Db } from '../../db/index.ts';

export interface WindowCount {
  count: number;
  /** Milliseconds until the current window ends. */
  resetInMs: number;
}

/**
 * Fixed-window counters kept in the database, so throttling holds across several server processes.
 * Counts one event for `key` and returns the count in the current window.
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
    const start = row ? Date.parse(row.window_start) : 0;
    if (!row || start + windowMs <= now) {
      const windowStart = new Date(now).toISOString();
      await trx
        .insertInto('rate_limits')
        .values({ key, window_start: windowStart, count: 1 })
        .onConflict((oc) => oc.column('key').doUpdateSet({ window_start: windowStart, count: 1 }))
        .execute();
      return { count: 1, resetInMs: windowMs };
    }
    const updated = await trx
      .updateTable('rate_limits')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('key', '=', key)
      .returning('count')
      .executeTakeFirstOrThrow();
    return { count: Number(updated.count), resetInMs: start + windowMs - now };
  });
}

/** The count in the current window without adding to it. */
export async function peekCount(db: Db, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const row = await db.selectFrom('rate_limits').selectAll().where('key', '=', key).executeTakeFirst();
  if (!row) return { count: 0, resetInMs: 0 };
  const start = Date.parse(row.window_start);
  if (start + windowMs <= now) return { count: 0, resetInMs: 0 };
  return { count: Number(row.count), resetInMs: start + windowMs - now };
}

export async function resetCount(db: Db, key: string): Promise<void> {
  await db.deleteFrom('rate_limits').where('key', '=', key).execute();
}
