import { createHash } from 'node:crypto';

// Here (not in modules/audit) because migration 008 seals the existing rows with it, and migrations
// must not import modules (db/index.ts imports the migrations: a cycle).

/**
 * The audit trail's hash chain (docs/decisions/018). Each entry belongs to one stream — the entity
 * it is about, `<entity_type>:<entity_id>` — and carries its number in the stream, the hash of the
 * stream's previous entry and its own hash over its canonical content. Changing, inserting or
 * deleting a row breaks the chain from there on, which `verifyAuditChain` reports.
 *
 * The payload (before, after, ip, request id) enters the entry's hash through its digest, stored
 * with the row: retention may erase personal data from a payload (the row is then marked erased)
 * and the chain still proves who did what to which entity and when.
 */

export const GENESIS_HASH = '0'.repeat(64);

export interface ChainedFields {
  stream: string;
  seq: number;
  prev_hash: string;
  id: string;
  at: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  payload_digest: string;
}

export interface PayloadFields {
  before: string | null;
  after: string | null;
  ip: string | null;
  request_id: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The stream an entry belongs to: one chain per entity, so writers of different entities never wait for each other. */
export const streamOf = (entityType: string, entityId: string) => `${entityType}:${entityId}`;

/** Digest of the payload as stored (the JSON texts themselves, not a re-serialisation). */
export function payloadDigest(p: PayloadFields): string {
  return sha256(JSON.stringify([p.before, p.after, p.ip, p.request_id]));
}

/** The entry's hash: a fixed field order (an array), so the same row always hashes the same. Version 1. */
export function entryHash(f: ChainedFields): string {
  return sha256(
    JSON.stringify(['audit-v1', f.stream, f.seq, f.prev_hash, f.id, f.at, f.actor_type, f.actor_id, f.action, f.entity_type, f.entity_id, f.payload_digest]),
  );
}
