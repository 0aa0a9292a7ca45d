import { changeMarkOf, type Db } from './index.ts';

/**
 * Reads kept in memory while the embedded database has not changed at all: each is kept under the
 * database's change mark (`changeMarkOf`) taken before it was read, and served again while the mark
 * is the same, so no read is served that a commit made before it was asked for would have changed
 * (another connection's: made a millisecond before or more, sqlite-node.ts).
 * Any write moves the mark and the next read of every key goes to the database again. For reads that
 * every request makes while little is written (the session behind a cookie): under load, the
 * statement, even a cheap one, was the largest single share of a signed-in request's CPU.
 *
 * On PostgreSQL (no mark: other servers write unseen) every read goes to the database. Nothing
 * absent is kept (a lookup of an unknown key is not remembered), and a kept value `usable` refuses
 * (expired) is read again.
 */
export function createUnchangedCache<K, V>(db: Db, capacity: number) {
  const markOf = changeMarkOf(db);
  // A Map iterates in insertion order: re-inserting on each hit makes its first key the least recently read.
  const entries = new Map<K, { mark: string; value: V }>();
  let hits = 0;

  return {
    async read(key: K, load: () => Promise<V | undefined>, usable: (value: V) => boolean = () => true): Promise<V | undefined> {
      if (!markOf) return load();
      const mark = markOf();
      const hit = entries.get(key);
      if (hit && hit.mark === mark && usable(hit.value)) {
        entries.delete(key);
        entries.set(key, hit);
        hits++;
        return hit.value;
      }
      const value = await load();
      entries.delete(key);
      if (value !== undefined) {
        entries.set(key, { mark, value });
        if (entries.size > capacity) entries.delete(entries.keys().next().value!);
      }
      return value;
    },
    /** For tests and diagnostics: reads served from memory so far, and how many are held. */
    stats: () => ({ hits, size: entries.size }),
  };
}
