import type { Kysely } from 'kysely';

/**
 * Issue 27, point 9 (decision 053): `kyc_announcements.translations`, the announcement's title and body
 * in other languages (JSON: `{ "de-DE": { "title": …, "body": … }, … }`), written by the administrator
 * who publishes it. Null for announcements published before (shown in the language they were written in).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_announcements').addColumn('translations', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('kyc_announcements').dropColumn('translations').execute();
}
