import type { RouteOptions } from 'fastify';
import type { Db } from '../db/index.ts';
import { countHit, peekCount } from '../modules/throttle/throttle.service.ts';

type Reply = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store whose counters are rows of the database (the fixed windows login and
 * uploads already count in), so N server processes on one PostgreSQL enforce one per-IP ceiling
 * instead of N of them (decision 024, "Scale-out"). Only servers on a shared database use it: the
 * embedded server is one process and counts in memory. A route with its own limit gets counters of
 * its own (`child`), as with the in-memory store.
 *
 * Counted in groups (decision 024, eighth change): one upsert per request made every request from
 * one address wait for the same row's lock in turn (all of a busy client's, or a NAT's), the
 * slowest part of every API call on PostgreSQL. Now a process has at most one upsert in flight per
 * key; the requests that arrive meanwhile are counted together by the next one (`by` = their number)
 * and each gets its own place in the count it returns, as if they had been counted one by one. The
 * count is as exact as before (every request is in the database before it is answered); only the
 * number of statements drops under load.
 */
export function sharedRateLimitStore(db: Db, namespace = 'http:global') {
  /** Per key: whether an upsert is in flight, and the requests waiting for the next one. */
  const groups = new Map<string, { inFlight: boolean; waiting: Reply[] }>();

  function flush(key: string, timeWindow: number): void {
    const group = groups.get(key)!;
    const batch = group.waiting;
    group.waiting = [];
    group.inFlight = true;
    countHit(db, key, timeWindow, Date.now(), batch.length)
      .then(
        (hit) => batch.forEach((reply, i) => reply(null, { current: hit.count - batch.length + 1 + i, ttl: hit.resetInMs })),
        (err: Error) => batch.forEach((reply) => reply(err)),
      )
      .finally(() => {
        group.inFlight = false;
        if (group.waiting.length > 0) flush(key, timeWindow);
        else groups.delete(key);
      });
  }

  return class SharedRateLimitStore {
    incr(key: string, reply: Reply, timeWindow: number): void {
      const counted = `${namespace}:${key}`;
      const group = groups.get(counted) ?? { inFlight: false, waiting: [] };
      groups.set(counted, group);
      group.waiting.push(reply);
      if (!group.inFlight) flush(counted, timeWindow);
    }

    read(key: string, reply: Reply, timeWindow: number): void {
      peekCount(db, `${namespace}:${key}`, timeWindow).then(
        (seen) => reply(null, { current: seen.count, ttl: seen.resetInMs }),
        (err: Error) => reply(err),
      );
    }

    /** The plugin passes the route's merged limit options, with the route itself as `routeInfo`. */
    child(routeOptions: RouteOptions & { routeInfo?: RouteOptions }): SharedRateLimitStore {
      const route = routeOptions.routeInfo ?? routeOptions;
      const Child = sharedRateLimitStore(db, `http:${[route.method].flat().join(',')}:${route.url}`);
      return new Child();
    }
  };
}
