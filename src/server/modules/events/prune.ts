import type { Db } from '../../db/index.ts';

/**
 * Where a reader of the outbox has got to: the highest position it has fully taken (null: it holds
 * nothing back). The enabled webhook endpoints' fan-out cursors are one, the in-process
 * subscribers' cursors (decision 057) another.
 */
export type CursorFloor = (db: Db) => Promise<number | null>;

/** The lowest fan-out cursor of the enabled endpoints (a disabled one holds nothing back: see decision 061). */
export const enabledEndpointsFloor: CursorFloor = async (db) => {
  const r = await db.selectFrom('webhook_endpoints').select((eb) => eb.fn.min('cursor_seq').as('m')).where('status', '=', 'ENABLED').executeTakeFirst();
  return r?.m === null || r?.m === undefined ? null : Number(r.m);
};

/** The lowest cursor of the in-process subscribers (decision 057): an event they have not handled stays. */
export const subscribersFloor: CursorFloor = async (db) => {
  const r = await db.selectFrom('event_subscribers').select((eb) => eb.fn.min('cursor').as('m')).executeTakeFirst();
  return r?.m === null || r?.m === undefined ? null : Number(r.m);
};

export interface PruneOptions {
  /** Events older than this many days may go; 0: kept for ever. */
  retentionDays: number;
  /** Readers whose cursor an event must be behind: the endpoints' and the subscribers' (the default). */
  cursorFloors?: readonly CursorFloor[];
  batchSize?: number;
  /** At most this many batches a call (the next pass goes on). */
  maxBatches?: number;
  now?: Date;
}

/**
 * Deletes outbox events (decision 061) older than the retention that every reader has passed: an
 * enabled endpoint's cursor (and any other cursor floor) is at or beyond the event's position, and no
 * delivery of it is still PENDING (its retries read the event). Delivery rows and the delivery log
 * stay as they are kept today (with their endpoint): they name the event's id, not its body. In
 * bounded batches; two servers pruning at once delete the same rows harmlessly. Returns how many.
 */
export async function pruneEvents(db: Db, opts: PruneOptions): Promise<number> {
  if (opts.retentionDays <= 0) return 0;
  const batchSize = opts.batchSize ?? 500;
  const before = new Date((opts.now ?? new Date()).getTime() - opts.retentionDays * 86_400_000).toISOString();
  const floors = (await Promise.all((opts.cursorFloors ?? [enabledEndpointsFloor, subscribersFloor]).map((f) => f(db)))).filter((n): n is number => n !== null);
  const floor = floors.length > 0 ? Math.min(...floors) : null;
  let pruned = 0;
  for (let batch = 0; batch < (opts.maxBatches ?? 20); batch += 1) {
    const rows = await db
      .selectFrom('domain_events as e')
      .select('e.seq')
      .where('e.created_at', '<', before)
      .where('e.position', 'is not', null)
      .$if(floor !== null, (qb) => qb.where('e.position', '<=', floor!))
      .where((eb) => eb.not(eb.exists(eb.selectFrom('webhook_deliveries as d').select('d.id').whereRef('d.event_id', '=', 'e.id').where('d.status', '=', 'PENDING'))))
      .orderBy('e.created_at')
      .limit(batchSize)
      .execute();
    if (rows.length === 0) break;
    const r = await db.deleteFrom('domain_events').where('seq', 'in', rows.map((x) => x.seq)).executeTakeFirst();
    pruned += Number(r.numDeletedRows);
    if (rows.length < batchSize) break;
  }
  return pruned;
}
