import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { nowIso } from '../../db/index.ts';

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
 * Appends one audit record. Call it inside the same transaction as the change it describes, so the
 * record exists exactly when the change does.
 */
export async function recordAudit(db: Kysely<Database>, actor: Actor, entry: AuditEntry): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({
      id: randomUUID(),
      at: nowIso(),
      actor_type: actor.type,
      actor_id: actor.id,
      action: entry.action,
      entity_type: entry.entityType,
      entity_id: entry.entityId,
      before: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
      after: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
      ip: actor.ip ?? null,
      request_id: actor.requestId ?? null,
    })
    .execute();
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
