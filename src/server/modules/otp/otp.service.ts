import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, notLoggedIn } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import type { MailTemplates } from '../../mail/templates.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { countHit } from '../throttle/throttle.service.ts';
import * as repo from './otp.repo.ts';

/** A code lives this long; a person reads the mail and types six digits in minutes. */
export const OTP_TTL_SECONDS = 600;
/** Wrong guesses before the code is void (10^6 codes: 5 guesses are a 1-in-200,000 chance). */
export const OTP_MAX_ATTEMPTS = 5;
/** Codes mailed per user and purpose per hour (each is an e-mail: no mail bombing through us). */
export const OTP_PER_HOUR = 5;

const digest = (userId: string, purpose: string, code: string) => createHash('sha256').update(`${userId}:${purpose}:${code}`).digest('hex');

/** `a***@example.com`: enough for the person to recognise their address, not to learn someone's. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}

export interface OtpDeps {
  db: Db;
  mailer: Mailer;
  templates: MailTemplates;
  /** Whose address a user id has (the accounts service). */
  emailOf(userId: string): Promise<string | undefined>;
}

/**
 * E-mailed one-time codes (§8 step code 30101): a step that needs one answers 30101 after mailing a
 * six-digit code; the client asks for it and repeats the call with the code. Codes are stored hashed,
 * one per user and purpose, expire, allow few wrong guesses and are used once. Issuing and using are
 * audited (entity `one_time_code`); the code itself never is.
 */
export function createOtpService({ db, mailer, templates, emailOf }: OtpDeps) {
  return {
    /**
     * Mails a new code for `purpose` (replacing an earlier one) in `lng` and throws OTP_REQUIRED, the
     * §8 step code, with the masked address: the caller's request ends there.
     */
    async require(userId: string, purpose: string, lng: string, actor: Actor, vars: Record<string, string> = {}): Promise<never> {
      const email = await emailOf(userId);
      if (!email) throw notLoggedIn();
      const hits = await countHit(db, `otp:${purpose}:${userId}`, 3600_000);
      if (hits.count > OTP_PER_HOUR) throw new BusinessError(RetCode.TOO_MANY_ATTEMPTS, 'too many codes', { retryAfterSeconds: Math.max(1, Math.ceil(hits.resetInMs / 1000)) });
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const created = nowIso();
      await db.transaction().execute(async (trx) => {
        await repo.replaceCode(trx, { user_id: userId, purpose, code_hash: digest(userId, purpose, code), attempts: 0, created_at: created, expires_at: new Date(Date.parse(created) + OTP_TTL_SECONDS * 1000).toISOString() });
        await recordAudit(trx, actor, { action: 'otp.issue', entityType: 'one_time_code', entityId: `${userId}:${purpose}`, after: { purpose, expiresInSeconds: OTP_TTL_SECONDS } });
      });
      // Sent after the code is stored: a mail that fails leaves a code nobody knows, which is harmless.
      await mailer.send(templates.render(lng, 'otp', email, { code, minutes: String(OTP_TTL_SECONDS / 60), ...vars }));
      throw new BusinessError(RetCode.OTP_REQUIRED, 'one-time code required', { email: maskEmail(email), expiresInSeconds: OTP_TTL_SECONDS });
    },

    /**
     * Uses up the code: returns when it is right (and deletes it, so it works once); otherwise counts
     * the attempt and throws OTP_INVALID (also when expired, used up or never issued).
     */
    async consume(userId: string, purpose: string, code: string, actor: Actor): Promise<void> {
      const row = await repo.findCode(db, userId, purpose);
      const given = Buffer.from(digest(userId, purpose, code.trim()), 'hex');
      const ok = row && row.expires_at > nowIso() && row.attempts < OTP_MAX_ATTEMPTS && timingSafeEqual(Buffer.from(row.code_hash, 'hex'), given);
      if (!ok) {
        if (row) await repo.countAttempt(db, userId, purpose, row.attempts);
        await recordAudit(db, actor, { action: 'otp.refuse', entityType: 'one_time_code', entityId: `${userId}:${purpose}`, after: { purpose } });
        throw new BusinessError(RetCode.OTP_INVALID, 'one-time code wrong or expired');
      }
      await db.transaction().execute(async (trx) => {
        if ((await repo.deleteCode(trx, userId, purpose, row.code_hash)) !== 1) throw new BusinessError(RetCode.OTP_INVALID, 'one-time code already used');
        await recordAudit(trx, actor, { action: 'otp.use', entityType: 'one_time_code', entityId: `${userId}:${purpose}`, after: { purpose } });
      });
    },
  };
}

export type OtpService = ReturnType<typeof createOtpService>;
