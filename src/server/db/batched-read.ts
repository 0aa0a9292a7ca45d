/**
 * One statement for many lookups of the same kind under load: at most one read is in flight; the
 * keys asked for meanwhile wait and go together, deduplicated, in the next read (at most `maxKeys`
 * of them; the rest in the one after). Alone, a lookup runs at once as before; under load, a busy
 * server runs one statement for many requests instead of one each. On PostgreSQL a statement is a
 * round trip, the costliest part of a request that reads little (decision 024, ninth change: the
 * session read by every signed-in request). The rate-limit store counts in groups the same way.
 *
 * A lookup always starts after it was asked for (it never joins a read already under way), so it
 * sees everything committed before its request arrived.
 */
export function batchedRead<K, V>(read: (keys: readonly K[]) => Promise<ReadonlyMap<K, V>>, maxKeys = 200): (key: K) => Promise<V | undefined> {
  const waiting = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
  let inFlight = false;

  function flush(): void {
    const batch = new Map<K, { resolve: (v: V | undefined) => void; reject: (e: unknown) => void }[]>();
    for (const [key, waiters] of waiting) {
      if (batch.size === maxKeys) break;
      batch.set(key, waiters);
    }
    for (const key of batch.keys()) waiting.delete(key);
    inFlight = true;
    read([...batch.keys()])
      .then(
        (found) => batch.forEach((waiters, key) => waiters.forEach((w) => w.resolve(found.get(key)))),
        (err: unknown) => batch.forEach((waiters) => waiters.forEach((w) => w.reject(err))),
      )
      .finally(() => {
        inFlight = false;
        if (waiting.size > 0) flush();
      });
  }

  return (key: K) =>
    new Promise<V | undefined>((resolve, reject) => {
      const waiters = waiting.get(key);
      if (waiters) waiters.push({ resolve, reject });
      else waiting.set(key, [{ resolve, reject }]);
      if (!inFlight) flush();
    });
}
