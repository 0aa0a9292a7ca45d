import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, ValidationFailed } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import type { MemberInfo, UserProfile } from '../../../shared/api/profile.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { acquireAttempt, countHit, markSeen, releaseAttempt, resetCount, seenWithin, type BackoffRule, type Reservation } from '../throttle/throttle.service.ts';
import * as repo from './accounts.repo.ts';
import { alreadyRegisteredMail, confirmAccountMail } from './account-mail.ts';
import { passwordWeakness } from './password-strength.ts';
import { hashPassword, unknownUserHash, verifyPassword } from './passwords.ts';

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
/** How long a mailed confirmation link works (decision 013). */
export const CONFIRMATION_TTL_HOURS = 24;
/** An IP an account signed in from within this many days is the owner's: exempt from the account-wide delay. */
const KNOWN_IP_DAYS = 30;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

const newToken = () => randomBytes(32).toString('base64url');
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

export function createAccountsService({ db, config, levelOf = async () => 0, mailer }: AccountsDeps) {
  const window = config.login.windowMs;

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

  /**
   * Inserts an account and audits it, in one transaction. `confirmation`: the account is unconfirmed
   * and this mailed link (stored hashed) is the way to confirm it; null: confirmed from the start.
   */
  async function createAccount(
    email: string,
    passwordHash: string,
    actor: Actor,
    role: UserRole,
    fields: { member_tag?: Record<string, string>; currency_code?: string },
    confirmation: { tokenHash: string; expiresAt: string } | null,
  ): Promise<string> {
    const id = randomUUID();
    const now = nowIso();
    try {
      await db.transaction().execute(async (trx) => {
        if (await repo.findUserByEmail(trx, email)) throw new BusinessError(RetCode.EMAIL_TAKEN, 'email already registered');
        const user = {
          id,
          email,
          password_hash: passwordHash,
          role,
          currency_code: fields.currency_code ?? '',
          sub_attribute: '',
          member_tag: JSON.stringify(fields.member_tag ?? {}),
          created_at: now,
          updated_at: now,
          email_confirmed_at: confirmation ? null : now,
        };
        await repo.insertUser(trx, user);
        if (confirmation) {
          await repo.insertEmailConfirmation(trx, { token_hash: confirmation.tokenHash, user_id: id, password_hash: passwordHash, created_at: now, expires_at: confirmation.expiresAt });
        }
        await recordAudit(trx, { ...actor, id: actor.id ?? id }, { action: 'user.register', entityType: 'user', entityId: id, after: { email: user.email, role, member_tag: user.member_tag, confirmed: !confirmation } });
      });
    } catch (err) {
      if (err instanceof BusinessError) throw err;
      // Two concurrent registrations of one address: the unique index decides.
      if (/unique|duplicate/i.test(String((err as Error).message))) throw new BusinessError(RetCode.EMAIL_TAKEN, 'email already registered');
      throw err;
    }
    return id;
  }

  /** A new confirmation link: the token for the e-mail, its hash and expiry for the database. */
  function confirmationLink(siteOrigin: string) {
    const token = newToken();
    return {
      tokenHash: hashToken(token),
      expiresAt: nowIso(new Date(Date.now() + CONFIRMATION_TTL_HOURS * 3600_000)),
      url: `${siteOrigin}${LOGIN_PAGE}?confirm=${token}`,
    };
  }

  return {
    /**
     * Creates a confirmed account (e-mail already normalised by the shared schema) in one audited
     * transaction: scripts, seeding and tests; self-service registration goes through `register`.
     * Throws EMAIL_TAKEN when the address has an account.
     */
    async createUser(input: { email: string; password: string }, actor: Actor, role: UserRole = UserRole.USER, fields: { member_tag?: Record<string, string>; currency_code?: string } = {}): Promise<string> {
      return createAccount(input.email, await hashPassword(input.password), actor, role, fields, null);
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

    /**
     * Self-service sign-up (throttled per IP), with one outcome for the caller whether the address is
     * new or already has an account, so registration never tells which addresses exist: no session
     * either way, the same reply, about the same time (a password is hashed in both cases). The owner
     * of the address learns by e-mail: a new (or still unconfirmed) account gets a confirmation link
     * (`siteOrigin` + /login?confirm=…), without which it cannot log in; a confirmed one gets "someone
     * tried". The password must pass the strength estimate first, judged without the database.
     */
    async register(input: { email: string; password: string }, actor: Actor, meta: { ip: string | null; siteOrigin: string }): Promise<void> {
      if (meta.ip) {
        const perIp = await countHit(db, `register:ip:${meta.ip}`, window, Date.now());
        if (perIp.count > config.login.maxAttemptsPerIp) throw tooManyAttempts(perIp.resetInMs);
      }
      const weakness = await passwordWeakness(input.password, input.email);
      if (weakness) throw new ValidationFailed([{ path: 'password', code: weakness }]);

      const passwordHash = await hashPassword(input.password);
      const existing = await repo.findUserByEmail(db, input.email);
      if (!existing) {
        const link = confirmationLink(meta.siteOrigin);
        try {
          await createAccount(input.email, passwordHash, actor, UserRole.USER, {}, link);
          await mailer.send(confirmAccountMail(input.email, link.url, CONFIRMATION_TTL_HOURS));
          return;
        } catch (err) {
          // Registered concurrently by someone else: that is the "already registered" case too.
          if (!(err instanceof BusinessError && err.retCode === RetCode.EMAIL_TAKEN)) throw err;
        }
      }
      const owner = existing ?? (await repo.findUserByEmail(db, input.email));
      if (!owner) return;
      if (owner.email_confirmed_at === null) {
        // Not confirmed yet (the first link lost, or someone else registered the address first): a new
        // link, carrying this registration's password. Only the mailbox's owner can use either link,
        // and whichever they open sets the password chosen with it.
        const link = confirmationLink(meta.siteOrigin);
        await db.transaction().execute(async (trx) => {
          await repo.insertEmailConfirmation(trx, { token_hash: link.tokenHash, user_id: owner.id, password_hash: passwordHash, created_at: nowIso(), expires_at: link.expiresAt });
          await recordAudit(trx, { ...actor, id: null }, { action: 'user.confirmation_resent', entityType: 'user', entityId: owner.id });
        });
        await mailer.send(confirmAccountMail(input.email, link.url, CONFIRMATION_TTL_HOURS));
        return;
      }
      await recordAudit(db, { ...actor, id: null }, { action: 'user.register_existing', entityType: 'user', entityId: owner.id });
      await mailer.send(alreadyRegisteredMail(input.email));
    },

    /**
     * Opens a mailed confirmation link (throttled per IP, like registration): confirms the address,
     * sets the password chosen with that link, uses up every link of the account, and signs in. One
     * answer, EMAIL_CONFIRMATION_INVALID, for an unknown, expired or used token.
     */
    async confirmEmail(token: string, actor: Actor, meta: { ip: string | null; userAgent: string | null; previousIdHash?: string }): Promise<NewSession> {
      if (meta.ip) {
        const perIp = await countHit(db, `confirm:ip:${meta.ip}`, window, Date.now());
        if (perIp.count > config.login.maxAttemptsPerIp) throw tooManyAttempts(perIp.resetInMs);
      }
      const now = nowIso();
      const confirmed = await db.transaction().execute(async (trx) => {
        const link = await repo.findEmailConfirmation(trx, hashToken(token));
        // Deleting first makes the link single use even when it is opened twice at once.
        if (!link || (await repo.deleteEmailConfirmation(trx, link.token_hash)) !== 1 || link.expires_at <= now) return null;
        const user = await repo.findUserById(trx, link.user_id);
        if (!user || (await repo.confirmUserEmail(trx, user.id, link.password_hash, now)) !== 1) return null;
        await repo.deleteEmailConfirmationsOf(trx, user.id);
        await recordAudit(trx, { ...actor, type: 'user', id: user.id }, { action: 'user.email_confirmed', entityType: 'user', entityId: user.id, after: { email_confirmed_at: now } });
        return user;
      });
      if (!confirmed) throw new BusinessError(RetCode.EMAIL_CONFIRMATION_INVALID, 'confirmation link invalid or expired');
      const session = await startSession(confirmed.id, confirmed.role as UserRole, meta, meta.previousIdHash);
      await recordAudit(db, { ...actor, type: 'user', id: confirmed.id }, { action: 'user.login', entityType: 'user', entityId: confirmed.id, after: { via: 'email_confirmation' } });
      return session;
    },

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
      const ok = await verifyPassword(user?.password_hash ?? (await unknownUserHash), input.password);
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
      await markSeen(db, `login:known:${input.email}|${ip}`);
      const session = await startSession(user.id, user.role as UserRole, meta, meta.previousIdHash);
      await recordAudit(db, { ...actor, type: 'user', id: user.id }, { action: 'user.login', entityType: 'user', entityId: user.id });
      return session;
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
      const now = new Date();
      const row = await repo.findLiveSession(db, idHash, nowIso(now));
      if (!row) return null;
      // Record activity at most every five minutes: a write per request would serialise SQLite.
      if (now.getTime() - Date.parse(row.last_seen_at) > 5 * 60_000) await repo.touchSession(db, idHash, nowIso(now));
      return { id: row.user_id, email: row.email, role: row.role as UserRole, sessionIdHash: idHash };
    },

    async getProfile(userId: string): Promise<UserProfile> {
      const user = await repo.findUserById(db, userId);
      if (!user) throw new BusinessError(RetCode.NOT_LOGGED_IN, 'user no permission');
      return {
        id: user.id,
        email: user.email,
        role: user.role as UserRole,
        currency_code: user.currency_code,
        sub_attribute: user.sub_attribute,
        member_tag: parseTags(user.member_tag),
        level: await levelOf(user.id),
        created_at: user.created_at,
      };
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

    /** Who some users are (e-mail, role, since when), for the console; unknown ids are left out. */
    async usersByIds(ids: readonly string[]): Promise<Map<string, { id: string; email: string; role: UserRole; createdAt: string }>> {
      const rows = await repo.findUsersByIds(db, [...new Set(ids)]);
      return new Map(rows.map((u) => [u.id, { id: u.id, email: u.email, role: u.role as UserRole, createdAt: u.created_at }]));
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
