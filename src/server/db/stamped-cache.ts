import { immutableResult } from '../immutable-result.ts';
import { readChangeStamps, WATCHED_TABLES, type ChangeStamps } from './change-stamps.ts';
import type { Db } from './index.ts';
import { tracked } from './read-tracking.ts';

/**
 * Results built from a user's rows, kept per key and checked against the user's change stamps
 * (decision 024, eighth change): served again while nothing they were built from changed. The
 * database's own triggers (migrations 024, 030, 039) move the stamps in the writing transaction,
 * whichever server wrote, for the tables listed in `WATCHED_TABLES`.
 *
 * A result is kept only when building it read nothing but those tables and wrote nothing; anything
 * else (a table without a trigger, raw SQL) is built afresh every time, never stale. The stamps are
 * read before the result is built, so a change committed meanwhile makes the next read build again.
 * Kept results are frozen (one object is every later reader's reply, its JSON made once).
 */
export function createStampedCache<V>(db: Db, capacity: number) {
  // A Map iterates in insertion order: re-inserting on each hit makes its first key the least recently read.
  const entries = new Map<string, { version: ChangeStamps; value: V }>();
  let kept = 0;
  let refused = 0;

  return {
    /**
     * The value under `key` (the user's, among others): the kept one while `userId`'s stamps are
     * unchanged, else `build()`'s. `stamps`: the user's stamps when the request already read them
     * (with its session); read here otherwise.
     */
    async read(key: string, userId: string, build: () => Promise<V>, stamps?: ChangeStamps): Promise<V> {
      const version = stamps ?? (await readChangeStamps(db, userId));
      const hit = entries.get(key);
      if (hit?.version === version) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.value;
      }
      const { value: built, use } = await tracked(build);
      const value = immutableResult(built);
      entries.delete(key);
      if (!use.wrote && !use.opaque && [...use.tables].every((t) => WATCHED_TABLES.has(t))) {
        entries.set(key, { version, value });
        if (entries.size > capacity) entries.delete(entries.keys().next().value!);
        kept++;
      } else {
        refused++;
      }
      return value;
    },
    /** For tests and diagnostics: results kept and refused so far, and how many are held. */
    stats: () => ({ kept, refused, size: entries.size }),
  };
}
