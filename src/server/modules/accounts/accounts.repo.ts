import type { Kysely } from 'kysely';
import { withChangeStamps } from '../../db/change-stamps.ts';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database, UsersTable } from '../../db/schema.ts';

type Q = Kysely<Database>;

export type UserRow = UsersTable;

export function findUserByEmail(db: Q, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
}

const userById = compiledOnce((db: Q, id: string) => db.selectFrom('users').selectAll().where('id', '=', id));

const usersByIds = compiledOnce((db: Q, ids: readonly string[]) => db.selectFrom('users').selectAll().where('id', 'in', ids));

/** Every column of the users with these ids (a batch of profile reads: one statement). */
export function findFullUsersByIds(db: Q, ids: readonly string[]): Promise<UserRow[]> {
  return usersByIds(db, ids);
}

/** The user with `id` (compiled once, decision 034). */
export async function findUserById(db: Q, id: string): Promise<UserRow | undefined> {
  return (await userById(db, id))[0];
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

const liveSessions = compiledOnce((db: Q, idHashes: readonly string[], nowIso: string) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.id_hash', 'sessions.expires_at', 'sessions.last_seen_at', 'users.id as user_id', 'users.email', 'users.role'])
    .select(withChangeStamps)
    .where('sessions.id_hash', 'in', idHashes)
    .where('sessions.expires_at', '>', nowIso)
    // A disabled account has no sessions (they end with it); this holds if one is made anyway.
    .where('users.disabled_at', 'is', null),
);

/**
 * The live (existing, unexpired) sessions among `idHashes`, with their users and the users' change
 * stamps (one statement for many requests; compiled once per number of sessions, decision 034).
 */
export function findLiveSessions(db: Q, idHashes: readonly string[], nowIso: string) {
  return liveSessions(db, idHashes, nowIso);
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

/** The ids of the accounts with these (stored, lower-case) e-mails. */
export function findUserIdsByEmails(db: Q, emails: readonly string[]) {
  if (emails.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select('id').where('email', 'in', emails).execute();
}

/** Any one account: whether the database has users at all. */
export function findAnyUser(db: Q) {
  return db.selectFrom('users').select('id').limit(1).executeTakeFirst();
}

/** Every account of a role, by e-mail (the console's members: role reviewer). */
export function findUsersByRole(db: Q, role: string) {
  return db.selectFrom('users').select(['id', 'email', 'disabled_at']).where('role', '=', role).orderBy('email').execute();
}

export async function insertEmailConfirmation(db: Q, row: Database['email_confirmations']): Promise<void> {
  await db.insertInto('email_confirmations').values(row).execute();
}

export function findEmailConfirmation(db: Q, tokenHash: string) {
  return db.selectFrom('email_confirmations').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Deletes one link; 1 only for the caller that removed it (single use under concurrent clicks). */
export async function deleteEmailConfirmation(db: Q, tokenHash: string): Promise<number> {
  const r = await db.deleteFrom('email_confirmations').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deleteEmailConfirmationsOf(db: Q, userId: string): Promise<void> {
  await db.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
}

/** Confirms an unconfirmed account with the password of the link used; 0 when it was confirmed already. */
export async function confirmUserEmail(db: Q, id: string, passwordHash: string, nowIso: string): Promise<number> {
  const r = await db
    .updateTable('users')
    .set({ email_confirmed_at: nowIso, password_hash: passwordHash, updated_at: nowIso })
    .where('id', '=', id)
    .where('email_confirmed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function insertPasswordReset(db: Q, row: Database['password_resets']): Promise<void> {
  await db.insertInto('password_resets').values(row).execute();
}

export function findPasswordReset(db: Q, tokenHash: string) {
  return db.selectFrom('password_resets').selectAll().where('token_hash', '=', tokenHash).executeTakeFirst();
}

/** Deletes one reset link; 1 only for the caller that removed it (single use under concurrent clicks). */
export async function deletePasswordReset(db: Q, tokenHash: string): Promise<number> {
  const r = await db.deleteFrom('password_resets').where('token_hash', '=', tokenHash).executeTakeFirst();
  return Number(r.numDeletedRows);
}

export async function deletePasswordResetsOf(db: Q, userId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('user_id', '=', userId).execute();
}

/** A new password; an unconfirmed address becomes confirmed (the mailed link proved it). */
export async function setPassword(db: Q, id: string, passwordHash: string, nowIso: string): Promise<void> {
  await db
    .updateTable('users')
    .set((eb) => ({ password_hash: passwordHash, updated_at: nowIso, email_confirmed_at: eb.fn.coalesce('email_confirmed_at', eb.val(nowIso)) }))
    .where('id', '=', id)
    .execute();
}

/** The same password hashed at a higher cost, unless the hash changed meanwhile (a reset): rows changed, 0 or 1. */
export async function replacePasswordHash(db: Q, id: string, previousHash: string, passwordHash: string): Promise<number> {
  const r = await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', id).where('password_hash', '=', previousHash).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Ends every session of the account; how many there were. */
export async function deleteSessionsOf(db: Q, userId: string): Promise<number> {
  const r = await db.deleteFrom('sessions').where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numDeletedRows);
}
