import type { Config } from '../../config.ts';
import { batchedRead } from '../../db/batched-read.ts';
import { changeStampsOf, type ChangeStamps } from '../../db/change-stamps.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { createStampedCache } from '../../db/stamped-cache.ts';
import { createUnchangedCache } from '../../db/unchanged-cache.ts';
import { BusinessError, notFound } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import type { MemberInfo, UserProfile } from '../../../shared/api/profile.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { acquireAttempt, markSeen, releaseAttempt, resetCount, seenWithin, type BackoffRule, type Reservation } from '../throttle/throttle.service.ts';
import * as repo from './accounts.repo.ts';
import { hashToken, newToken } from './tokens.ts';
import { createPasswordReset } from './password-reset.ts';
import { createRegistration } from './registration.ts';
import { createClosure } from './closure.ts';
import { hashPassword, isBelowCost, PASSWORD_HASH_COST, unknownUserHash, verifyPassword, type PasswordHashCost } from './passwords.ts';

/** The strength rule of new passwords, for tools that create accounts (scripts/create-reviewer.ts). */
export { passwordWeakness } from './password-strength.ts';

export interface NewSession {
  /** The opaque token for the cookie; only its hash is stored. */
  token: string;
  expiresAt: Date;
  userId: string;
  role: UserRole;
}

export interface AuthenticatedUser {
  id: string;
  email: string;
  role: UserRole;
  sessionIdHash: string;
  /** The user's change stamps, read with the session (decision 024, ninth change); absent for an SDK caller. */
  changeStamps?: ChangeStamps;
}

export interface AccountsDeps {
  db: Db;
  config: Config;
  /** The user's KYC level (0, 1, 2); supplied by the KYC module. */
  levelOf?: (userId: string) => Promise<number>;
  /** Tells the owner of an address what registration did (the reply does not). */
  mailer: Mailer;
}

/** The first delay after the free failures; it doubles with each further failure (up to LOGIN_MAX_DELAY_SECONDS). */
const LOGIN_BASE_DELAY_MS = 1000;
/** An IP an account signed in from within this many days is the owner's: exempt from the account-wide delay. */
const KNOWN_IP_DAYS = 30;

export { CONFIRMATION_TTL_HOURS } from './registration.ts';
export { hashToken } from './tokens.ts';
const loginFailed = () => new BusinessError(RetCode.LOGIN_FAILED, 'invalid email or password');
const tooManyAttempts = (resetInMs: number) =>
  new BusinessError(RetCode.TOO_MANY_ATTEMPTS, 'too many attempts', {
    retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
  });

function parseTags(json: string): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json);
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)]));
  } catch {
    return {};
  }
}

/** How many profiles one server keeps (least recently read dropped first): a few hundred bytes each. */
const PROFILE_CACHE_ENTRIES = 10_000;
/** Sessions kept in memory (db/unchanged-cache.ts): a few hundred bytes each. */
const SESSION_CACHE_ENTRIES = 10_000;

