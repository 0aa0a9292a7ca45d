import type { Kysely } from 'kysely';

/**
 * Issue 27, point 5 (decision 058): one phone session for the rest of level 1. A REMAINING link keeps
 * its plan: `kinds`, the pictures the phone is asked for in order (JSON, e.g.
 * `["DOCUMENT_BACK","SELFIE"]`), fixed when the link is made from the document type and the drafts
 * the user already has; `document_type`, the type chosen on the desktop (it names the sides on the
 * phone). Both null for the one-step links of decision 023, whose kinds follow from `step`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('capture_handoffs').addColumn('kinds', 'text').execute();
  await db.schema.alterTable('capture_handoffs').addColumn('document_type', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('capture_handoffs').dropColumn('document_type').execute();
  await db.schema.alterTable('capture_handoffs').dropColumn('kinds').execute();
}
