import { randomUUID } from 'node:crypto';
import { todayIso } from '../../../shared/api/calendar.ts';
import { DOCUMENT_REQUIREMENTS, PROOF_OF_ADDRESS_KINDS } from '../../../shared/api/document-types.ts';
import { KycRule } from '../../../shared/api/kyc-rules.ts';
import {
  LEVEL_OF_TARGET,
  oldestProofOfAddress,
  ReverificationRetCode,
  ReverificationTarget,
  type ReverificationSubject,
  type SubmitUpdateResult,
  type UpdatePoa,
  type UpdatePoi,
} from '../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus, Provider, type DocumentKind, type VerifiableLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { reasonAppliesTo } from '../../../shared/review-reasons.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { DAILY_REJECTION_LIMIT } from '../../../shared/api/reverification.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { chooseDocuments } from '../kyc/kyc.service.ts';
import type { RoutingInput } from '../providers/providers.service.ts';
import type { ReviewSubjectHandler } from '../review/review.service.ts';
import { checkNewIdentityDocument, normalizeNumber } from './checks.ts';
import { createReverificationOverride } from './override.ts';
import { ReverificationEvent } from './reverification.machine.ts';
import type { ReverificationDeps } from './ports.ts';
import * as repo from './reverification.repo.ts';
import { languageForCountry } from '../../mail/templates.ts';
import { toConsoleDocument } from '../documents/documents.service.ts';

type Status = DisplayUpdatePOIStatus;
const S = DisplayUpdatePOIStatus;
const ENTITY = 'reverification_submission';

interface SubmissionsDeps extends ReverificationDeps {
  apply(trx: Db, userId: string, target: ReverificationTarget, event: ReverificationEvent, actor: Actor, context?: Record<string, unknown>): Promise<Status>;
  statuses(userId: string): Promise<Record<ReverificationTarget, Status>>;
  siteOf(q: Db, userId: string): Promise<string>;
  isAppOnly(site: string, country: string): boolean;
}

const codeError = (code: number, msg: string) => new BusinessError(code, msg);

/** What the new document is, as stored and as compared. */
interface NewDocument {
  country: string;
  documentType: string;
  documentNumber: string;
  expiryDate: string;
  issuedOn: string;
  holder: { firstName: string; lastName: string; dateOfBirth: string } | null;
  required: readonly DocumentKind[];
  documentIds: readonly string[] | undefined;
}

/**
 * The user's updates of a document (update-poi / update-poa) and what a decision on their review
 * case does. An update goes through the same capture and provider routing as first verification;
 * the verified document and the KYC level stay as they are until it is approved.
 */
