import { ApplicationStatus } from '../../../shared/api/applications.ts';
import { StepStatus, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { DecisionOutcome } from '../../../shared/review.ts';
import type { Db } from '../../db/index.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit } from '../audit/audit.service.ts';
import type { DecisionInput, ReviewDecision, ReviewSubjectHandler } from '../review/review.service.ts';
import { LEVELS, PREREQUISITE, prerequisiteMet, StepEvent } from './kyc.machine.ts';
import type { KycSteps } from './kyc-steps.ts';
import * as repo from './kyc.repo.ts';

/**
 * A senior reviewer overrides a verification provider's decision on a KYC application (decision
 * 022): the level's step moves from what the provider's decision made of it to what the reviewer's
 * says, through the step machine's OVERRIDE_* events; the application and the next level follow.
 */

const APPLICATION_ENTITY = 'kyc_application';

/** What a decision leaves a level's step at. */
function stepAfter(d: Pick<DecisionInput, 'outcome' | 'mode'>): StepStatus {
  if (d.outcome === DecisionOutcome.APPROVE) return StepStatus.SUCCESS;
  return d.mode === 'FINAL' ? StepStatus.FAILED_AND_CAN_NOT_RETRY : StepStatus.FAILED_AND_CAN_RETRY;
}

function eventOf(d: Pick<DecisionInput, 'outcome' | 'mode'>): StepEvent {
  if (d.outcome === DecisionOutcome.APPROVE) return StepEvent.OVERRIDE_APPROVE;
  return d.mode === 'FINAL' ? StepEvent.OVERRIDE_REJECT_FINAL : StepEvent.OVERRIDE_REJECT_RETRY;
}

/** The levels that need `level` reached (level 2 for level 1). */
const levelsAbove = (level: VerifiableLevel) => LEVELS.filter((l) => PREREQUISITE[l] === level);

/** Before a level is started, a withdrawn prerequisite locks it again; after, an override would pull the ground from under it. */
const NOT_STARTED: ReadonlySet<StepStatus> = new Set([StepStatus.NOT_ALLOW, StepStatus.ALLOW, StepStatus.CERTIFICATION_DISABLED]);

const movedOn = (why: string) => new BusinessError(RetCode.REVIEW_OVERRIDE_SUBJECT_MOVED_ON, why);

export function createKycOverride({ steps }: { steps: KycSteps }): Required<Pick<ReviewSubjectHandler, 'checkOverride' | 'applyOverride'>> {
  /**
   * An override applies only while the level is still where the provider's decision left it: the
   * application is the user's newest of its level (no retry since), the step is still that
   * decision's result, and — when a reached level would be withdrawn — the next level was not started.
   */
  async function check(trx: Db, subjectId: string, previous: Pick<ReviewDecision, 'outcome' | 'mode'>, input: Pick<DecisionInput, 'outcome' | 'mode'>) {
    const app = await repo.findApplication(trx, subjectId);
    if (!app) throw notFound();
    const level = app.level as VerifiableLevel;
    const newest = (await repo.findApplicationsOfUser(trx, app.user_id)).find((a) => a.level === level);
    if (newest?.id !== app.id) throw movedOn('a newer application of the level exists');
    const current = await steps.load(trx, app.user_id);
    if (current[level] !== stepAfter(previous)) throw movedOn(`level ${level} is ${current[level]} now`);
    if (stepAfter(previous) === StepStatus.SUCCESS && input.outcome === DecisionOutcome.REJECT) {
      for (const above of levelsAbove(level)) if (!NOT_STARTED.has(current[above])) throw movedOn(`level ${above} is ${current[above]}`);
    }
    return { app, level };
  }

  return {
    async checkOverride(trx, c, previous, input) {
      await check(trx, c.subjectId, previous, input);
    },

    async applyOverride(trx, c, previous, decision, actor) {
      const { app, level } = await check(trx, c.subjectId, previous, decision);
      const status = decision.outcome === DecisionOutcome.APPROVE ? ApplicationStatus.APPROVED : ApplicationStatus.REJECTED;
      const before = { status: app.status, stepStatus: stepAfter(previous), reasonCodes: app.reason_codes ? (JSON.parse(app.reason_codes) as string[]) : null };
      if ((await repo.redecideApplication(trx, app.id, app.status, status, decision.decidedAt, decision.reasonCode ? (decision.reasonCodes?.length ? decision.reasonCodes : [decision.reasonCode]) : null)) !== 1) {
        throw wrongState('application changed concurrently');
      }
      const stepStatus = await steps.apply(trx, app.user_id, level, eventOf(decision), actor, { applicationId: app.id, caseId: c.id, decisionId: decision.id, ...(decision.reasonCode ? { reasonCodes: decision.reasonCodes ?? [decision.reasonCode] } : {}) });
      // The next level follows its prerequisite: opened by an approval, locked again by a rejection (not started: checked).
      for (const above of levelsAbove(level)) {
        const now = await steps.load(trx, app.user_id);
        if (stepStatus === StepStatus.SUCCESS && now[above] === StepStatus.NOT_ALLOW && prerequisiteMet(above, now)) {
          await steps.apply(trx, app.user_id, above, StepEvent.UNLOCK, actor, { cause: `level ${level} approved by override` });
        } else if (stepStatus !== StepStatus.SUCCESS && now[above] === StepStatus.ALLOW) {
          await steps.apply(trx, app.user_id, above, StepEvent.LOCK, actor, { cause: `level ${level} rejected by override` });
        }
      }
      await recordAudit(trx, actor, {
        action: 'kyc.application.override',
        entityType: APPLICATION_ENTITY,
        entityId: app.id,
        before,
        after: {
          status,
          stepStatus,
          caseId: c.id,
          decisionId: decision.id,
          supersedes: previous.id,
          mode: decision.mode,
          reasonCode: decision.reasonCode,
          userMessage: decision.userMessage,
          internalNote: decision.internalNote,
        },
      });
      return { subjectStatus: stepStatus };
    },
  };
}
