import { sql, type Kysely } from 'kysely';

/**
 * Questionnaires (issue 11, docs/decisions/020). Statuses live in the generic `step_states` table
 * (machine `questionnaire`, one step per template code); these tables hold what the user answered
 * and why they must answer.
 * - `questionnaire_answers`: one row per attempt (§7 request_id), stored against the exact template
 *   version it answers. A draft has no `submitted_at`; a user has at most one draft per template.
 * - `questionnaire_requirements`: events that make a template due for a user (a name-screening hit,
 *   a reviewer's request, …); rules by site, country and level are data in code and need no row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('questionnaire_answers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template_code', 'text', (c) => c.notNull())
    .addColumn('template_version', 'integer', (c) => c.notNull())
    .addColumn('scene_code', 'text', (c) => c.notNull())
    .addColumn('biz_from', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    // JSON object: question id -> answer.
    .addColumn('answers', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('decided_at', 'text')
    // APPROVED or REJECTED once decided.
    .addColumn('outcome', 'text')
    // A final rejection: no new version may be started.
    .addColumn('closed', 'integer', (c) => c.notNull().defaultTo(0))
    // JSON: the system's result (score, pass, wrong answers, risk profile); null for forms.
    .addColumn('result', 'text')
    // A failed test: no new attempt before this time (the cooling-off period).
    .addColumn('retry_after', 'text')
    // Agreements and declarations: where the acceptance came from.
    .addColumn('submitted_ip', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('questionnaire_answers_user').on('questionnaire_answers').columns(['user_id', 'template_code', 'attempt']).execute();
  // One draft per user and template, even when two tabs start one at once.
  await db.schema
    .createIndex('questionnaire_answers_one_draft')
    .unique()
    .on('questionnaire_answers')
    .columns(['user_id', 'template_code'])
    .where(sql.ref('submitted_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('questionnaire_requirements')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('template_code', 'text', (c) => c.notNull())
    .addColumn('cause', 'text', (c) => c.notNull())
    .addColumn('detail', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('questionnaire_requirements_pk', ['user_id', 'template_code', 'cause'])
    .execute();
}