export function createSubmissions(deps: SubmissionsDeps) {
  const { db, review, providers, kyc, documents, accounts, apply, statuses, siteOf, isAppOnly, mailer, templates, reasonTexts, publicUrl } = deps;

  /** The identity document verified now: the last approved update, else the first verification's. */
  async function currentIdentityDocument(userId: string) {
    const approved = (await repo.findSubmissionsOfUser(db, userId, ReverificationTarget.POI)).find((s) => s.status === repo.SubmissionStatus.APPROVED);
    if (approved) return { documentType: approved.document_type, country: approved.country, documentNumber: approved.document_number };
    const first = await kyc.approvedApplication(userId, 1);
    return first ? { documentType: first.documentType, country: first.country, documentNumber: first.documentNumber } : null;
  }

  /**
   * Whether an update of the target may be sent now, in order: asked for and open (1050 / 1052 /
   * 1051), on the web (1053); then the provider that serves the user for the target's level (the
   * in-house capture or a vendor's flow, whichever the routing gives, decision 017).
   */
  async function gate(userId: string, target: ReverificationTarget, at: Pick<RoutingInput, 'site'>): Promise<{ provider: Provider; level: VerifiableLevel; residence: string }> {
    const status = (await statuses(userId))[target];
    if (status === S.DisplayUpdatePOIStatus_Pending) throw codeError(ReverificationRetCode.UPDATE_ID_UNDER_REVIEW, 'an update is under review');
    if (status === S.DisplayUpdatePOIStatus_Rejected_Daily) throw codeError(ReverificationRetCode.UPDATE_ID_DAILY_LIMIT, 'too many attempts today');
    if (status === S.DisplayUpdatePOIStatus_No) throw codeError(ReverificationRetCode.UPDATE_ID_NOT_REQUESTED, 'no update requested');
    const residence = (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '';
    if (isAppOnly(await siteOf(db, userId), residence)) throw codeError(ReverificationRetCode.UPDATE_ID_APP_ONLY, 'this account verifies in the app');
    const level = LEVEL_OF_TARGET[target];
    return { provider: providers.route({ site: at.site, country: residence, level }).id, level, residence };
  }

  /**
   * The common part of both updates, in order: a re-verification of the target is asked for and
   * open (1050 / 1052 / 1051), the account verifies on the web (1053), the routed provider is the
   * in-house one (this call is its capture; a vendor's user verifies in the vendor's flow), the
   * document-specific checks, then one transaction: submission, documents attached, review case,
   * SUBMIT, audit.
   */
  async function submit(userId: string, target: ReverificationTarget, doc: NewDocument, check: () => Promise<void>, actor: Actor, at: Pick<RoutingInput, 'site'>): Promise<SubmitUpdateResult> {
    const { provider, level } = await gate(userId, target, at);
    if (provider !== Provider.PROVIDER_DEFAULT) throw new BusinessError(RetCode.KYC_PROVIDER_MISMATCH, 'routed to another provider', { provider });
    await check();

    const id = randomUUID();
    const submittedAt = nowIso();
    return inTransaction(
      db,
      async (trx) => {
        const request = await repo.findOpenRequest(trx, userId, target);
        if (!request) throw codeError(ReverificationRetCode.UPDATE_ID_NOT_REQUESTED, 'no update requested');
        const chosen = chooseDocuments(await documents.listDrafts(trx, userId, level), doc.required, doc.documentIds);
        await repo.insertSubmission(trx, {
          id,
          request_id: request.id,
          user_id: userId,
          target,
          provider,
          country: doc.country,
          document_type: doc.documentType,
          document_number: doc.documentNumber,
          expiry_date: doc.expiryDate,
          issued_on: doc.issuedOn,
          holder: doc.holder ? JSON.stringify(doc.holder) : null,
          status: repo.SubmissionStatus.PENDING,
          pending_key: `${userId}:${target}`,
          submitted_at: submittedAt,
          decided_at: null,
        });
        await documents.attach(trx, userId, chosen.map((d) => d.id), id, actor);
        await review.openCase(trx, { kind: SubjectKind.REVERIFICATION, subjectId: id, userId, level, country: doc.country, provider, openedAt: submittedAt }, actor);
        const to = await apply(trx, userId, target, ReverificationEvent.SUBMIT, actor, { submissionId: id });
        await recordAudit(trx, actor, {
          action: 'reverification.submission.submit',
          entityType: ENTITY,
          entityId: id,
          after: { userId, target, requestId: request.id, country: doc.country, documentType: doc.documentType, provider, documents: chosen.map((d) => ({ id: d.id, kind: d.kind })) },
        });
        return { submissionId: id, target, status: to, submittedAt };
      },
      'an update is under review',
    );
  }

  /** The decision of a submission's case (reason code and the reviewer's message for the user). */
  async function decisionOf(submissionId: string) {
    const d = (await review.decisionsOfSubjects(SubjectKind.REVERIFICATION, [submissionId])).get(submissionId);
    return d ? { reasonCode: d.reasonCode ?? '', reasonCodes: d.reasonCodes?.length ? [...d.reasonCodes] : d.reasonCode ? [d.reasonCode] : [], message: d.userMessage, decidedAt: d.decidedAt } : null;
  }

  const reviewHandler: ReviewSubjectHandler = {
    // A senior reviewer may override a vendor's decision (decision 022).
    ...createReverificationOverride({ apply }),
    check(c, decision) {
      if (decision.outcome === DecisionOutcome.REJECT && decision.reasonCode && !reasonAppliesTo(decision.reasonCode, c.level ?? 0)) {
        throw new ValidationFailed([{ path: 'reasonCode', code: KycRule.REASON_NOT_APPLICABLE }]);
      }
      if (decision.outcome === DecisionOutcome.REJECT && (decision.reasonCodes ?? []).some((code) => !reasonAppliesTo(code, c.level ?? 0))) {
        throw new ValidationFailed([{ path: 'reasonCodes', code: KycRule.REASON_NOT_APPLICABLE }]);
      }
    },
    /**
     * Approve: the update becomes the verified document (the earlier one stays in history), the
     * request is closed, the status returns to _No. Reject: _Rejected, or _Rejected_Daily when this is
     * the DAILY_REJECTION_LIMIT-th rejection of the target today. Both modes (RETRY/FINAL) allow a new
     * update: the request stays open until a document is approved or the request is withdrawn.
     */
    async apply(trx, c, decision, actor) {
      const sub = await repo.findSubmission(trx, c.subjectId);
      if (!sub) throw notFound();
      const target = sub.target as ReverificationTarget;
      const reject = decision.outcome === DecisionOutcome.REJECT;
      const status = reject ? repo.SubmissionStatus.REJECTED : repo.SubmissionStatus.APPROVED;
      if ((await repo.closeSubmission(trx, sub.id, status, decision.decidedAt)) !== 1) throw wrongState('update already decided');
      let event: ReverificationEvent = ReverificationEvent.APPROVE;
      if (reject) {
        const today = await repo.countRejectionsSince(trx, sub.user_id, target, `${todayIso()}T00:00:00.000Z`);
        event = today >= DAILY_REJECTION_LIMIT ? ReverificationEvent.REJECT_DAILY : ReverificationEvent.REJECT;
      } else if ((await repo.closeRequest(trx, sub.request_id, decision.decidedAt)) !== 1) {
        throw wrongState('request already closed');
      }
      const to = await apply(trx, sub.user_id, target, event, actor, { submissionId: sub.id });
      await recordAudit(trx, actor, {
        action: reject ? 'reverification.submission.reject' : 'reverification.submission.approve',
        entityType: ENTITY,
        entityId: sub.id,
        before: { status: repo.SubmissionStatus.PENDING, displayStatus: S.DisplayUpdatePOIStatus_Pending },
        after: { status, displayStatus: to, caseId: c.id, decisionId: decision.id, mode: decision.mode, reasonCode: decision.reasonCode, userMessage: decision.userMessage },
      });
      return { subjectStatus: to };
    },
    /** The user learns the outcome by e-mail too (in their residence country's language), with the way back. */
    async decided({ case: c, decision }) {
      const sub = await repo.findSubmission(db, c.subjectId);
      const user = sub && (await accounts.usersByIds([sub.user_id])).get(sub.user_id);
      if (!sub || !user) return;
      const lng = languageForCountry((await kyc.getPersonalInfo(sub.user_id)).info?.residenceCountry ?? '');
      const approved = decision.outcome === DecisionOutcome.APPROVE;
      await mailer.send(
        templates.render(lng, approved ? 'approved' : 'rejected', user.email, {
          document: templates.t(lng, `target.${sub.target}`),
          reason: decision.reasonCode ? reasonTexts.t(lng, `${decision.reasonCode}.title`) : '',
          message: decision.userMessage,
          link: `${publicUrl}/user/accounts/auth/reverification`,
        }),
      );
    },
  };

  return {
    reviewHandler,
    decisionOf,
    gate,

    /** POST update-poi: a new identity document (level 1's capture), checked against what is verified (§8). */
    async submitPoi(userId: string, input: UpdatePoi, actor: Actor, at: Pick<RoutingInput, 'site'>): Promise<SubmitUpdateResult> {
      const doc: NewDocument = {
        country: input.country,
        documentType: input.documentType,
        documentNumber: normalizeNumber(input.documentNumber),
        expiryDate: input.expiryDate,
        issuedOn: '',
        holder: { firstName: input.firstName, lastName: input.lastName, dateOfBirth: input.dateOfBirth },
        required: DOCUMENT_REQUIREMENTS[input.documentType].kinds,
        documentIds: input.documentIds,
      };
      return submit(userId, ReverificationTarget.POI, doc, async () => {
        const personal = (await kyc.getPersonalInfo(userId)).info;
        if (!personal) throw wrongState('no verified identity');
        checkNewIdentityDocument({ ...input, documentNumber: doc.documentNumber }, { ...personal, document: await currentIdentityDocument(userId) });
        const elsewhere = await repo.findSameDocumentElsewhere(db, userId, doc);
        if (elsewhere.length > 0) throw codeError(ReverificationRetCode.UPDATE_ID_DOCUMENT_USED, 'document used by another account');
      }, actor, at);
    },

    /** POST update-poa: a new proof of address (level 2's capture); one older than allowed is 1048. */
    async submitPoa(userId: string, input: UpdatePoa, actor: Actor, at: Pick<RoutingInput, 'site'>): Promise<SubmitUpdateResult> {
      const residence = (await kyc.getPersonalInfo(userId)).info?.residenceCountry ?? '';
      const doc: NewDocument = {
        country: residence,
        documentType: input.proofOfAddressType,
        documentNumber: '',
        expiryDate: '',
        issuedOn: input.issuedOn,
        holder: null,
        required: PROOF_OF_ADDRESS_KINDS,
        documentIds: input.documentIds,
      };
      return submit(userId, ReverificationTarget.POA, doc, async () => {
        if (input.issuedOn < oldestProofOfAddress()) throw codeError(ReverificationRetCode.UPDATE_ID_DOCUMENT_EXPIRED, 'proof of address too old');
      }, actor, at);
    },

    /** Console: the subject of a REVERIFICATION case. */
    async subjectForReview(submissionId: string): Promise<ReverificationSubject> {
      const sub = await repo.findSubmission(db, submissionId);
      if (!sub) throw notFound();
      const request = await repo.findRequest(db, sub.request_id);
      if (!request) throw notFound();
      const personal = (await kyc.getPersonalInfo(sub.user_id)).info;
      const target = sub.target as ReverificationTarget;
      const current = await currentIdentityDocument(sub.user_id);
      const others = (await repo.findSubmissionsOfUser(db, sub.user_id)).filter((s) => s.id !== sub.id);
      const decisions = await review.decisionsOfSubjects(SubjectKind.REVERIFICATION, others.map((o) => o.id));
      const requester = request.requested_by ? (await accounts.usersByIds([request.requested_by])).get(request.requested_by) : undefined;
      const pictures = await documents.listForApplication(db, sub.id);
      const samePictures = await documents.samePicturesOf(db, sub.user_id, pictures);
      const address = personal ? [personal.addressLine1, personal.addressLine2, `${personal.postalCode} ${personal.city}`.trim(), personal.stateRegion, personal.residenceCountry].filter(Boolean).join(', ') : '';
      return {
        kind: SubjectKind.REVERIFICATION,
        submission: {
          id: sub.id,
          target,
          level: LEVEL_OF_TARGET[target],
          provider: sub.provider as Provider,
          country: sub.country,
          documentType: sub.document_type,
          documentNumber: sub.document_number,
          expiryDate: sub.expiry_date,
          issuedOn: sub.issued_on,
          holder: sub.holder ? (JSON.parse(sub.holder) as { firstName: string; lastName: string; dateOfBirth: string }) : null,
          status: sub.status as 'PENDING' | 'APPROVED' | 'REJECTED',
          submittedAt: sub.submitted_at,
          decidedAt: sub.decided_at,
        },
        request: {
          id: request.id,
          reason: request.reason as ReverificationSubject['request']['reason'],
          message: request.message,
          deadline: request.deadline,
          requestedAt: request.requested_at,
          overdue: false,
          requestedBy: requester?.email ?? null,
        },
        verified: {
          firstName: personal?.firstName ?? '',
          lastName: personal?.lastName ?? '',
          dateOfBirth: personal?.dateOfBirth ?? '',
          nationality: personal?.nationality ?? '',
          address,
          document: current ? `${current.documentType} ${current.country} ${current.documentNumber}`.trim() : '',
        },
        status: (await statuses(sub.user_id))[target],
        documents: pictures.map((d) => toConsoleDocument(d, samePictures.get(d.id))),
        previous: others.map((o) => ({ id: o.id, target: o.target as ReverificationTarget, status: o.status, submittedAt: o.submitted_at, reasonCode: decisions.get(o.id)?.reasonCode ?? null })),
      };
    },

    /** Console queue: the document type of each update (keyed by submission id). */
    async documentTypesOf(ids: readonly string[]): Promise<Map<string, string>> {
      return new Map((await repo.findSubmissionsByIds(db, ids)).map((s) => [s.id, s.document_type]));
    },
  };
}
