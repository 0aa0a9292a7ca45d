import type { RouteOptions } from 'fastify';
import type { Db } from '../db/index.ts';
import { countHit, peekCount } from '../modules/throttle/throttle.service.ts';

type Reply = (err: Error | null, result?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store whose counters are rows of the database (the fixed windows login and
 * uploads already count in), so N server processes on one PostgreSQL enforce one per-IP ceiling
 * instead of N of them (decision 024, "Scale-out"). Costs one upsert per request, which is why only
 * servers on a shared database use it: the embedded server is one process and counts in memory.
 * A route with its own limit gets counters of its own (`child`), as with the in-memory store.
 */
export function sharedRateLimitStore(db: Db, namespace = 'http:global') {
  return class SharedRateLimitStore {
    incr(key: string, reply: Reply, timeWindow: number): void {
      countHit(db, `${namespace}:${key}`, timeWindow).then(
        (hit) => reply(null, { current: hit.count, ttl: hit.resetInMs }),
        (err: Error) => reply(err),
      );
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
