import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect.ts';

/**
 * Issue 28 (decision 051): the console finds a user by e-mail, name, user id, case id or document
 * number on the server, each through an index, so a search costs the same at a million users as at
 * ten. E-mails (lower-cased at registration, unique), user ids and case ids have theirs already.
 * Names are matched word by word, case-insensitively: an index on lower(first_name) and on
 * lower(last_name). A level-1 application keeps its document number inside the submitted JSON: an
 * expression index on that field (each dialect's JSON path; the repo uses the same expression). An
 * update's number (reverification) is a column; its index (009) leads with type and country, so it
 * gets one of its own.
 */
export const APPLICATION_DOCUMENT_NUMBER_SQLITE = `json_extract(submitted, '$.document.number')`;
export const APPLICATION_DOCUMENT_NUMBER_POSTGRES = `((submitted::jsonb) #>> '{document,number}')`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('kyc_personal_info_first_name').on('kyc_personal_info').expression(sql`lower(first_name)`).execute();
  await db.schema.createIndex('kyc_personal_info_last_name').on('kyc_personal_info').expression(sql`lower(last_name)`).execute();
  const number = isPostgres(db) ? APPLICATION_DOCUMENT_NUMBER_POSTGRES : APPLICATION_DOCUMENT_NUMBER_SQLITE;
  await db.schema.createIndex('kyc_applications_document_number').on('kyc_applications').expression(sql.raw(number)).execute();
  await db.schema.createIndex('reverification_submissions_number').on('reverification_submissions').column('document_number').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const name of ['kyc_personal_info_first_name', 'kyc_personal_info_last_name', 'kyc_applications_document_number', 'reverification_submissions_number']) {
    await db.schema.dropIndex(name).execute();
  }
}
