import { randomBytes } from 'node:crypto';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { hashPassword, type PasswordHashCost } from './passwords.ts';

/**
 * Closing and anonymising accounts (decision 018), for the records module: a user's erasure request
 * closes the account at once; what retention requires is kept until due, then anonymised.
 */
export function createClosure(hashCost: PasswordHashCost) {
  /** A password nobody knows: the login then fails exactly as for a wrong password. */
  const unusablePassword = () => hashPassword(randomBytes(32).toString('base64url'), hashCost);

  return {
    /** Ends every session and makes the password unusable, in `trx`. The e-mail stays (it identifies the customer while records are kept). */
    async closeAccount(trx: Db, userId: string, actor: Actor): Promise<void> {
      await trx.updateTable('users').set({ password_hash: await unusablePassword(), updated_at: nowIso() }).where('id', '=', userId).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await recordAudit(trx, actor, { action: 'user.close', entityType: 'user', entityId: userId });
    },

    /**
     * Replaces what identifies the person (e-mail, member tags) with placeholders, in `trx`; the row
     * stays so that decisions and audit records still point at an account. Also closes it.
     */
    async anonymiseAccount(trx: Db, userId: string, actor: Actor): Promise<void> {
      await trx
        .updateTable('users')
        .set({ email: `erased-${userId}@erased.invalid`, member_tag: '{}', password_hash: await unusablePassword(), updated_at: nowIso() })
        .where('id', '=', userId)
        .execute();
      await trx.deleteFrom('sessions').where('user_id', '=', userId).execute();
      await trx.deleteFrom('email_confirmations').where('user_id', '=', userId).execute();
      await trx.deleteFrom('password_resets').where('user_id', '=', userId).execute();
      await recordAudit(trx, actor, { action: 'user.anonymise', entityType: 'user', entityId: userId });
    },
  };
}
