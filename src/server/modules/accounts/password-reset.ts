import { LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, ValidationFailed } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { countHit } from '../throttle/throttle.service.ts';
import { passwordChangedMail, passwordResetMail } from './account-mail.ts';
import * as repo from './accounts.repo.ts';
import { passwordWeakness } from './password-strength.ts';
import { hashPassword, type PasswordHashCost } from './passwords.ts';
import { hashToken, newToken } from './tokens.ts';

/** How long a mailed reset link works (issue 27: about half an hour, as identity products do). */
export const PASSWORD_RESET_TTL_MINUTES = 30;
/** Reset e-mails one address receives per login window: more requests are answered the same and mail nothing. */
export const RESET_MAILS_PER_ADDRESS = 3;

interface PasswordResetDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  tooManyAttempts(resetInMs: number): BusinessError;
  /** scrypt's cost for new hashes (the server's PASSWORD_HASH_N). */
  hashCost: PasswordHashCost;
}

const invalidLink = () => new BusinessError(RetCode.PASSWORD_RESET_INVALID, 'password reset link invalid or expired');

/**
 * Self-service password reset (issue 27, decision 046). Asking for a link answers the same whether
 * or not the address has an account; the link is single use, valid PASSWORD_RESET_TTL_MINUTES, stored
 * as a hash only; the new password passes the sign-up rules; using it ends every session of the
 * account and tells the owner by e-mail. Throttled per IP (a refusal says so) and per address (quietly:
 * a refusal would tell that the address exists).
 */
export function createPasswordReset({ db, config, mailer, hashCost, tooManyAttempts }: PasswordResetDeps) {
  const window = config.login.windowMs;

  async function throttleIp(key: string, ip: string | null): Promise<void> {
    if (!ip) return;
    const perIp = await countHit(db, `${key}:ip:${ip}`, window, Date.now());
    if (perIp.count > config.login.maxAttemptsPerIp) throw tooManyAttempts(perIp.resetInMs);
  }

  return {
    /**
     * Mails a reset link (`siteOrigin` + /login?reset=…) to the address if an enabled account has it.
     * An unconfirmed account gets one too: opening it proves the mailbox, as the confirmation link would.
     */
    async requestReset(email: string, actor: Actor, meta: { ip: string | null; siteOrigin: string }): Promise<void> {
      await throttleIp('reset', meta.ip);
      const user = await repo.findUserByEmail(db, email);
      if (!user || user.disabled_at !== null) return;
      const perAddress = await countHit(db, `reset:email:${email}`, window, Date.now());
      if (perAddress.count > RESET_MAILS_PER_ADDRESS) return;
      const token = newToken();
      const now = new Date();
      await db.transaction().execute(async (trx) => {
        await repo.insertPasswordReset(trx, {
          token_hash: hashToken(token),
          user_id: user.id,
          created_at: nowIso(now),
          expires_at: nowIso(new Date(now.getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000)),
        });
        await recordAudit(trx, { ...actor, id: null }, { action: 'user.password_reset_requested', entityType: 'user', entityId: user.id });
      });
      await mailer.send(passwordResetMail(user.email, `${meta.siteOrigin}${LOGIN_PAGE}?reset=${token}`, PASSWORD_RESET_TTL_MINUTES));
    },

    /**
     * Sets a new password with a mailed link (throttled per IP). The link is checked first, then the
     * password's strength (a weak one leaves the link usable for a better one); then, in one
     * transaction, the link is used up (deleting it first keeps it single use under a double click),
     * every other link and every session of the account end, and an unconfirmed address is confirmed.
     */
    async resetPassword(input: { token: string; password: string }, actor: Actor, meta: { ip: string | null }): Promise<void> {
      await throttleIp('reset-use', meta.ip);
      const tokenHash = hashToken(input.token);
      const link = await repo.findPasswordReset(db, tokenHash);
      const user = link && link.expires_at > nowIso() ? await repo.findUserById(db, link.user_id) : undefined;
      if (!link || !user || user.disabled_at !== null) throw invalidLink();
      const weakness = await passwordWeakness(input.password, user.email);
      if (weakness) throw new ValidationFailed([{ path: 'password', code: weakness }]);
      const passwordHash = await hashPassword(input.password, hashCost);
      const now = nowIso();
      const sessionsEnded = await db.transaction().execute(async (trx) => {
        if ((await repo.deletePasswordReset(trx, tokenHash)) !== 1) return null;
        await repo.setPassword(trx, user.id, passwordHash, now);
        await repo.deletePasswordResetsOf(trx, user.id);
        await repo.deleteEmailConfirmationsOf(trx, user.id);
        const ended = await repo.deleteSessionsOf(trx, user.id);
        await recordAudit(trx, { ...actor, type: 'user', id: user.id }, { action: 'user.password_reset', entityType: 'user', entityId: user.id, after: { sessionsEnded: ended } });
        return ended;
      });
      if (sessionsEnded === null) throw invalidLink();
      await mailer.send(passwordChangedMail(user.email));
    },
  };
}
