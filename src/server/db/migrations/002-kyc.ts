import type { Kysely } from 'kysely';

/**
 * KYC state (docs/decisions/005-kyc-model.md): personal information, one step status per user and
 * level, applications sent for review and the reviewers' decisions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('kyc_personal_info')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('middle_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('date_of_birth', 'text', (c) => c.notNull())
    .addColumn('nationality', 'text', (c) => c.notNull())
    .addColumn('residence_country', 'text', (c) => c.notNull())
    .addColumn('address_line1', 'text', (c) => c.notNull())
    .addColumn('address_line2', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('state_region', 'text', (c) => c.notNull())
    .addColumn('postal_code', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  // A missing row means the level's default status (level 1 ALLOW, level 2 NOT_ALLOW).
  await db.schema
    .createTable('kyc_steps')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('kyc_steps_pk', ['user_id', 'level'])
    .execute();

  await db.schema
    .createTable('kyc_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('country', 'text', (c) => c.notNull())
    .addColumn('document_type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    // "<user_id>:<level>" while pending, NULL once decided: at most one pending application per
    // user and level, whatever the timing of two submits (NULLs never collide).
    .addColumn('pending_key', 'text', (c) => c.unique())
    .addColumn('submitted', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text', (c) => c.notNull())
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('kyc_applications_queue').on('kyc_applications').columns(['status', 'submitted_at']).execute();
  await db.schema.createIndex('kyc_applications_user').on('kyc_applications').columns(['user_id', 'level', 'submitted_at']).execute();

  await db.schema
    .createTable('kyc_decisions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // One decision per application: a second one is refused by the index as well as by the state check.
    .addColumn('application_id', 'text', (c) => c.notNull().unique().references('kyc_applications.id').onDelete('cascade'))
    .addColumn('reviewer_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('mode', 'text')
    .addColumn('reason_code', 'text')
    .addColumn('user_message', 'text', (c) => c.notNull())
    .addColumn('internal_note', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}
