import { randomUUID } from 'node:crypto';
import type { MemberTagChangeView, MemberTagSubject } from '../../../shared/api/member-tag-change.ts';
import type { MemberTagName } from '../../../shared/extras.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { CaseStatus, DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { ConsoleRole, hasConsoleRole } from '../../../shared/staff.ts';
import { nowIso, type Db } from '../../db/index.ts';
import type { MemberTagChangesTable } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ReviewCase, ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import type { ExtrasAccountsPort } from './member.ts';
import * as repo from './tag-changes.repo.ts';

/** The audit entity of a change (its proposal and what became of it; the tag itself is audited on the user). */
export const TAG_CHANGE_ENTITY = 'member_tag_change';

export interface TagChangeDeps {
  db: Db;
  accounts: ExtrasAccountsPort & { usersByIds(ids: readonly string[]): Promise<Map<string, { id: string; email: string }>> };
  review: Pick<ReviewService, 'openCase' | 'decideSubjectIn' | 'casesOfSubjects'>;
  /** The console role of a reviewer (staff module), read in the request: a role taken away applies at once. */
  roleOf(userId: string): Promise<ConsoleRole>;
}

/**
 * Decision 036: a member tag change that lowers what the member must prove or lifts a limit (KYC '1',
 * KYB '1'; `tagChangeLowersDuty`) takes two senior reviewers, through the review module's four-eyes
 * machinery: the change is the subject of a MEMBER_TAG case, the first senior reviewer's approval is
 * always a proposal (`alwaysSecondLook`), and the tag changes only when another senior reviewer
 * confirms it. Rejecting the case withdraws the change. Every step is audited.
 */
export function createTagChanges({ db, accounts, review, roleOf }: TagChangeDeps) {
  async function toViews(rows: MemberTagChangesTable[], cases: Map<string, ReviewCase>): Promise<MemberTagChangeView[]> {
    const users = await accounts.usersByIds(rows.map((r) => r.requested_by));
    return rows.flatMap((r) => {
      const c = cases.get(r.id);
      if (!c) return [];
      return [
        {
          id: r.id,
          caseId: c.id,
          tagName: r.tag_name,
          value: r.value,
          previousValue: r.previous_value,
          reason: r.reason,
          requestedBy: { id: r.requested_by, email: users.get(r.requested_by)?.email ?? '' },
          requestedAt: r.requested_at,
          status: c.status,
        },
      ];
    });
  }

  const reviewHandler: ReviewSubjectHandler = {
    // Applying a lowering change always takes a second senior reviewer; withdrawing it does not.
    alwaysSecondLook: (decision) => decision.outcome === DecisionOutcome.APPROVE,
    async apply(trx, c, decision, actor) {
      const change = await repo.findChange(trx, c.subjectId);
      if (!change) throw notFound();
      if (decision.outcome !== DecisionOutcome.APPROVE) {
        await recordAudit(trx, actor, { action: 'member.tag_change.withdraw', entityType: TAG_CHANGE_ENTITY, entityId: change.id, after: { caseId: c.id, tagName: change.tag_name, value: change.value } });
        return { subjectStatus: 'WITHDRAWN' };
      }
      // The proposer's reason goes with the tag's own audit record; the confirmer is the actor.
      await accounts.setMemberTag(trx, change.user_id, change.tag_name, change.value, actor, change.reason);
      await recordAudit(trx, actor, {
        action: 'member.tag_change.apply',
        entityType: TAG_CHANGE_ENTITY,
        entityId: change.id,
        after: { caseId: c.id, userId: change.user_id, tagName: change.tag_name, value: change.value, proposerId: decision.decider.id, confirmedBy: decision.confirmedBy },
      });
      return { subjectStatus: 'APPLIED' };
    },
  };

  return {
    reviewHandler,

    /**
     * A senior reviewer proposes a lowering change (the caller checked that it lowers one): a change
     * row, its MEMBER_TAG case and the proposal, in one transaction. A plain reviewer gets
     * REVIEW_SENIOR_REQUIRED; a change of the same tag already under way, MEMBER_TAG_CHANGE_PENDING.
     */
    async propose(userId: string, tagName: MemberTagName, value: string, reason: string, actor: Actor): Promise<void> {
      if (actor.type !== 'reviewer' || !actor.id) throw new BusinessError(RetCode.NO_PERMISSION, 'user no permission');
      const proposerId = actor.id;
      if (!hasConsoleRole(await roleOf(proposerId), ConsoleRole.SENIOR_REVIEWER)) {
        throw new BusinessError(RetCode.REVIEW_SENIOR_REQUIRED, 'lowering a duty takes a senior reviewer', { requiredRole: ConsoleRole.SENIOR_REVIEWER });
      }
      await inTransaction(db, async (trx) => {
        const earlier = await repo.findChangesOf(trx, userId, tagName);
        const cases = await review.casesOfSubjects(SubjectKind.MEMBER_TAG, earlier.map((r) => r.id), trx);
        const open = [...cases.values()].find((c) => c.status === CaseStatus.PENDING);
        if (open) throw new BusinessError(RetCode.MEMBER_TAG_CHANGE_PENDING, 'a change of this tag awaits a second look', { caseId: open.id });
        const id = randomUUID();
        const tags = await accounts.memberTags(userId, trx);
        await repo.insertChange(trx, { id, user_id: userId, tag_name: tagName, value, previous_value: tags[tagName] ?? null, reason, requested_by: proposerId, requested_at: nowIso() });
        await recordAudit(trx, actor, { action: 'member.tag_change.propose', entityType: TAG_CHANGE_ENTITY, entityId: id, before: { [tagName]: tags[tagName] ?? null }, after: { userId, tagName, value, reason } });
        await review.openCase(trx, { kind: SubjectKind.MEMBER_TAG, subjectId: id, userId }, actor);
        // The proposer's approval: always a proposal (alwaysSecondLook), so nothing changes for the member yet.
        await review.decideSubjectIn(trx, SubjectKind.MEMBER_TAG, id, actor, { outcome: DecisionOutcome.APPROVE, mode: null, reasonCode: null, userMessage: '', internalNote: reason });
      });
    },

    /** A member's changes still under way (awaiting a second look, or sent back to their proposer), newest first. */
    async pendingOf(userId: string): Promise<MemberTagChangeView[]> {
      const rows = await repo.findChangesOf(db, userId);
      const cases = await review.casesOfSubjects(SubjectKind.MEMBER_TAG, rows.map((r) => r.id));
      return (await toViews(rows, cases)).filter((v) => v.status === CaseStatus.PENDING);
    },

    /** The console's view of a MEMBER_TAG case's subject. */
    async forReview(c: ReviewCase): Promise<MemberTagSubject> {
      const row = await repo.findChange(db, c.subjectId);
      if (!row) throw notFound();
      const [change] = await toViews([row], new Map([[row.id, c]]));
      const tags = await accounts.memberTags(row.user_id);
      return { kind: SubjectKind.MEMBER_TAG, change: change!, currentValue: tags[row.tag_name] ?? null };
    },

    eraseReasonsOf: (trx: Db, userId: string) => repo.eraseReasonsOf(trx, userId),
  };
}

export type TagChanges = ReturnType<typeof createTagChanges>;
