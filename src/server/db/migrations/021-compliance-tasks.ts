import type { Kysely } from 'kysely';

/**
 * Compliance tasks and requests for information (issue 12, docs/decisions/027).
 * - `compliance_tasks`: something a user must do by a day (type, region, due date). `open_key`
 *   (user:type:subject) is unique while the task is open, so the same thing is never asked twice at
 *   once, and null once it is done or cancelled.
 * - `rfi_requests`: one round of a reviewer's question to a user and the user's answer; each round is
 *   the subject of one RFI review case. Asking again closes a round and opens the next (`round` + 1)
 *   under the same task. `answer_documents`: JSON list of the pictures' document ids (documents
 *   module, kind RFI evidence, attached to the round).
 * Every table follows its user (ON DELETE CASCADE), like sessions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('compliance_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_type', 'text', (c) => c.notNull())
    .addColumn('region', 'text', (c) => c.notNull())
    .addColumn('subject_id', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('open_key', 'text', (c) => c.unique())
    .addColumn('created_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('completed_at', 'text')
    .execute();
  await db.schema.createIndex('compliance_tasks_user').on('compliance_tasks').columns(['user_id', 'status']).execute();

  await db.schema
    .createTable('rfi_requests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('task_id', 'text', (c) => c.notNull().references('compliance_tasks.id').onDelete('cascade'))
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('question', 'text', (c) => c.notNull())
    .addColumn('document_requested', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('answer_text', 'text', (c) => c.notNull())
    .addColumn('answer_documents', 'text', (c) => c.notNull())
    .addColumn('asked_by', 'text')
    .addColumn('asked_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('rfi_requests_user').on('rfi_requests').columns(['user_id', 'status']).execute();
  await db.schema.createIndex('rfi_requests_task').on('rfi_requests').columns(['task_id']).execute();
}
