import { randomUUID } from 'node:crypto';
import { ApplicationStatus } from '../../../shared/api/applications.ts';
import type { ApplicationSnapshot } from '../../../shared/api/console.ts';
import type { DocumentType, Provider, VerifiableLevel } from '../../../shared/kyc.ts';
import { reasonAppliesTo, type RejectReasonCode } from '../../../shared/review-reasons.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ProviderOutcome } from '../providers/providers.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { StepEvent } from './kyc.machine.ts';
import type { KycSteps } from './kyc-steps.ts';
import * as repo from './kyc.repo.ts';

/**
 * What a vendor's verification leaves here, shared by the webhook path (vendor-verification.ts) and
 * the quick path (quick-kyc.ts): an application with its review case, opened inside the caller's
 * transaction, and the vendor's outcome recorded as the case's decision with actor `provider` — so
 * the console shows it, a reviewer can override it, and the same step events follow.
 */

const APPLICATION_ENTITY = 'kyc_application';

export interface VendorApplicationInput {
  userId: string;
  level: VerifiableLevel;
  provider: Provider;
  /** The country the case is filed under (the residence). */
  country: string;
  /** UNDEFINED when the vendor collected a document we do not see; the number's type for registry checks. */
  documentType: DocumentType;
  snapshot: ApplicationSnapshot;
  /** The vendor's applicant / verification id. */
  externalId: string;
  /** More for the submission's audit record (e.g. the number type of a registry check). */
  audit?: Record<string, unknown>;
}

/**
 * In `trx`: inserts the PENDING application, moves the level's step to PENDING (SUBMIT), audits the
 * submission and opens its review case. The caller has checked that the level accepts a submission.
 */
export async function openVendorApplication(trx: Db, { steps, review }: { steps: KycSteps; review: ReviewService }, input: VendorApplicationInput, actor: Actor, id = randomUUID()): Promise<string> {
  const submittedAt = nowIso();
  const { userId, level, provider, country } = input;
  await repo.insertApplication(trx, {
    id,
    user_id: userId,
    level,
    provider,
    country,
    document_type: input.documentType,
    status: ApplicationStatus.PENDING,
    pending_key: `${userId}:${level}`,
    submitted: JSON.stringify(input.snapshot),
    submitted_at: submittedAt,
    decided_at: null,
  });
  await steps.apply(trx, userId, level, StepEvent.SUBMIT, actor, { applicationId: id, provider });
  await recordAudit(trx, actor, {
    action: 'kyc.application.submit',
    entityType: APPLICATION_ENTITY,
    entityId: id,
    after: { userId, level, provider, externalId: input.externalId, status: ApplicationStatus.PENDING, ...input.audit },
  });
  await review.openCase(trx, { kind: SubjectKind.KYC_APPLICATION, subjectId: id, userId, level, country, provider, openedAt: submittedAt }, actor);
  return id;
}

/** The reasons as the taxonomy allows them for the level (a vendor's label for another level counts as OTHER). */
function reasonsFor(level: VerifiableLevel, codes: readonly RejectReasonCode[]): RejectReasonCode[] {
  const fitting = [...new Set(codes.map((c) => (reasonAppliesTo(c, level) ? c : 'OTHER')))];
  return fitting.length > 0 ? fitting : ['OTHER'];
}

/** A provider's outcome as a review decision (and every reason it gave). */
export function decisionOf(level: VerifiableLevel, outcome: Exclude<ProviderOutcome, { status: 'PENDING' }>) {
  if (outcome.status === 'APPROVED') {
    return { input: { outcome: DecisionOutcome.APPROVE, mode: null, reasonCode: null, userMessage: '', internalNote: '' }, reasonCodes: [] as RejectReasonCode[] };
  }
  const reasonCodes = reasonsFor(level, [outcome.reasonCode, ...outcome.reasonCodes]);
  return {
    // Every reason stays with the decision too: an override replaces the application's, never the provider's (decision 022).
    input: { outcome: DecisionOutcome.REJECT, mode: outcome.mode, reasonCode: reasonCodes[0]!, reasonCodes, userMessage: outcome.userMessage, internalNote: outcome.internalNote },
    reasonCodes,
  };
}

/**
 * In `trx`: the provider's outcome becomes the decision of the application's case (actor `provider`),
 * which the review handler carries out (step event, next level unlocked, audited); every reason of
 * a rejection is kept with the application. Returns what the decision made of the step.
 */
export async function decideAsProvider(trx: Db, review: ReviewService, applicationId: string, level: VerifiableLevel, outcome: Exclude<ProviderOutcome, { status: 'PENDING' }>, actor: Actor) {
  const decision = decisionOf(level, outcome);
  const decided = await review.decideSubjectIn(trx, SubjectKind.KYC_APPLICATION, applicationId, actor, decision.input);
  // Four-eyes applies to reviewers only: a provider's decision is never a proposal (decision 018).
  if (decided.kind !== 'decided') throw new Error('a provider decision became a proposal');
  if (decision.reasonCodes.length > 0) await repo.setReasonCodes(trx, applicationId, decision.reasonCodes);
  return { ...decided, reasonCodes: decision.reasonCodes };
}
