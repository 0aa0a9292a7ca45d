import { sql, type Kysely } from 'kysely';
import { APPLICATION_DOCUMENT_NUMBER_POSTGRES, APPLICATION_DOCUMENT_NUMBER_SQLITE } from '../../db/migrations/038-console-search.ts';
import { isPostgres } from '../../db/index.ts';
import type { Database, KycApplicationsTable, KycPersonalInfoTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export type PersonalInfoRow = KycPersonalInfoTable;
export type ApplicationRow = KycApplicationsTable;

// --- personal information -------------------------------------------------------------------

export function findPersonalInfo(db: Q, userId: string) {
  return db.selectFrom('kyc_personal_info').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

/**
 * Reads the row and, on PostgreSQL, locks it until the transaction ends: saving and submitting
 * serialise on it, so information cannot change between the "still editable" check and the write,
 * nor between a submission's snapshot and its commit. (SQLite runs one write transaction at a time.)
 */
export function lockPersonalInfo(db: Q, userId: string) {
  return db
    .selectFrom('kyc_personal_info')
    .selectAll()
    .where('user_id', '=', userId)
    .$if(isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** Insert or replace the user's personal information (one row per user). */
export async function upsertPersonalInfo(db: Q, row: PersonalInfoRow): Promise<void> {
  const { user_id: _id, created_at: _created, ...changes } = row;
  await db
    .insertInto('kyc_personal_info')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
    .execute();
}

/** Columns of the residential address: the only personal information that changes after level 1. */
export type AddressColumns = Pick<PersonalInfoRow, 'residence_country' | 'address_line1' | 'address_line2' | 'city' | 'state_region' | 'postal_code'>;

/** Replaces the residential address of an existing row (names, birth date, nationality untouched). */
export async function updateAddress(db: Q, userId: string, address: AddressColumns, at: string): Promise<number> {
  const r = await db
    .updateTable('kyc_personal_info')
    .set({ ...address, updated_at: at })
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

// --- applications ---------------------------------------------------------------------------

export async function insertApplication(db: Q, row: Omit<ApplicationRow, 'reason_codes'> & { reason_codes?: string | null }): Promise<void> {
  await db.insertInto('kyc_applications').values({ reason_codes: null, ...row }).execute();
}

/** Every reason of a rejection (a vendor's several), beside the decision's main one. */
export async function setReasonCodes(db: Q, id: string, codes: readonly string[]): Promise<void> {
  await db.updateTable('kyc_applications').set({ reason_codes: JSON.stringify(codes) }).where('id', '=', id).execute();
}

/** The user's pending application of a level, if any. */
export function findPendingApplication(db: Q, userId: string, level: number) {
  return db.selectFrom('kyc_applications').selectAll().where('pending_key', '=', `${userId}:${level}`).executeTakeFirst();
}

export function findApplication(db: Q, id: string) {
  return db.selectFrom('kyc_applications').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's applications, most recent first. */
export function findApplicationsOfUser(db: Q, userId: string) {
  return db
    .selectFrom('kyc_applications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('submitted_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** Compare-and-set PENDING -> decided; frees the pending slot. Returns the rows changed (0 or 1). */
export async function closeApplication(db: Q, id: string, status: string, at: string): Promise<number> {
  const r = await db
    .updateTable('kyc_applications')
    .set({ status, decided_at: at, pending_key: null })
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * Compare-and-set of a decided application's outcome (a reviewer's override, decision 022): only
 * from `from`; its reasons become the new decision's (null for an approval). Returns the rows changed.
 */
export async function redecideApplication(db: Q, id: string, from: string, to: string, at: string, reasonCodes: readonly string[] | null): Promise<number> {
  const r = await db
    .updateTable('kyc_applications')
    .set({ status: to, decided_at: at, reason_codes: reasonCodes ? JSON.stringify(reasonCodes) : null })
    .where('id', '=', id)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Applications by id (the console's queue page), in no particular order. */
export function findApplicationsByIds(db: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('kyc_applications').select(['id', 'document_type']).where('id', 'in', ids).execute();
}

/**
 * Users with personal information who live in or are nationals of one of `countries`, the next
 * `limit` after `after` in id order: the candidates a new country risk list re-assesses (decision
 * 041); whether each is verified is the steps module's to answer (verified-people.ts).
 */
export async function findPeopleIn(db: Q, countries: readonly string[], after: string, limit: number): Promise<string[]> {
  if (countries.length === 0) return [];
  const rows = await db
    .selectFrom('kyc_personal_info')
    .select('user_id')
    .where((eb) => eb.or([eb('residence_country', 'in', [...countries]), eb('nationality', 'in', [...countries])]))
    .where('user_id', '>', after)
    .orderBy('user_id')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

// --- the console's search (migration 038, decision 051) ---------------------------------------

/**
 * Users whose first or last name is one of `names` (lower-cased, whole), at most `limit`; each side
 * reads its lower(...) index. The caller narrows by the other words of the query.
 */
export function findUsersByNames(db: Q, names: readonly string[], limit: number) {
  return db
    .selectFrom('kyc_personal_info')
    .select(['user_id', 'first_name', 'middle_name', 'last_name'])
    .where((eb) => eb.or([eb(eb.fn('lower', ['last_name']), 'in', [...names]), eb(eb.fn('lower', ['first_name']), 'in', [...names])]))
    .orderBy('user_id')
    .limit(limit)
    .execute();
}

/** The names of the given users (personal information as saved). */
export function findNamesOf(db: Q, userIds: readonly string[]) {
  if (userIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('kyc_personal_info').select(['user_id', 'first_name', 'middle_name', 'last_name']).where('user_id', 'in', userIds).execute();
}

/** Users whose submitted application carries this document number, through migration 038's expression index. */
export async function findUsersByDocumentNumber(db: Q, number: string, limit: number): Promise<string[]> {
  const expression = sql.raw(isPostgres(db as unknown as Kysely<unknown>) ? APPLICATION_DOCUMENT_NUMBER_POSTGRES : APPLICATION_DOCUMENT_NUMBER_SQLITE);
  const rows = await db
    .selectFrom('kyc_applications')
    .select('user_id')
    .distinct()
    .where(sql<string>`${expression}`, '=', number)
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}
