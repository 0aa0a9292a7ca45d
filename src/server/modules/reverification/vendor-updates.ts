import { randomUUID } from 'node:crypto';
import { LEVEL_OF_TARGET, ReverificationRetCode, ReverificationTarget } from '../../../shared/api/reverification.ts';
import type { VendorTokenResult } from '../../../shared/api/vendor.ts';
import { DocumentType, Provider, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { providerDecisionOf, type PublicAddress, type UpdateSessionLink, type VendorSessionRow, type WebhookResult } from '../kyc/kyc.service.ts';
import type { ProviderOutcome, RoutingInput } from '../providers/providers.service.ts';
import type { ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { readSteps } from '../steps/steps.service.ts';
import { ACCEPTS_SUBMISSION, REVERIFICATION_MACHINE, ReverificationEvent } from './reverification.machine.ts';
import * as repo from './reverification.repo.ts';

/**
 * Updates at a vendor (decision 017, "Updates at a vendor"): a user whom a vendor verifies sends
 * the new document in that vendor's flow. updatekyc / updatePOA start a vendor session tied to the
 * open request; the vendor's "submitted" becomes the update (a submission with its REVERIFICATION
 * case, like first verification's application), and its result the case's decision with actor
 * `provider`. The KYC level and the first verification's application are never touched: the
 * review handler of REVERIFICATION cases (submissions.ts) carries the decision out.
 */

const ENTITY = 'reverification_submission';

/** The pages a hosted vendor page sends the user back to. */
const RETURN_PATHS: Record<ReverificationTarget, string> = {
  POI: '/user/accounts/auth/updatekyc',
  POA: '/user/accounts/auth/updatePOA',
};

/** What starting an update session needs from kyc (its service satisfies this). */
export interface VendorUpdateKycPort {
  startUpdateSession(userId: string, level: VerifiableLevel, provider: Provider, link: UpdateSessionLink, address: PublicAddress, actor: Actor): Promise<VendorTokenResult>;
}

interface Deps {
  db: Db;
  review: ReviewService;
  kyc: VendorUpdateKycPort;
  /** submissions.ts: may an update be sent now, and who serves it (1050 / 1051 / 1052 / 1053 first). */
  gate(userId: string, target: ReverificationTarget, at: Pick<RoutingInput, 'site'>): Promise<{ provider: Provider; level: VerifiableLevel }>;
  apply(trx: Db, userId: string, target: ReverificationTarget, event: ReverificationEvent, actor: Actor, context?: Record<string, unknown>): Promise<string>;
  /** The REVERIFICATION cases' handler: its `decided` hook mails the user after the commit. */
  reviewHandler: ReviewSubjectHandler;
}

/** The document a level's update replaces. */
const targetOfLevel = (level: number): ReverificationTarget => (level === 2 ? ReverificationTarget.POA : ReverificationTarget.POI);

export function createVendorUpdates({ db, review, kyc, gate, apply, reviewHandler }: Deps) {
  /**
   * The vendor reported a submission for an update session: the update is recorded (PENDING), its
   * REVERIFICATION case opened and the status moves to _Pending (SUBMIT), in `trx`. Null when the
   * request is no longer open or the status does not take an update (then nothing changes).
   */
  async function openSubmission(trx: Db, session: VendorSessionRow, residence: string, actor: Actor): Promise<repo.SubmissionRow | null> {
    const target = targetOfLevel(session.level);
    const request = session.reverification_request_id ? await repo.findRequest(trx, session.reverification_request_id) : undefined;
    if (!request || request.status !== repo.RequestStatus.OPEN) return null;
    if (!ACCEPTS_SUBMISSION.has((await readSteps(trx, REVERIFICATION_MACHINE, session.user_id))[target])) return null;
    const submittedAt = nowIso();
    const row: repo.SubmissionRow = {
      id: randomUUID(),
      request_id: request.id,
      user_id: session.user_id,
      target,
      provider: session.provider,
      // The vendor collected the document; which one it was lives in its record (as for first verification).
      country: residence,
      document_type: DocumentType.UNDEFINED,
      document_number: '',
      expiry_date: '',
      issued_on: '',
      holder: null,
      status: repo.SubmissionStatus.PENDING,
      pending_key: `${session.user_id}:${target}`,
      submitted_at: submittedAt,
      decided_at: null,
    };
    await repo.insertSubmission(trx, row);
    await review.openCase(trx, { kind: SubjectKind.REVERIFICATION, subjectId: row.id, userId: session.user_id, level: LEVEL_OF_TARGET[target], country: residence, provider: session.provider, openedAt: submittedAt }, actor);
    await apply(trx, session.user_id, target, ReverificationEvent.SUBMIT, actor, { submissionId: row.id, provider: session.provider });
    await recordAudit(trx, actor, {
      action: 'reverification.submission.submit',
      entityType: ENTITY,
      entityId: row.id,
      after: { userId: session.user_id, target, requestId: request.id, country: residence, documentType: row.document_type, provider: session.provider, externalId: session.external_id, vendorSessionId: session.id },
    });
    return row;
  }

  return {
    /**
     * POST update-vendor-token: a session with the vendor that serves the user, for the update of
     * the target's document. The same checks as an in-house update first; a user the in-house
     * provider serves is answered 35005 (the in-house capture on the same page is theirs).
     */
    async startUpdate(userId: string, target: ReverificationTarget, at: Pick<RoutingInput, 'site'>, address: PublicAddress, actor: Actor): Promise<VendorTokenResult> {
      const { provider, level } = await gate(userId, target, at);
      if (provider === Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.KYC_PROVIDER_MISMATCH, 'routed to the in-house provider', { provider });
      const request = await repo.findOpenRequest(db, userId, target);
      if (!request) throw new BusinessError(ReverificationRetCode.UPDATE_ID_NOT_REQUESTED, 'no update requested');
      return kyc.startUpdateSession(userId, level, provider, { requestId: request.id, returnPath: RETURN_PATHS[target] }, address, actor);
    },

    /**
     * An update session's webhook event, in the delivery's transaction (called by kyc's webhook
     * path). PENDING opens the update once; a result decides it (opening it first when the
     * vendor's "submitted" was lost). An update already decided is not decided again by this
     * session: the user's next attempt is a new session.
     */
    async applyEvent(trx: Db, session: VendorSessionRow, outcome: ProviderOutcome, residence: string, actor: Actor): Promise<{ result: WebhookResult; submissionId?: string; after?: () => Promise<void> }> {
      let submission = session.reverification_submission_id ? await repo.findSubmission(trx, session.reverification_submission_id) : null;
      let opened: string | undefined;
      if (submission && submission.status !== repo.SubmissionStatus.PENDING) return { result: 'ignored' };
      if (!submission) {
        submission = await openSubmission(trx, session, residence, actor);
        if (!submission) return { result: 'ignored' };
        opened = submission.id;
        if (outcome.status === 'PENDING') return { result: 'applied', submissionId: opened };
      } else if (outcome.status === 'PENDING') {
        return { result: 'ignored' };
      }
      const decision = providerDecisionOf(session.level as VerifiableLevel, outcome);
      const decided = await review.decideSubjectIn(trx, SubjectKind.REVERIFICATION, submission.id, actor, decision.input);
      // Four-eyes applies to reviewers only: a provider's decision is never a proposal (decision 018).
      if (decided.kind !== 'decided') throw new Error('a provider decision became a proposal');
      const after = reviewHandler.decided ? () => reviewHandler.decided!(decided) : undefined;
      return { result: 'applied', ...(opened ? { submissionId: opened } : {}), ...(after ? { after } : {}) };
    },
  };
}

export type VendorUpdates = ReturnType<typeof createVendorUpdates>;
