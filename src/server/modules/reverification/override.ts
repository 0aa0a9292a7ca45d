import type { ReverificationTarget } from '../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { DecisionOutcome } from '../../../shared/review.ts';
import type { Db } from '../../db/index.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ReviewDecision, ReviewSubjectHandler } from '../review/review.service.ts';
import { readSteps } from '../steps/steps.service.ts';
import { REVERIFICATION_MACHINE, ReverificationEvent } from './reverification.machine.ts';
import * as repo from './reverification.repo.ts';

/**
 * A senior reviewer overrides a vendor's decision on a document update (decision 022, as for KYC
 * applications): approve a rejected update (it becomes the verified document, the request closes,
 * the status goes back to _No) or reject an approved one (the earlier document is the verified one
 * again, the request opens again and the user is asked to send another, _Rejected). A change of
 * mode only (RETRY and FINAL both let the user send another update) changes no status.
 */

const S = DisplayUpdatePOIStatus;
const ENTITY = 'reverification_submission';

const movedOn = (why: string) => new BusinessError(RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON, why);
const statusOf = (d: Pick<ReviewDecision, 'outcome'>) => (d.outcome === DecisionOutcome.APPROVE ? repo.SubmissionStatus.APPROVED : repo.SubmissionStatus.REJECTED);

type Apply = (trx: Db, userId: string, target: ReverificationTarget, event: ReverificationEvent, actor: Actor, context?: Record<string, unknown>) => Promise<DisplayUpdatePOIStatus>;

export function createReverificationOverride({ apply }: { apply: Apply }): Required<Pick<ReviewSubjectHandler, 'checkOverride' | 'applyOverride'>> {
  /**
   * The update is still where the vendor's decision left it: decided that way, the user's newest
   * update of the document, and the status what that decision made of it (no new request or
   * update since).
   */
  async function check(trx: Db, subjectId: string, previous: Pick<ReviewDecision, 'outcome'>) {
    const sub = await repo.findSubmission(trx, subjectId);
    if (!sub) throw notFound();
    const target = sub.target as ReverificationTarget;
    if (sub.status !== statusOf(previous)) throw movedOn(`the update is ${sub.status}`);
    const newest = (await repo.findSubmissionsOfUser(trx, sub.user_id, target))[0];
    if (newest?.id !== sub.id) throw movedOn('a newer update of the document exists');
    const status = (await readSteps(trx, REVERIFICATION_MACHINE, sub.user_id))[target];
    const expected: readonly DisplayUpdatePOIStatus[] = previous.outcome === DecisionOutcome.APPROVE ? [S.DisplayUpdatePOIStatus_No] : [S.DisplayUpdatePOIStatus_Rejected, S.DisplayUpdatePOIStatus_Rejected_Daily];
    if (!expected.includes(status)) throw movedOn(`the document's status is ${status} now`);
    return { sub, target, status };
  }

  return {
    async checkOverride(trx, c, previous) {
      await check(trx, c.subjectId, previous);
    },

    async applyOverride(trx, c, previous, decision, actor) {
      const { sub, target, status } = await check(trx, c.subjectId, previous);
      let to = status;
      if (decision.outcome !== previous.outcome) {
        const next = statusOf(decision);
        if ((await repo.redecideSubmission(trx, sub.id, sub.status, next, decision.decidedAt)) !== 1) throw wrongState('update changed concurrently');
        if (decision.outcome === DecisionOutcome.APPROVE) {
          if ((await repo.closeRequest(trx, sub.request_id, decision.decidedAt)) !== 1) throw wrongState('request already closed');
          to = await apply(trx, sub.user_id, target, ReverificationEvent.OVERRIDE_APPROVE, actor, { submissionId: sub.id, caseId: c.id });
        } else {
          if ((await repo.reopenRequest(trx, sub.request_id, sub.user_id, target)) !== 1) throw movedOn('the request cannot be opened again');
          to = await apply(trx, sub.user_id, target, ReverificationEvent.OVERRIDE_REJECT, actor, { submissionId: sub.id, caseId: c.id });
        }
      }
      await recordAudit(trx, actor, {
        action: 'reverification.submission.override',
        entityType: ENTITY,
        entityId: sub.id,
        before: { status: sub.status, displayStatus: status },
        after: { status: statusOf(decision), displayStatus: to, caseId: c.id, decisionId: decision.id, supersedes: previous.id, mode: decision.mode, reasonCode: decision.reasonCode, userMessage: decision.userMessage, internalNote: decision.internalNote },
      });
      return { subjectStatus: to };
    },
  };
}