export function createAccountsService({ db, config, levelOf = async () => 0, mailer }: AccountsDeps) {
  const window = config.login.windowMs;
  const hashCost: PasswordHashCost = { ...PASSWORD_HASH_COST, N: config.passwordHashN };
  // Every signed-in request reads its session: under load, the sessions asked for together are one statement.
  const liveSession = batchedRead(async (idHashes: readonly string[]) => new Map((await repo.findLiveSessions(db, idHashes, nowIso())).map((row) => [row.id_hash, row])));
  // On the embedded database, kept while nothing at all was written (db/unchanged-cache.ts).
  const sessions = createUnchangedCache<string, NonNullable<Awaited<ReturnType<typeof liveSession>>>>(db, SESSION_CACHE_ENTRIES);
  // The profile, the first call of every page: its user row read the same way (decision 034).
  const userById = batchedRead(async (ids: readonly string[]) => new Map((await repo.findFullUsersByIds(db, ids)).map((row) => [row.id, row])));
  const profiles = createStampedCache<UserProfile>(db, PROFILE_CACHE_ENTRIES);

  async function buildProfile(userId: string): Promise<UserProfile> {
    // Both reads at once; the level is not needed if the user is gone, but that is rare.
    const [user, level] = await Promise.all([userById(userId), levelOf(userId)]);
    if (!user) throw new BusinessError(RetCode.NOT_LOGGED_IN, 'user no permission');
    return {
      id: user.id,
      email: user.email,
      role: user.role as UserRole,
      currency_code: user.currency_code,
      sub_attribute: user.sub_attribute,
      member_tag: parseTags(user.member_tag),
      level,
      created_at: user.created_at,
    };
  }

  async function startSession(userId: string, role: UserRole, meta: { ip: string | null; userAgent: string | null }, previousIdHash?: string): Promise<NewSession> {
    const token = newToken();
    const now = new Date();
    const expiresAt = new Date(now.getTime() + (role === UserRole.REVIEWER ? config.reviewerSessionTtlMs : config.sessionTtlMs));
    await db.transaction().execute(async (trx) => {
      // A new session id at every login; an older session on this browser is ended.
      if (previousIdHash) await repo.deleteSession(trx, previousIdHash);
      await repo.insertSession(trx, {
        id_hash: hashToken(token),
        user_id: userId,
        created_at: nowIso(now),
        expires_at: nowIso(expiresAt),
        last_seen_at: nowIso(now),
        ip: meta.ip,
        user_agent: meta.userAgent?.slice(0, 300) ?? null,
      });
    });
    return { token, expiresAt, userId, role };
  }

  const registration = createRegistration({ db, config, mailer, startSession, tooManyAttempts, hashCost });
  const passwordReset = createPasswordReset({ db, config, mailer, tooManyAttempts, hashCost });
  const closure = createClosure(hashCost);

  return {
    /** Records (decision 018): an erasure request closes the account; retention anonymises it when due. */
    closeAccount: closure.closeAccount,
    anonymiseAccount: closure.anonymiseAccount,

    /**
     * Creates a confirmed account (e-mail already normalised by the shared schema) in one audited
     * transaction: scripts, seeding and tests; self-service registration goes through `register`.
     * Throws EMAIL_TAKEN when the address has an account.
     */
    async createUser(input: { email: string; password: string }, actor: Actor, role: UserRole = UserRole.USER, fields: { member_tag?: Record<string, string>; currency_code?: string } = {}): Promise<string> {
      return registration.createAccount(input.email, await hashPassword(input.password, hashCost), actor, role, fields, null);
    },

    /**
     * Deletes an account in the caller's transaction, with its sessions and KYC records (database
     * cascades); its documents must be removed first (documents.removeAllOf). Audited. For now only
     * demo seeding uses it, to redo a demo user that a crash left half-built.
     */
    async deleteUser(trx: Db, userId: string, actor: Actor): Promise<void> {
      const user = await repo.findUserById(trx, userId);
      if (!user) return;
      await repo.deleteUser(trx, userId);
      await recordAudit(trx, actor, { action: 'user.delete', entityType: 'user', entityId: userId, before: { email: user.email, role: user.role } });
    },

    register: registration.register,
    confirmEmail: registration.confirmEmail,
    requestPasswordReset: passwordReset.requestReset,
    resetPassword: passwordReset.resetPassword,

    /**
     * Verifies credentials with one answer for "no such account" and "wrong password". Throttled
     * by failures only (a successful login costs nothing), as growing delays, never a lock:
     *  - per account and IP: the guesser's own IP slows down, the owner elsewhere does not;
     *  - per account, from IPs that never signed in to it: many IPs guessing one password together;
     *    the owner's known IPs (a successful login in the last KNOWN_IP_DAYS) are exempt, so an
     *    attacker cannot keep the owner out;
     *  - per IP, over all accounts: one IP trying many accounts (NAT neighbours share only failures).
     * Every attempt is reserved as a failure BEFORE the (slow) password check, so parallel guesses
     * cannot all pass on the same count; a success releases its reservations.
     */
    async login(input: { email: string; password: string }, actor: Actor, meta: { ip: string | null; userAgent: string | null; previousIdHash?: string }): Promise<NewSession> {
      const ip = meta.ip ?? 'unknown';
      const rule = (free: number): BackoffRule => ({ free, baseDelayMs: LOGIN_BASE_DELAY_MS, maxDelayMs: config.login.maxDelayMs, forgetAfterMs: window });
      const known = await seenWithin(db, `login:known:${input.email}|${ip}`, KNOWN_IP_DAYS * 86_400_000);
      const checks: [string, BackoffRule][] = [
        [`login:fail:ip:${ip}`, rule(config.login.maxAttemptsPerIp)],
        [`login:fail:account-ip:${input.email}|${ip}`, rule(config.login.freeFailuresPerAccountIp)],
        ...(known ? [] : [[`login:fail:account:${input.email}`, rule(config.login.freeFailuresPerAccount)] as [string, BackoffRule]]),
      ];
      const reservations: Reservation[] = [];
      for (const [key, keyRule] of checks) {
        const attempt = await acquireAttempt(db, key, keyRule);
        if (!attempt.allowed) {
          for (const r of reservations) await releaseAttempt(db, r);
          throw tooManyAttempts(attempt.retryAfterMs);
        }
        reservations.push(attempt.reservation);
      }

      const user = await repo.findUserByEmail(db, input.email);
      const ok = await verifyPassword(user?.password_hash ?? (await unknownUserHash(hashCost)), input.password);
      // An unconfirmed account answers exactly like a wrong password, after the same work: otherwise
      // registering an address and logging in would tell whether the address was free.
      if (!user || !ok || user.email_confirmed_at === null) {
        if (user) {
          await recordAudit(db, { ...actor, id: null }, { action: 'user.login_failed', entityType: 'user', entityId: user.id });
        }
        throw loginFailed();
      }
      // Not a failure: the IP and account-wide reservations are taken back, the pair starts afresh.
      for (const r of reservations) await releaseAttempt(db, r);
      await resetCount(db, `login:fail:account-ip:${input.email}|${ip}`);
      // A disabled account (a demo account outside demo mode) is told so, but only to who knows its password.
      if (user.disabled_at !== null) {
        await recordAudit(db, { ...actor, id: null }, { action: 'user.login_refused_disabled', entityType: 'user', entityId: user.id });
        throw new BusinessError(RetCode.ACCOUNT_DISABLED, 'account disabled');
      }
      await markSeen(db, `login:known:${input.email}|${ip}`);
      // A hash made before PASSWORD_HASH_N was raised is made again at the configured cost, now that
      // the password is known: otherwise only a reset would ever bring an account up to it.
      if (isBelowCost(user.password_hash, hashCost)) {
        const stronger = await hashPassword(input.password, hashCost);
        await db.transaction().execute(async (trx) => {
          if ((await repo.replacePasswordHash(trx, user.id, user.password_hash, stronger)) === 0) return;
          await recordAudit(trx, { ...actor, type: 'user', id: user.id }, { action: 'user.password_rehashed', entityType: 'user', entityId: user.id, after: { N: hashCost.N, r: hashCost.r, p: hashCost.p } });
        });
      }
      const session = await startSession(user.id, user.role as UserRole, meta, meta.previousIdHash);
      await recordAudit(db, { ...actor, type: 'user', id: user.id }, { action: 'user.login', entityType: 'user', entityId: user.id });
      return session;
    },

    /**
     * Disables accounts (decision 035: demo accounts while demo mode is off): they can no longer log
     * in and their sessions end, in one transaction, audited per account. Returns the e-mails of
     * those that were enabled until now.
     */
    async disableAccounts(userIds: readonly string[], reason: string, actor: Actor): Promise<string[]> {
      if (userIds.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const enabled = await trx.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).where('disabled_at', 'is', null).execute();
        const at = nowIso();
        for (const u of enabled) {
          await trx.updateTable('users').set({ disabled_at: at, updated_at: at }).where('id', '=', u.id).execute();
          const ended = await trx.deleteFrom('sessions').where('user_id', '=', u.id).executeTakeFirst();
          await recordAudit(trx, actor, { action: 'user.disable', entityType: 'user', entityId: u.id, after: { reason, sessionsEnded: Number(ended.numDeletedRows) } });
        }
        return enabled.map((u) => u.email);
      });
    },

    /** Enables disabled accounts again (demo accounts back in demo mode), audited. Returns the e-mails enabled. */
    async enableAccounts(userIds: readonly string[], reason: string, actor: Actor): Promise<string[]> {
      if (userIds.length === 0) return [];
      return db.transaction().execute(async (trx) => {
        const disabled = await trx.selectFrom('users').select(['id', 'email']).where('id', 'in', userIds).where('disabled_at', 'is not', null).execute();
        const at = nowIso();
        for (const u of disabled) {
          await trx.updateTable('users').set({ disabled_at: null, updated_at: at }).where('id', '=', u.id).execute();
          await recordAudit(trx, actor, { action: 'user.enable', entityType: 'user', entityId: u.id, after: { reason } });
        }
        return disabled.map((u) => u.email);
      });
    },

    /** Ends the session server-side. Harmless when there is none. */
    async logout(idHash: string | undefined, actor: Actor): Promise<void> {
      if (!idHash) return;
      await db.transaction().execute(async (trx) => {
        const deleted = await repo.deleteSession(trx, idHash);
        if (deleted > 0 && actor.id) {
          await recordAudit(trx, actor, { action: 'user.logout', entityType: 'user', entityId: actor.id });
        }
      });
    },

    /** The user behind a cookie token, or null when the token is unknown or expired. */
    async resolveSession(token: string): Promise<AuthenticatedUser | null> {
      const idHash = hashToken(token);
      const row = await sessions.read(idHash, () => liveSession(idHash), (kept) => kept.expires_at > nowIso());
      if (!row) return null;
      const now = new Date();
      // Record activity at most every five minutes: a write per request would serialise SQLite.
      if (now.getTime() - Date.parse(row.last_seen_at) > 5 * 60_000) await repo.touchSession(db, idHash, nowIso(now));
      return { id: row.user_id, email: row.email, role: row.role as UserRole, sessionIdHash: idHash, changeStamps: changeStampsOf(row.own_stamp, row.everyone_stamp) };
    },

    /**
     * The user's profile, the first call of every page: kept while the user's change stamps stand
     * (its user row and steps move them), so a page's profile costs the session's one statement.
     * `stamps`: read with the request's session (`request.auth.changeStamps`); read here otherwise.
     */
    getProfile(userId: string, stamps?: ChangeStamps): Promise<UserProfile> {
      return profiles.read(userId, userId, () => buildProfile(userId), stamps);
    },

    async getMemberInfo(userId: string): Promise<MemberInfo> {
      const p = await this.getProfile(userId);
      return { id: p.id, email: p.email, level: p.level, member_tag: p.member_tag, currency_code: p.currency_code, created_at: p.created_at };
    },

    deleteExpiredSessions: () => repo.deleteExpiredSessions(db, nowIso()),

    /**
     * §3 member tags of a user (KYC '1': no steps); NOT_LOGGED_IN when the user does not exist. `q`: a
     * caller's open transaction (SQLite has one connection: a read outside it would wait for it).
     */
    async memberTags(userId: string, q: Db = db): Promise<Record<string, string>> {
      const user = await repo.findUserById(q, userId);
      if (!user) throw new BusinessError(RetCode.NOT_LOGGED_IN, 'user no permission');
      return parseTags(user.member_tag);
    },

    /**
     * Sets (value '') or removes one member tag, in the caller's transaction; audited
     * (`member.tag.set`, before and after). Which tags and values a caller may set is the extras
     * module's rule (decision 025); this only stores. Returns the tags after the change.
     */
    async setMemberTag(trx: Db, userId: string, tagName: string, value: string, actor: Actor, reason?: string): Promise<Record<string, string>> {
      const user = await repo.findUserById(trx, userId);
      if (!user) throw notFound();
      const before = parseTags(user.member_tag);
      const after = { ...before };
      if (value === '') delete after[tagName];
      else after[tagName] = value;
      if ((before[tagName] ?? '') === value) return before;
      await repo.updateUserFields(trx, userId, { member_tag: JSON.stringify(after), updated_at: nowIso() });
      await recordAudit(trx, actor, { action: 'member.tag.set', entityType: 'user', entityId: userId, before: { [tagName]: before[tagName] ?? null }, after: { [tagName]: value || null, ...(reason ? { reason } : {}) } });
      return after;
    },

    /** The id of the account with this (normalised) e-mail, for the console's member lookup. */
    async userIdByEmail(email: string): Promise<string | undefined> {
      return (await repo.findUserByEmail(db, email))?.id;
    },

    /** Who some users are (e-mail, role, since when), for the console; unknown ids are left out. */
    async usersByIds(ids: readonly string[]): Promise<Map<string, { id: string; email: string; role: UserRole; createdAt: string }>> {
      const rows = await repo.findUsersByIds(db, [...new Set(ids)]);
      return new Map(rows.map((u) => [u.id, { id: u.id, email: u.email, role: u.role as UserRole, createdAt: u.created_at }]));
    },

    /** The ids of the accounts with these e-mails (demo mode's own accounts); unknown ones are left out. */
    async idsByEmails(emails: readonly string[]): Promise<string[]> {
      return (await repo.findUserIdsByEmails(db, emails.map((e) => e.trim().toLowerCase()))).map((r) => r.id);
    },

    /** Whether the database has any account (a new database is seeded in demo mode). */
    async hasUsers(): Promise<boolean> {
      return (await repo.findAnyUser(db)) !== undefined;
    },

    /** The console's members (accounts of role reviewer), by e-mail, in the caller's transaction if any: the staff module gives them roles. */
    async consoleMembers(q: Db = db): Promise<{ id: string; email: string; disabled: boolean }[]> {
      return (await repo.findUsersByRole(q, UserRole.REVIEWER)).map((u) => ({ id: u.id, email: u.email, disabled: u.disabled_at !== null }));
    },

    /** The account with this e-mail (as stored: lower case), for the console's requests; undefined when none. */
    async userByEmail(email: string): Promise<{ id: string; email: string; role: UserRole } | undefined> {
      const u = await repo.findUserByEmail(db, email.trim().toLowerCase());
      return u && { id: u.id, email: u.email, role: u.role as UserRole };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
