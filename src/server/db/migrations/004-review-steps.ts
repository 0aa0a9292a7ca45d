import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * Issue 8 (docs/decisions/014): the generic step machine and review cases.
 * - `step_states` replaces `kyc_steps`: every row moves over as machine `kyc_level`, step = level.
 * - `review_cases` / `review_decisions` replace `kyc_decisions`: every application becomes a case
 *   (PENDING / APPROVED / REJECTED as it was, opened when submitted, decided when decided) and every
 *   decision moves to its case with actor {type: reviewer, id: the reviewer}.
 * Audit records are untouched: an application's and a step's history keep their entity ids.
 * Copying is done in batches so a large database does not hold every row in memory.
 */
const BATCH = 500;
const KYC_LEVEL_MACHINE = 'kyc_level';
const KYC_APPLICATION = 'KYC_APPLICATION';

// The migration's own view of the tables: it must not depend on today's schema types.
interface Old {
  kyc_steps: { user_id: string; level: number; status: string; type: string; updated_at: string };
  kyc_applications: { id: string; user_id: string; level: number; provider: string; country: string; status: string; submitted_at: string; decided_at: string | null };
  kyc_decisions: { id: string; application_id: string; reviewer_id: string; outcome: string; mode: string | null; reason_code: string | null; user_message: string; internal_note: string; created_at: string };
  step_states: { machine: string; subject_id: string; step: string; status: string; updated_at: string };
  review_cases: {
    id: string;
    subject_kind: string;
    subject_id: string;
    user_id: string;
    status: string;
    assignee_id: string | null;
    level: number | null;
    country: string;
    provider: string;
    opened_at: string;
    decided_at: string | null;
  };
  review_decisions: {
    id: string;
    case_id: string;
    actor_type: string;
    actor_id: string | null;
    outcome: string;
    mode: string | null;
    reason_code: string | null;
    user_message: string;
    internal_note: string;
    created_at: string;
  };
}

export async function up(raw: Kysely<unknown>): Promise<void> {
  const db = raw as unknown as Kysely<Old>;

  await db.schema
    .createTable('step_states')
    .addColumn('machine', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('step_states_pk', ['machine', 'subject_id', 'step'])
    .execute();

  await db.schema
    .createTable('review_cases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('subject_kind', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('assignee_id', 'text', (c) => c.references('users.id'))
    .addColumn('level', 'integer')
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    // One case per subject: a second decision path (a webhook and a reviewer) finds the same case.
    .addUniqueConstraint('review_cases_subject', ['subject_kind', 'subject_id'])
    .execute();
  // The queue: pending oldest first, decided newest first, optionally per kind or assignee.
  await db.schema.createIndex('review_cases_queue').on('review_cases').columns(['status', 'opened_at', 'id']).execute();
  await db.schema.createIndex('review_cases_decided').on('review_cases').columns(['status', 'decided_at', 'id']).execute();
  await db.schema.createIndex('review_cases_kind').on('review_cases').columns(['subject_kind', 'status', 'opened_at']).execute();
  await db.schema.createIndex('review_cases_assignee').on('review_cases').columns(['assignee_id', 'status']).execute();
  await db.schema.createIndex('review_cases_user').on('review_cases').columns(['user_id', 'opened_at']).execute();

  await db.schema
    .createTable('review_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('case_id', 'text', (c) => c.notNull().unique().references('review_cases.id').onDelete('cascade'))
    .addColumn('actor_type', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'text')
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('mode', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('user_message', 'text', (c) => c.notNull())
    .addColumn('internal_note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  // Steps: same status, same time of the last change.
  for (let offset = 0; ; offset += BATCH) {
    const rows = await db.selectFrom('kyc_steps').selectAll().orderBy('user_id').orderBy('level').limit(BATCH).offset(offset).execute();
    if (rows.length === 0) break;
    await db
      .insertInto('step_states')
      .values(rows.map((r) => ({ machine: KYC_LEVEL_MACHINE, subject_id: r.user_id, step: String(r.level), status: r.status, updated_at: r.updated_at })))
      .execute();
  }

  // Applications become cases; their decisions follow.
  for (let offset = 0; ; offset += BATCH) {
    const apps = await db.selectFrom('kyc_applications').selectAll().orderBy('submitted_at').orderBy('id').limit(BATCH).offset(offset).execute();
    if (apps.length === 0) break;
    const caseOf = new Map(apps.map((a) => [a.id, randomUUID()]));
    await db
      .insertInto('review_cases')
      .values(
        apps.map((a) => ({
          id: caseOf.get(a.id)!,
          subject_kind: KYC_APPLICATION,
          subject_id: a.id,
          user_id: a.user_id,
          status: a.status,
          assignee_id: null,
          level: a.level,
          country: a.country,
          provider: a.provider,
          opened_at: a.submitted_at,
          decided_at: a.decided_at,
        })),
      )
      .execute();
    const decisions = await db.selectFrom('kyc_decisions').selectAll().where('application_id', 'in', [...caseOf.keys()]).execute();
    if (decisions.length > 0) {
      await db
        .insertInto('review_decisions')
        .values(
          decisions.map((d) => ({
            id: d.id,
            case_id: caseOf.get(d.application_id)!,
            actor_type: 'reviewer',
            actor_id: d.reviewer_id,
            outcome: d.outcome,
            mode: d.mode,
            reason_code: d.reason_code,
            user_message: d.user_message,
            internal_note: d.internal_note,
            created_at: d.created_at,
          })),
        )
        .execute();
    }
  }

  await db.schema.dropTable('kyc_decisions').execute();
  await db.schema.dropTable('kyc_steps').execute();
}
