import type { Kysely } from 'kysely';

/**
 * Issue 26 (docs/decisions/035): an account can be disabled. Demo accounts (published passwords) are
 * disabled when a deployment that once ran in demo mode starts without it, and enabled again in demo
 * mode; a disabled account cannot log in and has no sessions. Null: enabled.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('disabled_at', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('disabled_at').execute();
}
