import type { Kysely } from 'kysely';

/**
 * Issue 30 (docs/decisions/039): the server reads the liveness pictures with a face model itself.
 * `analysis` holds what it found (JSON: the model and its thresholds, each picture's faces, measures
 * and issue, the face match with the document's portrait); the face-match score has its own column
 * so a reviewer's list can show it without parsing. Null: a challenge finished before this.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('capture_liveness').addColumn('analysis', 'text').execute();
  await db.schema.alterTable('capture_liveness').addColumn('face_match_score', 'integer').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('capture_liveness').dropColumn('face_match_score').execute();
  await db.schema.alterTable('capture_liveness').dropColumn('analysis').execute();
}
