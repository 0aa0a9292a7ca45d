import type { Db } from '../../db/index.ts';
import type { VendorSessionsTable, VendorWebhookEventsTable } from '../../db/schema.ts';

type Q = Db;
export type VendorSessionRow = VendorSessionsTable;

/** The kyc module's vendor tables (migrations 006, 019): sessions with vendors (first verification or an update) and their webhook deliveries. */

export async function insertSession(db: Q, row: VendorSessionRow): Promise<void> {
  await db.insertInto('vendor_sessions').values(row).execute();
}

/** The user's newest first-verification session of a level, if any (an update's session does not route first verification). */
export function latestSession(db: Q, userId: string, level: number) {
  return db
    .selectFrom('vendor_sessions')
    .selectAll()
    .where('user_id', '=', userId)
    .where('level', '=', level)
    .where('purpose', '=', 'VERIFICATION')
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
}

/** The session a vendor's event is about: its applicant / workflow id, and the level when it says. */
export function sessionForEvent(db: Q, provider: string, externalId: string, level: number | null) {
  let q = db.selectFrom('vendor_sessions').selectAll().where('provider', '=', provider).where('external_id', '=', externalId);
  if (level !== null) q = q.where('level', '=', level);
  return q.orderBy('created_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
}

/**
 * Moves the session's clock to `at` unless a newer event was applied already (compare-and-set):
 * 1 when this event is the newest, 0 when it is stale.
 */
export async function advanceClock(db: Q, id: string, at: string): Promise<number> {
  const r = await db
    .updateTable('vendor_sessions')
    .set({ last_event_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_event_at', 'is', null), eb('last_event_at', '<=', at)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function setApplication(db: Q, id: string, applicationId: string): Promise<void> {
  await db.updateTable('vendor_sessions').set({ application_id: applicationId }).where('id', '=', id).execute();
}

/** Records a delivery once: false when (provider, event id) was recorded before (a replay). */
export async function recordEvent(db: Q, row: VendorWebhookEventsTable): Promise<boolean> {
  const r = await db
    .insertInto('vendor_webhook_events')
    .values(row)
    .onConflict((oc) => oc.columns(['provider', 'event_id']).doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return r !== undefined;
}

export async function setEventResult(db: Q, provider: string, eventId: string, result: string): Promise<void> {
  await db.updateTable('vendor_webhook_events').set({ result }).where('provider', '=', provider).where('event_id', '=', eventId).execute();
}

export function findEvents(db: Q, provider: string, externalId: string) {
  return db.selectFrom('vendor_webhook_events').selectAll().where('provider', '=', provider).where('external_id', '=', externalId).orderBy('received_at').execute();
}

/** An update session's submission, once the vendor reported one (compare-and-set on null): 1 when set now. */
export async function setUpdateSubmission(db: Q, id: string, submissionId: string): Promise<number> {
  const r = await db.updateTable('vendor_sessions').set({ reverification_submission_id: submissionId }).where('id', '=', id).where('reverification_submission_id', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
