import { ApiPath } from '../../../shared/api/paths.ts';

/** §9: cache TTL 60000 ms; memory cache at most 20 entries. */
export const CACHE_TTL_MS = 60_000;
export const CACHE_MAX_ENTRIES = 20;
/** §9: "persisted cache skipped when local storage exceeds 4718592 characters". */
export const CACHE_PERSIST_LIMIT_CHARS = 4_718_592;
export const CACHE_STORAGE_KEY = 'ua:http-cache';

/**
 * §7: "a private profile path is excluded from cache deletion on failure": when a refresh of the
 * profile fails, the last good profile stays for the rest of its 60 s.
 */
export const CACHE_KEPT_ON_FAILURE: readonly string[] = [ApiPath.profile];

interface Entry {
  storedAt: number;
  value: unknown;
}

/** Characters held in localStorage (keys and values), not counting `exceptKey`. */
export function localStorageChars(storage: Storage, exceptKey?: string): number {
  let total = 0;
  for (let i = 0; i < storage.length; i++) {
    const key = storage.key(i);
    if (key === null || key === exceptKey) continue;
    total += key.length + (storage.getItem(key)?.length ?? 0);
  }
  return total;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage disabled (privacy mode, sandboxed frame): memory only.
    return null;
  }
}

/**
 * The response cache of §7/§9: opt-in per call, 60 s per entry, at most 20 entries in memory (the
 * oldest goes first), mirrored to localStorage so a reload within the minute needs no new call,
 * unless localStorage already holds more than 4718592 characters (then nothing is persisted).
 */
export class ResponseCache {
  private entries = new Map<string, Entry>();
  private loaded = false;
  /**
   * How many times the cache was emptied. A read that was sent before an emptying and answered after
   * it may predate the write that emptied it: it is not stored (`set` with the generation it began in).
   */
  generation = 0;

  /** The fresh value stored for `key`, wrapped so that a stored `null` is still a hit. */
  get(key: string, now = Date.now()): { value: unknown } | undefined {
    this.load(now);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.storedAt >= CACHE_TTL_MS) {
      this.entries.delete(key);
      this.persist();
      return undefined;
    }
    // A copy: a caller changing its result must not change what the next caller gets.
    return { value: structuredClone(entry.value) };
  }

  set(key: string, value: unknown, now = Date.now(), sentInGeneration = this.generation): void {
    if (sentInGeneration !== this.generation) return;
    this.load(now);
    this.entries.delete(key);
    this.entries.set(key, { storedAt: now, value: structuredClone(value) });
    while (this.entries.size > CACHE_MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
    this.persist();
  }

  delete(key: string): void {
    this.load();
    if (this.entries.delete(key)) this.persist();
  }

  /** §8: "user no permission" clears the whole cache, memory and storage. */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    this.loaded = true;
    try {
      storage()?.removeItem(CACHE_STORAGE_KEY);
    } catch {
      // Nothing to remove.
    }
  }

  keys(): string[] {
    this.load();
    return [...this.entries.keys()];
  }

  /** Forgets the memory copy; the next access reads localStorage again (a new page load, in tests). */
  unload(): void {
    this.entries.clear();
    this.loaded = false;
  }

  private load(now = Date.now()): void {
    if (this.loaded) return;
    this.loaded = true;
    const raw = (() => {
      try {
        return storage()?.getItem(CACHE_STORAGE_KEY) ?? null;
      } catch {
        return null;
      }
    })();
    if (!raw) return;
    try {
      const parsed = JSON.parse(raw) as unknown;
      if (!Array.isArray(parsed)) return;
      const fresh = parsed
        .filter(
          (e): e is [string, Entry] =>
            Array.isArray(e) && typeof e[0] === 'string' && typeof e[1]?.storedAt === 'number' && now - e[1].storedAt < CACHE_TTL_MS && e[1].storedAt <= now,
        )
        .sort((a, b) => a[1].storedAt - b[1].storedAt)
        .slice(-CACHE_MAX_ENTRIES);
      for (const [key, entry] of fresh) this.entries.set(key, { storedAt: entry.storedAt, value: entry.value });
      // Expired answers (personal data among them) must not linger in storage until the next write.
      if (fresh.length < parsed.length) this.persist();
    } catch {
      // A damaged copy is worth nothing: start empty.
    }
  }

  private persist(): void {
    const store = storage();
    if (!store) return;
    try {
      if (localStorageChars(store, CACHE_STORAGE_KEY) > CACHE_PERSIST_LIMIT_CHARS) {
        // §9: storage is nearly full; keep memory only (and no stale copy).
        store.removeItem(CACHE_STORAGE_KEY);
        return;
      }
      if (this.entries.size === 0) store.removeItem(CACHE_STORAGE_KEY);
      else store.setItem(CACHE_STORAGE_KEY, JSON.stringify([...this.entries]));
    } catch {
      // Quota exceeded or storage disabled: the memory cache still works.
      try {
        store.removeItem(CACHE_STORAGE_KEY);
      } catch {
        // ignore
      }
    }
  }
}

export const responseCache = new ResponseCache();

/** Empties the response cache (on logout and after a login, so no user ever sees another's data). */
export function clearResponseCache(): void {
  responseCache.clear();
}

/** The cache key of a call: method, full address (with query) and, for writes, the body. */
export function cacheKey(method: string, url: string, data?: Record<string, unknown>): string {
  return method === 'get' ? `GET ${url}` : `${method.toUpperCase()} ${url} ${JSON.stringify(data ?? {})}`;
}
