import { randomUUID } from 'node:crypto';
import { UserRole } from '../../../shared/api/accounts.ts';
import { LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, ValidationFailed } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { countHit } from '../throttle/throttle.service.ts';
import { alreadyRegisteredMail, confirmAccountMail } from './account-mail.ts';
import * as repo from './accounts.repo.ts';
import { passwordWeakness } from './password-strength.ts';
import { hashPassword, type PasswordHashCost } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a mailed confirmation link works (decision 013). */
export const CONFIRMATION_TTL_HOURS = 24;

interface RegistrationDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  startSession(userId: string, role: UserRole, meta: { ip: string | null; userAgent: string | null }, previousIdHash?: string): Promise<{ token: string; expiresAt: Date; userId: string; role: UserRole }>;
  tooManyAttempts(resetInMs: number): BusinessError;
  /** scrypt's cost for new hashes (the server's PASSWORD_HASH_N). */
  hashCost: PasswordHashCost;
}

/**
 * Accounts coming into being (decision 013): creating one (confirmed, or waiting for its mailed
 * link), self-service registration that never tells which addresses exist, and opening the link.
 */
export function createRegistration({ db, config, mailer, hashCost, startSession, tooManyAttempts }: RegistrationDeps) {
  const window = config.login.windowMs;

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
          disabled_at: null,
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
    createAccount,

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

      const passwordHash = await hashPassword(input.password, hashCost);
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
    async confirmEmail(token: string, actor: Actor, meta: { ip: string | null; userAgent: string | null; previousIdHash?: string }): Promise<Awaited<ReturnType<RegistrationDeps['startSession']>>> {
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

  };
}
