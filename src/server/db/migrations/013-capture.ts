import type { Kysely } from 'kysely';

/**
 * Issue 17 (docs/decisions/023): the in-house capture.
 * - `capture_handoffs`: "continue on your phone" links. Only the SHA-256 of the link's secret is kept
 *   (`token_hash`), and of the phone's own session once the link is opened (`device_hash`): a copy of
 *   the database opens nothing. A link is for one user, level and step; `uploads` lists what the phone
 *   sent (JSON), the desktop's live progress.
 * - `kyc_documents.quality`: the quality checks of an upload (JSON): the server's own (size,
 *   sharpness) and the warnings the browser raised that the user chose to send anyway.
 * - `capture_liveness`: a liveness challenge the server picked (the sequence), and its outcome as the
 *   browser reported it, with the document that keeps the challenge frames for the reviewer.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('capture_handoffs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('device_hash', 'text', (c) => c.unique())
    /** PENDING | OPENED | COMPLETED | REVOKED (expiry is computed from the times below). */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    /** Until when the link can be opened. */
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'text')
    /** Until when the phone that opened it may send pictures. */
    .addColumn('session_expires_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('uploads', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema.createIndex('capture_handoffs_user').on('capture_handoffs').columns(['user_id', 'level', 'step']).execute();

  await db.schema.alterTable('kyc_documents').addColumn('quality', 'text').execute();

  await db.schema
    .createTable('capture_liveness')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    /** The challenge sequence, JSON (e.g. ["TURN_LEFT","BLINK"]). */
    .addColumn('sequence', 'text', (c) => c.notNull())
    /** ISSUED | PASSED | FAILED */
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    /** What the browser's check found per challenge step, JSON. */
    .addColumn('result', 'text')
    /** The selfie document with the challenge frames (kept as long as the documents). */
    .addColumn('document_id', 'text')
    .execute();
  await db.schema.createIndex('capture_liveness_user').on('capture_liveness').columns(['user_id', 'level']).execute();
}
