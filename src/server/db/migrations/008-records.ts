import { sql, type Kysely } from 'kysely';
import { entryHash, GENESIS_HASH, payloadDigest, streamOf } from '../../crypto/audit-chain.ts';

/**
 * Issue 18 (docs/decisions/018): records a regulator trusts.
 * - `audit_log` becomes a hash chain per entity: stream, seq, prev_hash, hash, payload_digest (the
 *   payload enters the hash through it, so retention can erase personal data from a payload, marked
 *   by erased_at, without breaking the chain). `audit_heads` holds each stream's last entry: appends
 *   lock it, and verification compares it (a truncated stream is noticed). Existing rows are sealed
 *   here, oldest first within each entity.
 * - `staff_roles`: reviewer, senior_reviewer, administrator. Existing reviewers become senior
 *   reviewers: they decided alone until now and keep every power they had.
 * - `review_proposals`: the first look of a four-eyes decision; `open_key` (the case id while OPEN)
 *   allows one open proposal per case. `review_decisions.confirmed_by`: the second reviewer.
 * - `erasure_requests`, `job_leases` (one scheduled job across servers), `retention_runs`.
 */
const BATCH = 500;

interface Old {
  audit_log: {
    id: string;
    at: string;
    actor_type: string;
    actor_id: string | null;
    action: string;
    entity_type: string;
    entity_id: string;
    before: string | null;
    after: string | null;
    ip: string | null;
    request_id: string | null;
    stream: string | null;
    seq: number | null;
    prev_hash: string | null;
    hash: string | null;
    payload_digest: string | null;
  };
  audit_heads: { stream: string; seq: number; hash: string };
  users: { id: string; role: string };
  staff_roles: { user_id: string; role: string; updated_at: string };
}

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Old>;
  await db.schema
    .alterTable('audit_log')
    .addColumn('stream', 'text')
    .execute();
  for (const [name, type] of [
    ['seq', 'integer'],
    ['prev_hash', 'text'],
    ['hash', 'text'],
    ['payload_digest', 'text'],
    ['erased_at', 'text'],
  ] as const) {
    await db.schema.alterTable('audit_log').addColumn(name, type).execute();
  }
  await db.schema
    .createTable('audit_heads')
    .addColumn('stream', 'text', (c) => c.primaryKey())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .execute();

  // Seal what exists, entity by entity, oldest first (ids break ties of one millisecond).
  let last: { entity_type: string; entity_id: string; at: string; id: string } | null = null;
  let head = null as { stream: string; seq: number; hash: string } | null;
  const heads: { stream: string; seq: number; hash: string }[] = [];
  for (;;) {
    const after: typeof last = last;
    const rows: Old['audit_log'][] = await db
      .selectFrom('audit_log')
      .selectAll()
      .$if(after !== null, (qb) =>
        qb.where((eb) =>
          eb(eb.refTuple('entity_type', 'entity_id', 'at', 'id'), '>', eb.tuple(after!.entity_type, after!.entity_id, after!.at, after!.id)),
        ),
      )
      .orderBy('entity_type')
      .orderBy('entity_id')
      .orderBy('at')
      .orderBy('id')
      .limit(BATCH)
      .execute();
    if (rows.length === 0) break;
    for (const r of rows) {
      const stream = streamOf(r.entity_type, r.entity_id);
      if (head?.stream !== stream) {
        if (head) heads.push(head);
        head = { stream, seq: 0, hash: GENESIS_HASH };
      }
      const digest = payloadDigest(r);
      const fields: Old['audit_log'] & { stream: string; seq: number; prev_hash: string; payload_digest: string } = { ...r, stream, seq: head.seq + 1, prev_hash: head.hash, payload_digest: digest };
      const hash = entryHash(fields);
      await db.updateTable('audit_log').set({ stream, seq: fields.seq, prev_hash: fields.prev_hash, hash, payload_digest: digest }).where('id', '=', r.id).execute();
      head = { stream, seq: fields.seq, hash };
    }
    const end: Old['audit_log'] = rows.at(-1)!;
    last = { entity_type: end.entity_type, entity_id: end.entity_id, at: end.at, id: end.id };
  }
  if (head) heads.push(head);
  for (let i = 0; i < heads.length; i += BATCH) await db.insertInto('audit_heads').values(heads.slice(i, i + BATCH)).execute();
  await db.schema.createIndex('audit_log_stream_seq').unique().on('audit_log').columns(['stream', 'seq']).execute();

  await db.schema
    .createTable('staff_roles')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await sql`insert into staff_roles (user_id, role, updated_at) select id, 'senior_reviewer', ${new Date().toISOString()} from users where role = 'reviewer'`.execute(db);

  await db.schema
    .createTable('review_proposals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().references('review_cases.id').onDelete('cascade'))
    .addColumn('proposer_id', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('mode', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('user_message', 'text', (c) => c.notNull())
    .addColumn('internal_note', 'text', (c) => c.notNull())
    .addColumn('proposed_at', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('resolved_by', 'text')
    .addColumn('resolved_at', 'text')
    .addColumn('resolution_note', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema.createIndex('review_proposals_case').on('review_proposals').column('case_id').execute();
  await db.schema.alterTable('review_decisions').addColumn('confirmed_by', 'text').execute();

  await db.schema
    .createTable('erasure_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requested_at', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('keep_until', 'text')
    .addColumn('erased_at', 'text')
    .execute();
  await db.schema.createIndex('erasure_requests_user').on('erasure_requests').column('user_id').execute();

  await db.schema
    .createTable('job_leases')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('retention_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('holder', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull())
    .execute();
}
