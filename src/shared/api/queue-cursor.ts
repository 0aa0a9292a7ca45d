import { z } from '../zod.ts';

/**
 * The console queue's page cursor (issue 15, keyset paging): where the next or previous page starts,
 * as the sort key and id of the row at the page's edge, so a page deep in a million cases is read
 * from the index at that row instead of counting past every row before it (OFFSET). Lists sorted by
 * something that may be missing (the second-look list, a few open proposals) page by position ('o').
 * Opaque to the web: it passes back what the server sent (base64url of a small JSON array).
 */
export type QueueCursor =
  | { kind: 'after' | 'before'; key: string; id: string }
  | { kind: 'offset'; offset: number };

const payload = z.union([
  z.tuple([z.enum(['a', 'b']), z.string().min(1).max(40), z.string().min(1).max(64)]),
  z.tuple([z.literal('o'), z.number().int().min(0).max(10_000_000)]),
]);

const toBase64Url = (s: string) => btoa(String.fromCharCode(...new TextEncoder().encode(s))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64Url = (s: string) => new TextDecoder().decode(Uint8Array.from(atob(s.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

export function encodeQueueCursor(c: QueueCursor): string {
  return toBase64Url(JSON.stringify(c.kind === 'offset' ? ['o', c.offset] : [c.kind === 'after' ? 'a' : 'b', c.key, c.id]));
}

/** The cursor, or null when the text is not one we wrote (a mangled or hand-made link). */
export function decodeQueueCursor(text: string): QueueCursor | null {
  try {
    const parsed = payload.safeParse(JSON.parse(fromBase64Url(text)));
    if (!parsed.success) return null;
    const v = parsed.data;
    return v[0] === 'o' ? { kind: 'offset', offset: v[1] } : { kind: v[0] === 'a' ? 'after' : 'before', key: v[1], id: v[2] };
  } catch {
    return null;
  }
}
