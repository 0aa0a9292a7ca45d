import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { isPostgres, nowIso } from '../../db/index.ts';
import { entryHash, GENESIS_HASH, payloadDigest, streamOf } from '../../crypto/audit-chain.ts';

/** Who acted: a signed-in user, a reviewer in the console, a verification provider (its id, e.g. PROVIDER_SUMSUB) or the system (seeding, jobs). */
export interface Actor {
  type: 'user' | 'reviewer' | 'system' | 'provider';
  id: string | null;
  ip?: string | null;
  requestId?: string | null;
}

export interface AuditEntry {
  action: string;
  entityType: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}

/** Keys never written to the audit trail, at any depth. */
const SECRET_KEYS = new Set(['password', 'password_hash', 'token', 'id_hash', 'data', 'key', 'wrapped_key']);

function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, SECRET_KEYS.has(k) ? '[redacted]' : redact(v)]),
    );
  }
  return value;
}

/**
 * Appends one audit record to its entity's chain. Call it inside the same transaction as the change
 * it describes, so the record exists exactly when the change does. The stream's head row is locked
 * (created first if new) until that transaction ends: concurrent writers of one entity append one
 * after the other, writers of different entities do not wait for each other. Called outside a
 * transaction (reads, logins), it runs in one of its own.
 */
export async function recordAudit(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
  if (!db.isTransaction) {
    await db.transaction().execute((trx) => recordAudit(trx, actor, entry));
    return;
  }
  const stream = streamOf(entry.entityType, entry.entityId);
  await db.insertInto('audit_heads').values({ stream, seq: 0, hash: GENESIS_HASH }).onConflict((oc) => oc.column('stream').doNothing()).execute();
  const head = await db
    .selectFrom('audit_heads')
    .select(['seq', 'hash'])
    .where('stream', '=', stream)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirstOrThrow();
  const payload = {
    before: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
    after: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
    ip: actor.ip ?? null,
    request_id: actor.requestId ?? null,
  };
  const fields = {
    stream,
    seq: Number(head.seq) + 1,
    prev_hash: head.hash,
    id: randomUUID(),
    at: nowIso(),
    actor_type: actor.type,
    actor_id: actor.id,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: entry.entityId,
    payload_digest: payloadDigest(payload),
  };
  const hash = entryHash(fields);
  await db.insertInto('audit_log').values({ ...fields, ...payload, hash, erased_at: null }).execute();
  await db.updateTable('audit_heads').set({ seq: fields.seq, hash }).where('stream', '=', stream).execute();
}

/** The records of one entity, oldest first; `excludeActions` leaves those actions out (e.g. read records). */
export async function listAudit(db: Kysely<Database>, entityType: string, entityId: string, opts: { excludeActions?: readonly string[] } = {}) {
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where('entity_type', '=', entityType)
    .where('entity_id', '=', entityId)
    .$if((opts.excludeActions?.length ?? 0) > 0, (qb) => qb.where('action', 'not in', opts.excludeActions!))
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}

/** The records of several entities (a case, its subject, a step), oldest first; `excludeActions` leaves those out. */
export async function listAuditOf(db: Kysely<Database>, refs: readonly { entityType: string; entityId: string }[], opts: { excludeActions?: readonly string[] } = {}) {
  if (refs.length === 0) return [];
  return db
    .selectFrom('audit_log')
    .selectAll()
    .where((eb) => eb.or(refs.map((r) => eb.and([eb('entity_type', '=', r.entityType), eb('entity_id', '=', r.entityId)]))))
    .$if((opts.excludeActions?.length ?? 0) > 0, (qb) => qb.where('action', 'not in', opts.excludeActions!))
    .orderBy('at', 'asc')
    .orderBy('id', 'asc')
    .execute();
}
