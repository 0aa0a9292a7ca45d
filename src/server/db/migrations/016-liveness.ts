import type { Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 17 (docs/decisions/023): the frames of a liveness challenge, kept for the reviewer. Each is
 * a re-encoded JPEG sealed like a document (AES-256-GCM under its own data key, wrapped by the
 * master key `key_id`); it goes with its challenge (cascade) and with the biometric retention
 * period (BIOMETRIC_RETENTION_DAYS, the retention job).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('capture_liveness_frames')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('liveness_id', 'text', (c) => c.notNull().references('capture_liveness.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    /** BASELINE (straight ahead) or the move it shows (TURN_LEFT, BLINK, …). */
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('ciphertext', isPostgres(db) ? 'bytea' : 'blob', (c) => c.notNull())
    .addColumn('iv', 'text', (c) => c.notNull())
    .addColumn('auth_tag', 'text', (c) => c.notNull())
    .addColumn('wrapped_key', 'text', (c) => c.notNull())
    .addColumn('key_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('capture_liveness_frames_position', ['liveness_id', 'position'])
    .execute();
  // The retention sweep reads challenges by age.
  await db.schema.createIndex('capture_liveness_created').on('capture_liveness').column('created_at').execute();
}
