import { setImmediate as nextTurn } from 'node:timers/promises';
import { DomainEventCatalog, type DomainEventData, type DomainEventType } from '../../../shared/events.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './events.repo.ts';

/** An event as a subscriber receives it: its payload parsed with its type's schema, and who made the change. */
export interface SubscribedEvent<T extends DomainEventType = DomainEventType> {
  id: string;
  type: T;
  position: number;
  userId: string | null;
  /** When the change happened. */
  createdAt: string;
  data: DomainEventData<T>;
  /** Who made the change (the system for events written before migration 042). */
  actor: Actor;
}

export interface SubscriberContext {
  /**
   * Runs `effect` at most once for this event and subscriber (an e-mail): a redelivered event finds
   * it claimed and skips it; a failing effect gives its claim back, so the retry does it. A crash
   * between the claim and the effect's end loses it rather than doing it twice.
   */
  once(effect: () => Promise<void>): Promise<void>;
}

/**
 * A module's reaction to domain events (decision 057): a named consumer of the outbox, run after the
 * commit, with its own durable cursor. At least once: `handle` may see an event again (a lease run out,
 * a crash before the cursor moved), so it must be harmless to run twice — check the state it would
 * change, or put an outside effect in `ctx.once`. An error retries the same event later (in order).
 */
export interface EventSubscriber<T extends DomainEventType = DomainEventType> {
  /** Stable: the cursor's key (renaming one starts it again from the first event). */
  name: string;
  types: readonly T[];
  handle(event: SubscribedEvent<T>, ctx: SubscriberContext): Promise<void>;
}

/**
 * Retries of a failing event: fast first, then spread (±20 % jitter); after the last (about 16 h in
 * all) the event is passed over for this subscriber — audited and logged, so one bad event does not
 * hold every later one back for good.
 */
export const SUBSCRIBER_RETRY_DELAYS_MS = [1_000, 5_000, 30_000, 120_000, 600_000, 1_800_000, 3_600_000, 7_200_000, 14_400_000, 28_800_000] as const;
/** How long a server holds a subscriber it took; each handled event extends it. */
const LEASE_MS = 120_000;
const BATCH = 200;
const SYSTEM: Actor = { type: 'system', id: null };

const later = (ms: number) => nowIso(new Date(Date.now() + ms));
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/** A stored event as its subscribers receive it. */
export function subscribedEvent(e: repo.EventRow): SubscribedEvent {
  const type = e.type as DomainEventType;
  const data = DomainEventCatalog[type].data.parse(JSON.parse(e.data)) as DomainEventData<DomainEventType>;
  const actor = e.actor_type ? ({ type: e.actor_type, id: e.actor_id } as Actor) : SYSTEM;
  return { id: e.id, type, position: e.position!, userId: e.user_id, createdAt: e.created_at, data, actor };
}

/**
 * Runs every subscriber over the events after its cursor (`sequence` first gives committed events their
 * positions). Each subscriber is taken by one server at a time (a compare-and-set lease on its row,
 * as the relay takes a delivery); its cursor moves after each handled event while the lease is its own.
 * Resolves with how many events were handled.
 */
export function createSubscriberPass({ db, sequence, subscribers, onError }: { db: Db; sequence: () => Promise<number>; subscribers: readonly EventSubscriber[]; onError: (err: unknown) => void }) {
  const contextFor = (name: string, eventId: string): SubscriberContext => ({
    async once(effect) {
      if (!(await repo.claim(db, name, eventId, nowIso()))) return;
      try {
        await effect();
      } catch (err) {
        await repo.unclaim(db, name, eventId);
        throw err;
      }
    },
  });

  async function runOne(s: EventSubscriber, newest: number): Promise<number> {
    const now = nowIso();
    const row = await repo.ensureSubscriber(db, s.name, now);
    // Nothing new for it: no write (every server runs a pass every second).
    if (row.cursor >= newest) return 0;
    if ((row.lease_until !== null && row.lease_until > now) || (row.due_at !== null && row.due_at > now)) return 0;
    let leased = later(LEASE_MS);
    if (!(await repo.leaseSubscriber(db, row, leased))) return 0;
    let attempts = row.attempts;
    let handled = 0;
    // `passed`: every event up to here is handled (or not this subscriber's); the stored cursor moves
    // there once a batch, not once an event (a thousand events a second would be a thousand writes a
    // subscriber). The handlers are idempotent: a server stopping mid-batch leaves those events to the
    // next one, handled again.
    let passed = row.cursor;
    let stored = row.cursor;
    const advance = async (to: number) => {
      const next = later(LEASE_MS);
      // Lost (this pass outlived its lease and another server took over): that one goes on.
      if (!(await repo.advanceSubscriber(db, s.name, leased, to, next, nowIso()))) return false;
      leased = next;
      stored = to;
      return true;
    };
    try {
      for (;;) {
        // Only its types are read (decision 074): the others are neither fetched nor parsed.
        const events = await repo.eventsAfter(db, passed, BATCH, 'exchange', { types: s.types });
        for (const e of events) {
          // One event at a time on the event loop: a batch never holds users' requests back for longer
          // than one event's handling (a thousand events a second are thousands of parses).
          await nextTurn();
          try {
            await s.handle(subscribedEvent(e), contextFor(s.name, e.id));
            handled++;
          } catch (err) {
            attempts++;
            const message = String((err as Error)?.message ?? err);
            onError(err);
            if (attempts <= SUBSCRIBER_RETRY_DELAYS_MS.length) {
              // Before it, what was passed over is done: the retry starts at this event.
              if (passed > stored && !(await advance(passed))) return handled;
              await repo.failSubscriber(db, s.name, leased, attempts, later(jittered(SUBSCRIBER_RETRY_DELAYS_MS[attempts - 1]!)), message, nowIso());
              return handled;
            }
            await recordAudit(db, SYSTEM, { action: 'events.subscriber.skip', entityType: 'domain_event', entityId: e.id, after: { subscriber: s.name, attempts, error: message.slice(0, 500) } });
          }
          attempts = 0;
          passed = e.position!;
        }
        if (events.length < BATCH) {
          // Its events are all read: every event up to `newest` (all visible before the read) that is
          // not of its types is passed too, so its cursor keeps up (and the outbox can be pruned
          // behind it) even when none of its events come.
          passed = Math.max(passed, newest);
          if (passed > stored) await advance(passed);
          return handled;
        }
        if (!(await advance(passed))) return handled;
      }
    } finally {
      await repo.releaseSubscriber(db, s.name, leased);
    }
  }

  return async function runSubscribers(): Promise<number> {
    if (subscribers.length === 0) return 0;
    await sequence();
    const newest = await repo.maxPosition(db);
    let handled = 0;
    for (const s of subscribers) {
      try {
        handled += await runOne(s, newest);
      } catch (err) {
        // A database error outside a handler: the lease runs out and the next pass goes on.
        onError(err);
      }
    }
    return handled;
  };
}
