import type { Generated } from 'kysely';

/**
 * Table types. Portable across SQLite and PostgreSQL: ids are text (UUIDs), timestamps are ISO-8601
 * text in UTC (sortable as strings), booleans are integers 0/1, JSON is text.
 */
export interface UsersTable {
  id: string;
  email: string;
  password_hash: string;
  role: string;
  currency_code: string;
  sub_attribute: string;
  /** JSON object of member tags, e.g. {"KYC":"1"}. */
  member_tag: string;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the cookie token: a database leak does not yield usable sessions. */
  id_hash: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface AuditLogTable {
  id: string;
  at: string;
  actor_type: string;
  actor_id: string | null;
  action: string;
  entity_type: string;
  entity_id: string;
  /** JSON snapshot before the change (null for creations). */
  before: string | null;
  /** JSON snapshot after the change (null for deletions). */
  after: string | null;
  ip: string | null;
  request_id: string | null;
}

export interface RateLimitsTable {
  key: string;
  window_start: string;
  count: number;
}

/** An identity document image, encrypted at rest (migration 003, docs/decisions/006). */
export interface KycDocumentsTable {
  id: string;
  user_id: string;
  /** Null while the document is a draft; set once, when an application is submitted with it. */
  application_id: string | null;
  level: number;
  kind: string;
  mime: string;
  byte_size: number;
  width: number;
  height: number;
  /** SHA-256 hex of the stored plaintext. */
  sha256: string;
  /** AES-256-GCM ciphertext (blob on SQLite, bytea on PostgreSQL). */
  ciphertext: Uint8Array;
  /** base64 */
  iv: string;
  /** base64 */
  auth_tag: string;
  /** base64: the data key wrapped by master key `key_id`. */
  wrapped_key: string;
  key_id: string;
  created_at: string;
}

export interface MigrationMarker {
  seq: Generated<number>;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitsTable;
  kyc_documents: KycDocumentsTable;
}
