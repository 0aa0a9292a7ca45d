import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { entryHash, GENESIS_HASH, payloadDigest } from '../../crypto/audit-chain.ts';

/** What is wrong with the first broken link of a stream. */
export type ChainProblem =
  /** The row's fields no longer give its stored hash (a field, the stored hash or the digest changed). */
  | 'HASH_MISMATCH'
  /** The payload (before, after, ip, request id) was changed without an erasure. */
  | 'PAYLOAD_MISMATCH'
  /** prev_hash is not the previous entry's hash, or a number is missing or repeated (a row deleted or inserted). */
  | 'LINK_BROKEN'
  /** The stream ends before (or goes beyond) its head: entries removed at the end, or the head edited. */
  | 'HEAD_MISMATCH'
  /** A row outside any chain (written around recordAudit). */
  | 'UNCHAINED';

export interface BrokenLink {
  stream: string;
  /** The first entry found wrong (null when the stream's rows are all gone). */
  entryId: string | null;
  seq: number | null;
  at: string | null;
  problem: ChainProblem;
}

export interface ChainReport {
  ok: boolean;
  entries: number;
  streams: number;
  /** The earliest broken link (by time) over all streams; null when every chain holds. */
  firstBroken: BrokenLink | null;
  /** How many streams have a broken link. */
  brokenStreams: number;
  checkedAt: string;
}

const PAGE = 1000;

/**
 * Checks every stream from its first entry to its head, page by page (a large trail is never held in
 * memory): each entry's hash, its link to the previous one, its payload (unless erased by
 * retention), and that the stream ends at its head. Reports the first broken link of each stream and
 * returns the earliest of them.
 */
export async function verifyAuditChain(db: Kysely<Database>): Promise<ChainReport> {
  const broken = new Map<string, BrokenLink>();
  const heads = new Map((await db.selectFrom('audit_heads').selectAll().execute()).map((h) => [h.stream, { seq: Number(h.seq), hash: h.hash }]));
  const ends = new Map<string, { seq: number; hash: string; id: string; at: string }>();
  let entries = 0;

  const unchained = await db.selectFrom('audit_log').select(['id', 'at', 'entity_type', 'entity_id']).where((eb) => eb.or([eb('stream', 'is', null), eb('seq', 'is', null), eb('hash', 'is', null)])).orderBy('at').limit(1).execute();
  for (const u of unchained) broken.set(`${u.entity_type}:${u.entity_id}`, { stream: `${u.entity_type}:${u.entity_id}`, entryId: u.id, seq: null, at: u.at, problem: 'UNCHAINED' });

  let cursor: { stream: string; seq: number } | null = null;
  let prev = null as { stream: string; seq: number; hash: string } | null;
  for (;;) {
    const after: typeof cursor = cursor;
    const rows: Selectable<Database['audit_log']>[] = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('stream', 'is not', null)
      .$if(after !== null, (qb) => qb.where((eb) => eb(eb.refTuple('stream', 'seq'), '>', eb.tuple(after!.stream, after!.seq))))
      .orderBy('stream')
      .orderBy('seq')
      .limit(PAGE)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      entries += 1;
      const seq = Number(r.seq);
      if (prev?.stream !== r.stream) prev = { stream: r.stream, seq: 0, hash: GENESIS_HASH };
      const before = prev;
      const report = (problem: ChainProblem) => {
        if (!broken.has(r.stream)) broken.set(r.stream, { stream: r.stream, entryId: r.id, seq, at: r.at, problem });
      };
      if (seq !== before.seq + 1 || r.prev_hash !== before.hash) report('LINK_BROKEN');
      else if (entryHash({ ...r, seq }) !== r.hash) report('HASH_MISMATCH');
      else if (r.erased_at === null && payloadDigest(r) !== r.payload_digest) report('PAYLOAD_MISMATCH');
      prev = { stream: r.stream, seq, hash: r.hash };
      ends.set(r.stream, { seq, hash: r.hash, id: r.id, at: r.at });
    }
    const last = rows.at(-1)!;
    cursor = { stream: last.stream, seq: Number(last.seq) };
  }

  for (const stream of new Set([...heads.keys(), ...ends.keys()])) {
    const head = heads.get(stream);
    const end = ends.get(stream);
    if (broken.has(stream)) continue;
    if (!end && head && head.seq === 0) continue; // created by a transaction that wrote nothing after all
    if (!head || !end || head.seq !== end.seq || head.hash !== end.hash) {
      broken.set(stream, { stream, entryId: end?.id ?? null, seq: end?.seq ?? null, at: end?.at ?? null, problem: 'HEAD_MISMATCH' });
    }
  }

  const all = [...broken.values()].sort((a, b) => (a.at ?? '').localeCompare(b.at ?? '') || a.stream.localeCompare(b.stream));
  return { ok: all.length === 0, entries, streams: new Set([...heads.keys(), ...ends.keys()]).size, firstBroken: all[0] ?? null, brokenStreams: all.length, checkedAt: new Date().toISOString() };
}

/** Keys whose values are personal data: what retention erases from audit payloads. */
const PERSONAL_KEYS = new Set([
  'email',
  'firstName',
  'middleName',
  'lastName',
  'dateOfBirth',
  'addressLine1',
  'addressLine2',
  'city',
  'stateRegion',
  'postalCode',
  'number',
  'userMessage',
  'internalNote',
  'personalInfo',
  // A request for information's question and the user's answer (decision 027).
  'question',
  'answer',
  // A risk intercept's device id (decision 041); a mobile number wherever it is audited on its own.
  'guid',
  'mobile',
  'mobileNumber',
]);

function erasePersonal(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(erasePersonal);
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, PERSONAL_KEYS.has(k) ? '[erased]' : erasePersonal(v)]));
  }
  return value;
}

const eraseText = (text: string | null) => (text === null ? null : JSON.stringify(erasePersonal(JSON.parse(text) as unknown)));

/**
 * Erases personal data from the payloads of the given entities' entries and of the entries a user
 * made (`actorId`: their IP addresses), keeping who did what to which entity and when. The chain
 * stays verifiable: the entry hash covers the payload's digest, not the payload. Returns the
 * entries changed.
 */
export async function eraseAuditPayloads(db: Kysely<Database>, refs: readonly { entityType: string; entityId: string }[], actorId: string | null): Promise<number> {
  if (refs.length === 0 && actorId === null) return 0;
  const rows = await db
    .selectFrom('audit_log')
    .select(['id', 'before', 'after'])
    .where('erased_at', 'is', null)
    .where((eb) => eb.or([...refs.map((r) => eb.and([eb('entity_type', '=', r.entityType), eb('entity_id', '=', r.entityId)])), ...(actorId ? [eb('actor_id', '=', actorId)] : [])]))
    .execute();
  const at = new Date().toISOString();
  for (const r of rows) {
    await db.updateTable('audit_log').set({ before: eraseText(r.before), after: eraseText(r.after), ip: null, erased_at: at }).where('id', '=', r.id).execute();
  }
  return rows.length;
}
