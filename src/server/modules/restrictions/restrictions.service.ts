import { actionOf, combineLimitations, type LimitationAction, type LimitationPart, type RestrictionReason, type RestrictionSource } from '../../../shared/restrictions.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { restrictionsChangedIn } from '../limitations/limitations.service.ts';
import * as repo from './restrictions.repo.ts';

const ENTITY = 'account_restriction';

/** A restriction a decision puts on an account. */
export interface Restriction {
  source: RestrictionSource;
  limitation: string;
  reason: RestrictionReason;
  action: LimitationAction;
  /** The review case whose decision restricts. */
  caseId: string | null;
}

/**
 * Account restrictions (issue 28, decision 052): what a compliance decision (an EDD rejection, a
 * confirmed screening match) takes away until another decision gives it back. Set and lifted only in
 * the deciding transaction (the subject modules' review handlers), audited; kyc-info reads them.
 */
export function createRestrictionsService({ db }: { db: Db }) {
  /** The account's limitation is published at once in the deciding transaction (decision 061), not left to the sweep. */
  const published = async (trx: Db, userId: string) => restrictionsChangedIn(trx, userId, await forKycInfo(trx, userId));

  /** kyc-info's part: the strongest restriction, its reasons and what the user can do. */
  async function forKycInfo(q: Db, userId: string): Promise<LimitationPart> {
    const rows = await repo.findOfUser(q, userId);
    return combineLimitations(rows.map((r) => ({ limitation: r.limitation, reasons: [r.reason], actions: [actionOf(r.reason, r.action as LimitationAction)] })));
  }

  return {
    /** Sets the restriction in `trx` (replacing one of the same source), audited with before and after. */
    async setIn(trx: Db, userId: string, r: Restriction, actor: Actor): Promise<void> {
      const before = await repo.find(trx, userId, r.source);
      const row: repo.RestrictionRow = { user_id: userId, source: r.source, limitation: r.limitation, reason: r.reason, action: r.action, case_id: r.caseId, set_by: actor.id, set_at: nowIso() };
      await repo.upsert(trx, row);
      await recordAudit(trx, actor, {
        action: 'restriction.set',
        entityType: ENTITY,
        entityId: `${userId}:${r.source}`,
        before: before ? { limitation: before.limitation, reason: before.reason, action: before.action, caseId: before.case_id } : null,
        after: { userId, source: r.source, limitation: r.limitation, reason: r.reason, action: r.action, caseId: r.caseId },
      });
      await published(trx, userId);
    },

    /** Lifts the user's restriction of `source` in `trx`, audited; nothing when none is in force. */
    async liftIn(trx: Db, userId: string, source: RestrictionSource, caseId: string | null, actor: Actor): Promise<boolean> {
      const before = await repo.find(trx, userId, source);
      if (!before || (await repo.remove(trx, userId, source)) !== 1) return false;
      await recordAudit(trx, actor, {
        action: 'restriction.lift',
        entityType: ENTITY,
        entityId: `${userId}:${source}`,
        before: { limitation: before.limitation, reason: before.reason, action: before.action, caseId: before.case_id },
        after: { userId, source, caseId },
      });
      await published(trx, userId);
      return true;
    },

    /** The restrictions in force on a user's account (the console's user view). */
    async ofUser(userId: string): Promise<Restriction[]> {
      return (await repo.findOfUser(db, userId)).map((r) => ({ source: r.source as RestrictionSource, limitation: r.limitation, reason: r.reason as RestrictionReason, action: r.action as LimitationAction, caseId: r.case_id }));
    },

    forKycInfo,

    /** The limitation sweep's candidates (decision 061): users with a restriction, a page after `after` in id order. */
    restrictedUsers: (after: string, limit: number) => repo.findRestrictedUsers(db, after, limit),
  };
}

export type RestrictionsService = ReturnType<typeof createRestrictionsService>;
