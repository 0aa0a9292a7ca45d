import type { Kysely } from 'kysely';
import type { AccountSitesTable, Database, ReverificationRequestsTable, ReverificationSubmissionsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type RequestRow = ReverificationRequestsTable;
export type SubmissionRow = ReverificationSubmissionsTable;

export const RequestStatus = { OPEN: 'OPEN', CLOSED: 'CLOSED' } as const;
export const SubmissionStatus = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;

export async function insertRequest(db: Q, row: RequestRow): Promise<void> {
  await db.insertInto('reverification_requests').values(row).execute();
}

/** The open request of a user for a target (at most one: unique open_key). */
export function findOpenRequest(db: Q, userId: string, target: string) {
  return db.selectFrom('reverification_requests').selectAll().where('open_key', '=', `${userId}:${target}`).executeTakeFirst();
}

/** The open requests of a user for the given targets, in one statement (kyc-info shows both documents). */
export function findOpenRequests(db: Q, userId: string, targets: readonly string[]) {
  return db.selectFrom('reverification_requests').selectAll().where('open_key', 'in', targets.map((t) => `${userId}:${t}`)).execute();
}

export function findRequest(db: Q, id: string) {
  return db.selectFrom('reverification_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Users with an open request whose deadline is before `today`, after `after` in id order, at most `limit` (the limitation sweep's pages). */
export async function findUsersWithOverdueRequests(db: Q, today: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('reverification_requests')
    .select('user_id')
    .distinct()
    .where('status', '=', RequestStatus.OPEN)
    .where('deadline', '<', today)
    .where('user_id', '>', after)
    .orderBy('user_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

/** Closes an open request (compare-and-set on OPEN): 1 when closed now. */
export async function closeRequest(db: Q, id: string, at: string): Promise<number> {
  const r = await db
    .updateTable('reverification_requests')
    .set({ status: RequestStatus.CLOSED, open_key: null, closed_at: at })
    .where('id', '=', id)
    .where('status', '=', RequestStatus.OPEN)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertSubmission(db: Q, row: SubmissionRow): Promise<void> {
  await db.insertInto('reverification_submissions').values(row).execute();
}

export function findSubmission(db: Q, id: string) {
  return db.selectFrom('reverification_submissions').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findSubmissionsByIds(db: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([] as SubmissionRow[]);
  return db.selectFrom('reverification_submissions').selectAll().where('id', 'in', ids).execute();
}

/** When the user's last approved update of `target` was decided (null: never). */
export async function findLastApprovedAt(db: Q, userId: string, target: string): Promise<string | null> {
  const row = await db.selectFrom('reverification_submissions').select('decided_at').where('user_id', '=', userId).where('target', '=', target).where('status', '=', 'APPROVED').orderBy('decided_at', 'desc').executeTakeFirst();
  return row?.decided_at ?? null;
}

/** A user's updates, newest first (optionally of one target). */
export function findSubmissionsOfUser(db: Q, userId: string, target?: string) {
  let q = db.selectFrom('reverification_submissions').selectAll().where('user_id', '=', userId);
  if (target) q = q.where('target', '=', target);
  return q.orderBy('submitted_at', 'desc').orderBy('id', 'desc').execute();
}

/** Pending or approved updates of OTHER users that show this very document. */
export function findSameDocumentElsewhere(db: Q, userId: string, doc: { documentType: string; country: string; documentNumber: string }) {
  return db
    .selectFrom('reverification_submissions')
    .select(['id', 'user_id'])
    .where('user_id', '!=', userId)
    .where('document_type', '=', doc.documentType)
    .where('country', '=', doc.country)
    .where('document_number', '=', doc.documentNumber)
    .where('status', 'in', [SubmissionStatus.PENDING, SubmissionStatus.APPROVED])
    .execute();
}

/** An override (decision 022): the update's decision changes from `from` to `to` (compare-and-set): 1 when changed now. */
export async function redecideSubmission(db: Q, id: string, from: string, to: string, at: string): Promise<number> {
  const r = await db.updateTable('reverification_submissions').set({ status: to, decided_at: at }).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** An override rejected the update that closed the request: it is open again (compare-and-set on CLOSED). */
export async function reopenRequest(db: Q, id: string, userId: string, target: string): Promise<number> {
  const r = await db
    .updateTable('reverification_requests')
    .set({ status: RequestStatus.OPEN, open_key: `${userId}:${target}`, closed_at: null })
    .where('id', '=', id)
    .where('status', '=', RequestStatus.CLOSED)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Decides a pending update (compare-and-set on PENDING): 1 when decided now. */
export async function closeSubmission(db: Q, id: string, status: string, at: string): Promise<number> {
  const r = await db
    .updateTable('reverification_submissions')
    .set({ status, pending_key: null, decided_at: at })
    .where('id', '=', id)
    .where('status', '=', SubmissionStatus.PENDING)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Rejected updates of a user's target decided at or after `since` (the start of the UTC day). */
export async function countRejectionsSince(db: Q, userId: string, target: string, since: string): Promise<number> {
  const r = await db
    .selectFrom('reverification_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('target', '=', target)
    .where('status', '=', SubmissionStatus.REJECTED)
    .where('decided_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

export function findSite(db: Q, userId: string) {
  return db.selectFrom('account_sites').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export async function upsertSite(db: Q, row: AccountSitesTable): Promise<void> {
  await db
    .insertInto('account_sites')
    .values(row)
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ site: row.site, assigned_at: row.assigned_at }))
    .execute();
}

/** Marks the EU reset done (once: compare-and-set on null). */
export async function markEuReset(db: Q, userId: string, at: string): Promise<number> {
  const r = await db.updateTable('account_sites').set({ eu_poi_reset_at: at }).where('user_id', '=', userId).where('eu_poi_reset_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** A user's requests, oldest first (for the user's data export and erasure). */
export function findRequestsOfUser(db: Q, userId: string) {
  return db.selectFrom('reverification_requests').selectAll().where('user_id', '=', userId).orderBy('requested_at', 'asc').orderBy('id', 'asc').execute();
}

/** Erasure: the document numbers, holders and messages of a user's requests and updates, blanked. */
export async function erasePersonalDataOfUser(db: Q, userId: string): Promise<number> {
  const s = await db.updateTable('reverification_submissions').set({ document_number: '', holder: null }).where('user_id', '=', userId).executeTakeFirst();
  const r = await db.updateTable('reverification_requests').set({ message: '' }).where('user_id', '=', userId).executeTakeFirst();
  return Number(s.numUpdatedRows) + Number(r.numUpdatedRows);
}

/** Users who sent an update with this document number (the console's search; migration 038's index). */
export async function findUsersByDocumentNumber(db: Q, number: string, limit: number): Promise<string[]> {
  const rows = await db.selectFrom('reverification_submissions').select('user_id').distinct().where('document_number', '=', number).limit(limit).execute();
  return rows.map((r) => r.user_id);
}
