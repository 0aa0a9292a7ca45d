import type { Kysely } from 'kysely';

/**
 * Issue 30 (docs/decisions/045): the face match of a selfie uploaded as a file. When a level has both
 * a SELFIE and a DOCUMENT_FRONT picture, the server compares their faces after the upload commits.
 * `face_match_jobs` holds the (user, level) to compare, written in the uploading transaction and
 * deleted in the one that stores the result; `due_at` is when it may next be taken (a runner's lease
 * moves it forward, a failure further: a retry). `face_matches` holds one result per pair of pictures:
 * the score, distance and band, or why there is none, with the model and thresholds it was judged by.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('face_match_jobs')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('face_match_jobs_pk', ['user_id', 'level'])
    .execute();
  await db.schema.createIndex('face_match_jobs_due').on('face_match_jobs').column('due_at').execute();

  await db.schema
    .createTable('face_matches')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('selfie_document_id', 'text', (c) => c.notNull())
    .addColumn('front_document_id', 'text', (c) => c.notNull())
    .addColumn('score', 'integer')
    .addColumn('distance', 'double precision')
    .addColumn('band', 'text')
    .addColumn('missing', 'text')
    .addColumn('model', 'text', (c) => c.notNull())
    .addColumn('match_max', 'double precision', (c) => c.notNull())
    .addColumn('review_max', 'double precision', (c) => c.notNull())
    .addColumn('ms', 'integer', (c) => c.notNull())
    .addColumn('computed_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_matches_pair').on('face_matches').columns(['selfie_document_id', 'front_document_id']).unique().execute();
  await db.schema.createIndex('face_matches_user').on('face_matches').columns(['user_id', 'level']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('face_matches').execute();
  await db.schema.dropTable('face_match_jobs').execute();
}
