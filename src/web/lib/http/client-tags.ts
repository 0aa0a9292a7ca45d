import { RequestHeader } from '../../../shared/api/headers.ts';

/** §9: "Client tag tracking 60 s". */
export const CLIENT_TAG_TTL_MS = 60_000;

interface Tracked {
  startedAt: number;
  promise: Promise<unknown>;
}

const tracked = new Map<string, Tracked>();

/**
 * §7: "a request with an X-Client-Tag header is tracked for 60 s then forgotten".
 *
 * What tracking is for: a tag names ONE user action (one submission of one form). While the action is
 * in flight, and for 60 s after it started if it succeeded, a request with the same tag does not go
 * out again: it gets the first request's outcome. A double tap, a re-render that re-submits, or a
 * remount of the screen therefore never performs a write twice. A failed action is forgotten at once,
 * so "try again" really sends again. Callers use a new tag for a new action.
 */
export function trackedClientTag(tag: string, now = Date.now()): Promise<unknown> | undefined {
  prune(now);
  return tracked.get(tag)?.promise;
}

export function trackClientTag(tag: string, promise: Promise<unknown>, now = Date.now()): void {
  prune(now);
  const entry: Tracked = { startedAt: now, promise };
  tracked.set(tag, entry);
  promise.catch(() => {
    if (tracked.get(tag) === entry) tracked.delete(tag);
  });
}

/** Tags remembered right now (after forgetting those older than 60 s). */
export function trackedClientTags(now = Date.now()): string[] {
  prune(now);
  return [...tracked.keys()];
}

export function forgetClientTags(): void {
  tracked.clear();
}

function prune(now: number): void {
  for (const [tag, entry] of tracked) {
    if (now - entry.startedAt >= CLIENT_TAG_TTL_MS) tracked.delete(tag);
  }
}

/** The X-Client-Tag value among a call's headers (header names are case-insensitive). */
export function clientTagOf(headers: Record<string, string> | undefined): string | undefined {
  if (!headers) return undefined;
  const wanted = RequestHeader.CLIENT_TAG.toLowerCase();
  for (const [name, value] of Object.entries(headers)) {
    if (name.toLowerCase() === wanted && value) return value;
  }
  return undefined;
}
