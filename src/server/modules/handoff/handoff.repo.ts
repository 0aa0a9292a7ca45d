import type { Kysely } from 'kysely';
import type { CaptureHandoffsTable, Database } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type HandoffRow = CaptureHandoffsTable;

export async function insertHandoff(db: Q, row: HandoffRow): Promise<void> {
  await db.insertInto('capture_handoffs').values(row).execute();
}

export function findById(db: Q, id: string) {
  return db.selectFrom('capture_handoffs').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findByTokenHash(db: Q, tokenHash: string) {
  return db.selectFrom('capture_handoffs').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

export function findByDeviceHash(db: Q, deviceHash: string) {
  return db.selectFrom('capture_handoffs').selectAll().where('device_hash', '=', deviceHash).executeTakeFirst();
}

/** The user's links of a level that are still PENDING or OPENED (the service picks those a new link supersedes). */
export function findOpenOf(db: Q, userId: string, level: number) {
  return db.selectFrom('capture_handoffs').selectAll().where('user_id', '=', userId).where('level', '=', level).where('status', 'in', ['PENDING', 'OPENED']).execute();
}

/**
 * Moves a link from one stored status to another only if it is still in `from` (and, with
 * `uploads`, still lists exactly those): a concurrent change makes this a no-op, reported as 0.
 */
export async function updateIf(db: Q, id: string, from: { status: string; uploads?: string }, set: Partial<HandoffRow>): Promise<number> {
  let q = db.updateTable('capture_handoffs').set(set).where('id', '=', id).where('status', '=', from.status);
  if (from.uploads !== undefined) q = q.where('uploads', '=', from.uploads);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Links whose every use is over, before `before` (the retention job's sweep). */
export async function deleteFinishedBefore(db: Q, before: string): Promise<number> {
  const r = await db.deleteFrom('capture_handoffs').where('expires_at', '<', before).where((eb) => eb.or([eb('session_expires_at', 'is', null), eb('session_expires_at', '<', before)])).executeTakeFirst();
  return Number(r.numDeletedRows);
}
