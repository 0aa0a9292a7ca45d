import { randomUUID } from 'node:crypto';
import { ApplicationStatus, type SubmitApplication, type SubmitApplicationResult } from '../../../shared/api/applications.ts';
import type { ApplicationSnapshot } from '../../../shared/api/console.ts';
import { DOCUMENT_REQUIREMENTS, PROOF_OF_ADDRESS_KINDS, supportedDocumentTypes } from '../../../shared/api/document-types.ts';
import type { DocumentSummary } from '../../../shared/api/documents.ts';
import { KycRule } from '../../../shared/api/kyc-rules.ts';
import { reasonAppliesTo } from '../../../shared/review-reasons.ts';
import { isCountryEnabled } from '../../../shared/countries.ts';
import { Provider, StepStatus, type DocumentKind, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { ValidationMessage } from '../../../shared/validation.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ProviderOutcome, RoutingInput } from '../providers/providers.service.ts';
import type { ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { LEVELS, prerequisiteMet, StepEvent } from './kyc.machine.ts';
import type { KycSteps } from './kyc-steps.ts';
import { toPersonalInfo } from './personal-info.ts';
import * as repo from './kyc.repo.ts';
import { createKycOverride } from './override.ts';

/** What the kyc service needs from the documents module (its service satisfies this). */
export interface KycDocumentsPort {
  listDrafts(dbOrTrx: Db, userId: string, level: number): Promise<DocumentSummary[]>;
  attach(trx: Db, userId: string, ids: readonly string[], applicationId: string, actor?: Actor): Promise<void>;
  listForApplication(dbOrTrx: Db, applicationId: string): Promise<DocumentSummary[]>;
  remove(userId: string, id: string, actor: Actor): Promise<void>;
}

const APPLICATION_ENTITY = 'kyc_application';

export function parseSnapshot(json: string): ApplicationSnapshot {
  const snapshot = JSON.parse(json) as ApplicationSnapshot;
  // Submitted before the mobile number existed (migration 030): none.
  const before: Partial<ApplicationSnapshot['personalInfo']> = { mobileCountry: '', mobileNumber: '' };
  return { ...snapshot, personalInfo: { ...before, ...snapshot.personalInfo } };
}

/**
 * Chooses the documents of a submission among the user's drafts: the named ones, or the newest draft
 * of each required kind. Throws when a named id is not a draft, a kind is named twice or not needed,
 * or a required kind is missing.
 */
export function chooseDocuments(drafts: DocumentSummary[], required: readonly DocumentKind[], ids?: readonly string[]): DocumentSummary[] {
  let chosen: DocumentSummary[];
  if (ids && ids.length > 0) {
    const byId = new Map(drafts.map((d) => [d.id, d]));
    chosen = [];
    for (const id of new Set(ids)) {
      const doc = byId.get(id);
      if (!doc) throw new BusinessError(RetCode.DOCUMENT_NOT_AVAILABLE, 'document not available');
      chosen.push(doc);
    }
    const kinds = chosen.map((d) => d.kind);
    if (new Set(kinds).size !== kinds.length || kinds.some((k) => !required.includes(k))) {
      throw new ValidationFailed([{ path: 'documentIds', code: ValidationMessage.TYPE }]);
    }
  } else {
    const newest = new Map<string, DocumentSummary>();
    for (const d of drafts) {
      const seen = newest.get(d.kind);
      if (required.includes(d.kind) && (!seen || d.createdAt > seen.createdAt)) newest.set(d.kind, d);
    }
    chosen = [...newest.values()];
  }
  const missing = required.filter((k) => !chosen.some((d) => d.kind === k));
  if (missing.length > 0) throw new BusinessError(RetCode.KYC_DOCUMENTS_MISSING, 'documents missing', { missing });
  return chosen;
}

interface ApplicationsDeps {
  db: Db;
  steps: KycSteps;
  documents: KycDocumentsPort;
  review: ReviewService;
  /** The provider serving the user for the level (vendor-verification.ts: open application kept, else the rules). */
  providerOf(q: Db, userId: string, level: VerifiableLevel, routing: Pick<RoutingInput, 'site'>): Promise<Provider>;
}

/**
 * Applications of the in-house provider: submission (one transaction: documents attached, review
 * case opened, step PENDING), and what a decision on their review case does (the handler below).
 */
export function createApplications({ db, steps, documents, review, providerOf }: ApplicationsDeps) {
  /**
   * The review handler of KYC applications: a decision closes the application and becomes the
   * level's step event (APPROVE, REJECT_RETRY, REJECT_FINAL); an approval unlocks the next level.
   */
  const reviewHandler: ReviewSubjectHandler = {
    // A senior reviewer's override of a provider's decision (decision 022).
    ...createKycOverride({ steps }),
    check(c, decision) {
      if (decision.outcome === DecisionOutcome.REJECT && decision.reasonCode && !reasonAppliesTo(decision.reasonCode, c.level ?? 0)) {
        throw new ValidationFailed([{ path: 'reasonCode', code: KycRule.REASON_NOT_APPLICABLE }]);
      }
      // Decision 052: every further reason must fit the level too.
      if (decision.outcome === DecisionOutcome.REJECT && (decision.reasonCodes ?? []).some((code) => !reasonAppliesTo(code, c.level ?? 0))) {
        throw new ValidationFailed([{ path: 'reasonCodes', code: KycRule.REASON_NOT_APPLICABLE }]);
      }
    },
    async apply(trx, c, decision, actor) {
      const app = await repo.findApplication(trx, c.subjectId);
      if (!app) throw notFound();
      const level = app.level as VerifiableLevel;
      const reject = decision.outcome === DecisionOutcome.REJECT;
      const status = reject ? ApplicationStatus.REJECTED : ApplicationStatus.APPROVED;
      if ((await repo.closeApplication(trx, app.id, status, decision.decidedAt)) !== 1) throw wrongState('application already decided');
      // Several reasons (decision 052): kyc-info shows each of the application's reasons.
      if (reject && (decision.reasonCodes?.length ?? 0) > 1) await repo.setReasonCodes(trx, app.id, decision.reasonCodes ?? []);
      const event = !reject ? StepEvent.APPROVE : decision.mode === 'FINAL' ? StepEvent.REJECT_FINAL : StepEvent.REJECT_RETRY;
      const stepStatus = await steps.apply(trx, app.user_id, level, event, actor, { applicationId: app.id, ...(reject ? { reasonCodes: decision.reasonCodes ?? (decision.reasonCode ? [decision.reasonCode] : []) } : {}) });
      // A level reached opens the next one (unless it is disabled).
      if (stepStatus === StepStatus.SUCCESS) {
        for (const next of LEVELS) {
          const current = await steps.load(trx, app.user_id);
          if (current[next] === StepStatus.NOT_ALLOW && prerequisiteMet(next, current)) {
            await steps.apply(trx, app.user_id, next, StepEvent.UNLOCK, actor, { cause: `level ${level} approved` });
          }
        }
      }
      await recordAudit(trx, actor, {
        action: reject ? 'kyc.application.reject' : 'kyc.application.approve',
        entityType: APPLICATION_ENTITY,
        entityId: app.id,
        // The table allows decisions from PENDING only, so that is where the step was.
        before: { status: ApplicationStatus.PENDING, stepStatus: StepStatus.PENDING },
        after: {
          status,
          stepStatus,
          caseId: c.id,
          decisionId: decision.id,
          mode: decision.mode,
          reasonCode: decision.reasonCode,
          reasonCodes: decision.reasonCodes,
          userMessage: decision.userMessage,
          internalNote: decision.internalNote,
        },
      });
      return { subjectStatus: stepStatus };
    },
  };

  return {
    reviewHandler,

    /**
     * POST submit-application, in ONE transaction: the user is routed to the in-house provider, the
     * step accepts a submission, level 1 has personal information, the required documents are
     * uploaded; then the application is created, the documents attached, its review case opened and
     * the step moved to PENDING. Two submits at the same moment collide on the unique pending slot
     * and one of them fails with WRONG_STATE.
     */
    async submit(userId: string, input: SubmitApplication, actor: Actor, routing: Pick<RoutingInput, 'site'>): Promise<SubmitApplicationResult> {
      await steps.reconcileAvailability(userId);
      const level = input.level;
      const id = randomUUID();
      const submittedAt = nowIso();
      return inTransaction(db, async (trx) => {
        const personalRow = await repo.lockPersonalInfo(trx, userId);
        await steps.assertAcceptsSubmission(trx, userId, level);
        if (!personalRow) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_REQUIRED, 'personal information required');
        if (!isCountryEnabled(personalRow.residence_country)) throw new BusinessError(RetCode.KYC_COUNTRY_NOT_SUPPORTED, 'country not supported');
        // This call is the in-house provider's: a user routed to a vendor verifies there.
        const provider = await providerOf(trx, userId, level, routing);
        if (provider !== Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.KYC_PROVIDER_MISMATCH, 'routed to another provider', { provider });
        const personalInfo = toPersonalInfo(personalRow);

        let required: readonly DocumentKind[];
        let snapshot: ApplicationSnapshot;
        let country: string;
        let documentType: string;
        if (input.level === 1) {
          // The schema checked this already; the service does not rely on its caller.
          if (!supportedDocumentTypes(input.country).some((d) => d.type === input.documentType)) {
            throw new BusinessError(RetCode.KYC_COUNTRY_NOT_SUPPORTED, 'document type not supported in this country');
          }
          required = DOCUMENT_REQUIREMENTS[input.documentType].kinds;
          const number = DOCUMENT_REQUIREMENTS[input.documentType].needsNumber ? input.documentNumber : '';
          snapshot = { personalInfo, document: { country: input.country, type: input.documentType, number } };
          country = input.country;
          documentType = input.documentType;
        } else {
          required = PROOF_OF_ADDRESS_KINDS;
          // The reviewer checks the proof of address against the residence address given for level 1.
          snapshot = { personalInfo, proofOfAddress: { type: input.proofOfAddressType, issuedOn: input.issuedOn } };
          country = personalRow.residence_country;
          documentType = input.proofOfAddressType;
        }

        const chosen = chooseDocuments(await documents.listDrafts(trx, userId, level), required, input.documentIds);
        await repo.insertApplication(trx, {
          id,
          user_id: userId,
          level,
          provider,
          country,
          document_type: documentType,
          status: ApplicationStatus.PENDING,
          pending_key: `${userId}:${level}`,
          submitted: JSON.stringify(snapshot),
          submitted_at: submittedAt,
          decided_at: null,
        });
        await documents.attach(trx, userId, chosen.map((d) => d.id), id, actor);
        const status = await steps.apply(trx, userId, level, StepEvent.SUBMIT, actor, { applicationId: id });
        await recordAudit(trx, actor, {
          action: 'kyc.application.submit',
          entityType: APPLICATION_ENTITY,
          entityId: id,
          after: { userId, level, country, documentType, status: ApplicationStatus.PENDING, documents: chosen.map((d) => ({ id: d.id, kind: d.kind })) },
        });
        await review.openCase(trx, { kind: SubjectKind.KYC_APPLICATION, subjectId: id, userId, level, country, provider, openedAt: submittedAt }, actor);
        return { applicationId: id, level, status, submittedAt };
      });
    },

    /** The in-house provider's result for a user and level: the latest application's outcome. */
    async outcomeOf(userId: string, level: VerifiableLevel): Promise<ProviderOutcome> {
      const app = (await repo.findApplicationsOfUser(db, userId)).find((a) => a.level === level);
      if (!app) throw notFound();
      if (app.status === ApplicationStatus.PENDING) return { status: 'PENDING' };
      if (app.status === ApplicationStatus.APPROVED) return { status: 'APPROVED' };
      const decision = (await review.decisionsOfSubjects(SubjectKind.KYC_APPLICATION, [app.id])).get(app.id);
      if (!decision?.mode || !decision.reasonCode) throw new Error(`rejected application ${app.id} has no decision`);
      return { status: 'REJECTED', mode: decision.mode, reasonCode: decision.reasonCode, reasonCodes: [decision.reasonCode], userMessage: decision.userMessage, internalNote: decision.internalNote };
    },
  };
}

export type Applications = ReturnType<typeof createApplications>;
