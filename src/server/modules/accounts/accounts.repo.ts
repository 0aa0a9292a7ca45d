import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export type UserRow = UsersTable;

export function findUserByEmail(db: Q, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

export function findUserById(db: Q, id: string) {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertUser(db: Q, user: UserRow): Promise<void> {
  await db.insertInto('users').values(user).execute();
}

/** Deletes the account; the database cascades to its sessions and KYC records (not its documents). */
export async function deleteUser(db: Q, id: string): Promise<number> {
  const r = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function updateUserFields(
  db: Q,
  id: string,
  fields: Partial<Pick<UserRow, 'member_tag' | 'currency_code' | 'sub_attribute' | 'role' | 'updated_at'>>,
): Promise<void> {
  await db.updateTable('users').set(fields).where('id', '=', id).execute();
}

export async function insertSession(db: Q, session: Database['sessions']): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/** The session and its user, when the session exists and has not expired. */
export function findLiveSession(db: Q, idHash: string, nowIso: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id_hash',
      'sessions.expires_at',
      'sessions.last_seen_at',
      'users.id as user_id',
      'users.email',
      'users.role',
    ])
    .where('sessions.id_hash', '=', idHash)
    .where('sessions.expires_at', '>', nowIso)
    .executeTakeFirst();
}

export async function touchSession(db: Q, idHash: string, nowIso: string): Promise<void> {
  await db.updateTable('sessions').set({ last_seen_at: nowIso }).where('id_hash', '=', idHash).execute();
}

export async function deleteSession(db: Q, idHash: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('id_hash', '=', idHash).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteExpiredSessions(db: Q, nowIso: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export function findUsersByIds(db: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email', 'role', 'created_at']).where('id', 'in', ids).execute();
}
