import { publishIn } from '../events/events.service.ts';
import { randomUUID } from 'node:crypto';
import { ErasureOutcome, ErasureReason, type ErasureResult } from '../../../shared/api/records.ts';
import { CaseStatus, SubjectKind } from '../../../shared/review.ts';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { eraseAuditPayloads, recordAudit, type Actor } from '../audit/audit.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { RetentionSweeps } from './sweeps.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import type { PersonalDataPort } from './port.ts';
import * as repo from './records.repo.ts';

export interface ErasureDeps {
  db: Db;
  config: Pick<Config, 'retention'>;
  review: Pick<ReviewService, 'casesOfUser' | 'eraseFreeTextOf'>;
  kyc: Pick<KycService, 'erasePersonalData' | 'auditRefsOf'>;
  accounts: Pick<AccountsService, 'closeAccount' | 'anonymiseAccount'>;
  documents: Pick<DocumentsService, 'removeAllOf'>;
  /** Other modules' erasure of a user's data (the capture's biometric data), late-bound. */
  sweeps?: () => Pick<RetentionSweeps, 'eraseBiometric'>;
  /** Other modules' records about the user (decision 031): their audit entities and personal data. */
  personalData?: readonly PersonalDataPort[];
}

/** `iso` plus whole months (calendar months, UTC). */
export function addMonths(iso: string, months: number): string {
  const d = new Date(iso);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString();
}

/**
 * Erasure (decision 018): what a user may have erased and when, and the erasing itself. The law
 * decides, from the user's cases: a verified customer's records are kept RETENTION_CUSTOMER_YEARS
 * after the account closes, a rejected applicant's RETENTION_REJECTED_MONTHS after the last
 * decision; a verification under review must be decided first.
 */
export function createErasure({ db, config, review, kyc, accounts, documents, sweeps, personalData = [] }: ErasureDeps) {
  /**
   * Erases a user's personal data in `trx`: audit payloads first (so the records written next keep
   * theirs: they hold none), then documents (files included), personal information and snapshots,
   * the free text of decisions; `anonymise` also replaces the account's e-mail. What the audit needs
   * stays: cases, decisions (outcome, reason, who, when), applications' facts, the audit chain.
   */
  async function eraseUser(trx: Db, userId: string, actor: Actor, { anonymise }: { anonymise: boolean }): Promise<Record<string, number>> {
    const cases = await review.casesOfUser(userId, trx);
    const refs = [
      { entityType: 'user', entityId: userId },
      ...(await kyc.auditRefsOf(trx, userId)),
      ...cases.map((c) => ({ entityType: 'review_case', entityId: c.id })),
    ];
    for (const port of personalData) refs.push(...((await port.auditRefsOf?.(trx, userId)) ?? []));
    const auditEntries = await eraseAuditPayloads(trx, refs, userId);
    const documentsRemoved = await documents.removeAllOf(trx, userId, actor);
    // Biometric data (liveness frames) goes with the documents, whatever its own period says.
    const biometric = (await sweeps?.().eraseBiometric(trx, userId)) ?? 0;
    const kycErased = await kyc.erasePersonalData(trx, userId, actor);
    await review.eraseFreeTextOf(trx, userId);
    // Questionnaire answers, re-verification updates, compliance texts, addresses of acceptances.
    let otherRecords = 0;
    for (const port of personalData) otherRecords += (await port.eraseOf?.(trx, userId)) ?? 0;
    if (anonymise) await accounts.anonymiseAccount(trx, userId, actor);
    // Decision 050: consumers drop what they keep of the user (the event holds only the id).
    await publishIn(trx, 'kyc.user.erased', { userId, anonymised: anonymise });
    return { auditEntries, documents: documentsRemoved, biometric, personalInfo: kycErased.personalInfo ? 1 : 0, snapshots: kycErased.snapshots, otherRecords };
  }

  /** Why (and until when) the user's verification data must be kept now; null when nothing must be. */
  async function retentionOf(trx: Db, userId: string, now: string): Promise<{ reason: ErasureReason; keepUntil: string | null } | null> {
    const cases = (await review.casesOfUser(userId, trx)).filter((c) => c.subjectKind === SubjectKind.KYC_APPLICATION);
    if (cases.some((c) => c.status === CaseStatus.PENDING)) return { reason: ErasureReason.REVIEW_PENDING, keepUntil: null };
    if (cases.some((c) => c.status === CaseStatus.APPROVED)) return { reason: ErasureReason.CUSTOMER_RECORDS, keepUntil: addMonths(now, config.retention.customerYears * 12) };
    const lastRejection = cases.map((c) => c.decidedAt ?? '').sort().at(-1);
    if (lastRejection) {
      const until = addMonths(lastRejection, config.retention.rejectedMonths);
      if (until > now) return { reason: ErasureReason.REJECTED_APPLICANT, keepUntil: until };
    }
    return null;
  }

  return {
    eraseUser,

    /**
     * A user asks to have their data erased. Under review: refused (REVIEW_PENDING), nothing
     * changes. Records the law requires: the account closes now (no more sign-in), the data stays
     * until `keepUntil` and the retention job erases it then (RETAINED, with the reason). Otherwise
     * everything is erased now and the account anonymised (ERASED). One audited transaction.
     */
    async requestErasure(userId: string, actor: Actor): Promise<ErasureResult> {
      return inTransaction(db, async (trx) => {
        const now = nowIso();
        const keep = await retentionOf(trx, userId, now);
        const outcome = keep === null ? ErasureOutcome.ERASED : keep.reason === ErasureReason.REVIEW_PENDING ? ErasureOutcome.REFUSED : ErasureOutcome.RETAINED;
        const result: ErasureResult = { outcome, reason: keep?.reason ?? null, keepUntil: keep?.keepUntil ?? null };
        const id = randomUUID();
        let erased: Record<string, number> | null = null;
        if (outcome === ErasureOutcome.ERASED) erased = await eraseUser(trx, userId, actor, { anonymise: true });
        else if (outcome === ErasureOutcome.RETAINED) await accounts.closeAccount(trx, userId, actor);
        await repo.insertErasureRequest(trx, { id, user_id: userId, requested_at: now, outcome, reason: result.reason, keep_until: result.keepUntil, erased_at: erased ? now : null });
        await recordAudit(trx, actor, { action: 'records.erasure_request', entityType: 'erasure_request', entityId: id, after: { userId, ...result, erased } });
        return result;
      });
    },
  };
}

export type Erasure = ReturnType<typeof createErasure>;
