import { randomUUID } from 'node:crypto';
import type { ApplicationSnapshot } from '../../../shared/api/console.ts';
import { QuickKycBlock, QuickKycOutcome, type CanQuickKycResult, type DoQuickKyc, type DoQuickKycResult } from '../../../shared/api/quick-kyc.ts';
import { isCountryEnabled } from '../../../shared/countries.ts';
import { KycLevel, StepStatus } from '../../../shared/kyc.ts';
import { ID_NUMBER_RULES, maskIdNumber, QUICK_KYC_ATTEMPTS_PER_DAY, QUICK_KYC_WINDOW_MS, quickKycOfferFor, QuickKycRule, type QuickKycIdType, type QuickKycOffer } from '../../../shared/quick-kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { VendorProtocolError, VendorUnavailableError, type NonDocCheckResult, type ProvidersService, type VerificationProvider } from '../providers/providers.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { countHit, peekCount } from '../throttle/throttle.service.ts';
import { prerequisiteMet } from './kyc.machine.ts';
import { SUBMITTABLE, type KycSteps } from './kyc-steps.ts';
import { toPersonalInfo } from './personal-info.ts';
import { decideAsProvider, openVendorApplication } from './vendor-application.ts';
import * as repo from './kyc.repo.ts';

interface Deps {
  db: Db;
  kycOpened: boolean;
  steps: KycSteps;
  review: ReviewService;
  providers: ProvidersService;
  log: { warn(obj: object, msg: string): void };
}

const LEVEL = KycLevel.LEVEL_1;
const throttleKey = (userId: string) => `quick-kyc:${userId}`;

/** The outcome the user reads, from what the registry said. */
const OUTCOME_OF: Record<NonDocCheckResult['registry'], QuickKycOutcome> = {
  MATCH: QuickKycOutcome.APPROVED,
  MISMATCH: QuickKycOutcome.NOT_MATCHED,
  NOT_FOUND: QuickKycOutcome.NOT_FOUND,
};

/**
 * Quick KYC (§2 vendor route, §7 can-quick-kyc / do-quick-kyc; docs/decisions/019): level 1 by an
 * identity number checked against a registry through the provider that shared/quick-kyc.ts names for
 * the user's country — whatever KYC_PROVIDER_ROUTES says about the document path. The provider's
 * answer becomes an application with a review case and the provider's decision on it, exactly as a
 * vendor's webhook does (vendor-application.ts): approved reaches LEVEL_1; not matched (or unknown)
 * is a RETRY rejection, so the document path stays open. Checks cost money and could probe numbers:
 * QUICK_KYC_ATTEMPTS_PER_DAY per user.
 */
export function createQuickKyc({ db, kycOpened, steps, review, providers, log }: Deps) {
  /** The offer's provider when it is configured here and covers the country's numbers. */
  function providerFor(offer: QuickKycOffer): VerificationProvider | null {
    const p = providers.find(offer.provider);
    if (!p?.nonDocCheck || !p.nonDocCoverage) return null;
    const covered = p.nonDocCoverage();
    return offer.idTypes.every((t) => covered.some((c) => c.country === offer.country && c.idType === t)) ? p : null;
  }

  async function attempts(userId: string) {
    const { count, resetInMs } = await peekCount(db, throttleKey(userId), QUICK_KYC_WINDOW_MS);
    const left = Math.max(0, QUICK_KYC_ATTEMPTS_PER_DAY - count);
    return { left, retryAfterSeconds: left === 0 ? Math.ceil(resetInMs / 1000) : 0 };
  }

  /** GET can-quick-kyc: eligibility, the first reason it fails, and what is offered. */
  async function eligibility(userId: string): Promise<CanQuickKycResult & { offer: QuickKycOffer | null; vendor: VerificationProvider | null }> {
    await steps.reconcileAvailability(userId);
    const current = await steps.load(db, userId);
    const status = current[LEVEL];
    const personal = await repo.findPersonalInfo(db, userId);
    const country = personal?.residence_country ?? '';
    const offer = personal && isCountryEnabled(country) ? (quickKycOfferFor(country) ?? null) : null;
    const vendor = offer ? providerFor(offer) : null;
    const { left, retryAfterSeconds } = await attempts(userId);
    const noSteps = !kycOpened || (await steps.memberHasNoSteps(db, userId));
    const reason = noSteps
      ? QuickKycBlock.NO_STEPS
      : !SUBMITTABLE.has(status) || !prerequisiteMet(LEVEL, current)
        ? QuickKycBlock.LEVEL_NOT_OPEN
        : !personal
          ? QuickKycBlock.PERSONAL_INFO_MISSING
          : !offer
            ? QuickKycBlock.COUNTRY_NOT_OFFERED
            : !vendor
              ? QuickKycBlock.PROVIDER_NOT_CONFIGURED
              : left === 0
                ? QuickKycBlock.ATTEMPTS_EXHAUSTED
                : null;
    return {
      eligible: reason === null,
      reason,
      country,
      provider: offer?.provider ?? null,
      idTypes: offer && vendor ? [...offer.idTypes] : [],
      status: noSteps ? StepStatus.NOT_ALLOW : status,
      attemptsLeft: left,
      retryAfterSeconds,
      offer,
      vendor,
    };
  }

  /** The business error for a reason the quick path is closed. */
  function refusal(reason: QuickKycBlock, retryAfterSeconds: number): BusinessError {
    switch (reason) {
      case QuickKycBlock.NO_STEPS:
      case QuickKycBlock.LEVEL_NOT_OPEN:
        return wrongState('level 1 does not accept a submission');
      case QuickKycBlock.PERSONAL_INFO_MISSING:
        return new BusinessError(RetCode.KYC_PERSONAL_INFO_REQUIRED, 'personal information required');
      case QuickKycBlock.ATTEMPTS_EXHAUSTED:
        return new BusinessError(RetCode.QUICK_KYC_ATTEMPTS_EXCEEDED, 'quick KYC attempts used up', { retryAfterSeconds, retryAfterHours: Math.max(1, Math.ceil(retryAfterSeconds / 3600)) });
      default:
        return new BusinessError(RetCode.QUICK_KYC_NOT_OFFERED, 'quick KYC not offered', { reason });
    }
  }

  return {
    async canQuickKyc(userId: string): Promise<CanQuickKycResult> {
      const { offer: _offer, vendor: _vendor, ...result } = await eligibility(userId);
      return result;
    },

    /**
     * POST do-quick-kyc: eligibility and the number type, one counted attempt, the provider's check
     * (nothing is written when it cannot answer: KYC_PROVIDER_UNAVAILABLE), then in ONE transaction —
     * the level still open and the personal information still what was checked — the application,
     * its case, the provider's decision and the audit.
     */
    async doQuickKyc(userId: string, input: DoQuickKyc, actor: Actor): Promise<DoQuickKycResult> {
      const before = await eligibility(userId);
      if (before.reason) throw refusal(before.reason, before.retryAfterSeconds);
      const offer = before.offer!;
      const vendor = before.vendor!;
      if (!offer.idTypes.includes(input.idType)) throw new ValidationFailed([{ path: 'idType', code: QuickKycRule.ID_TYPE_NOT_OFFERED }]);

      // Counted before asking: parallel requests each take their own attempt.
      const hit = await countHit(db, throttleKey(userId), QUICK_KYC_WINDOW_MS);
      if (hit.count > QUICK_KYC_ATTEMPTS_PER_DAY) throw refusal(QuickKycBlock.ATTEMPTS_EXHAUSTED, Math.ceil(hit.resetInMs / 1000));
      const attemptsLeft = QUICK_KYC_ATTEMPTS_PER_DAY - hit.count;

      const personal = (await repo.findPersonalInfo(db, userId))!;
      const checked = { firstName: personal.first_name, lastName: personal.last_name, dateOfBirth: personal.date_of_birth };
      const applicationId = randomUUID();
      let result: NonDocCheckResult;
      try {
        result = await vendor.nonDocCheck!({ userId, reference: applicationId, country: offer.country, idType: input.idType, idNumber: input.idNumber, ...checked });
      } catch (err) {
        if (err instanceof VendorUnavailableError || err instanceof VendorProtocolError) {
          log.warn({ err, provider: offer.provider, userId }, 'quick KYC check could not be made');
          throw new BusinessError(RetCode.KYC_PROVIDER_UNAVAILABLE, 'verification provider unavailable', { provider: offer.provider });
        }
        throw err;
      }

      return inTransaction(db, async (trx) => {
        const row = await repo.lockPersonalInfo(trx, userId);
        await steps.assertAcceptsSubmission(trx, userId, LEVEL);
        // The registry compared these: a save in between would approve data nobody checked.
        if (!row || row.first_name !== checked.firstName || row.last_name !== checked.lastName || row.date_of_birth !== checked.dateOfBirth) {
          throw wrongState('personal information changed during the check');
        }
        const documentType = ID_NUMBER_RULES[input.idType as QuickKycIdType].documentType;
        const snapshot: ApplicationSnapshot = {
          personalInfo: toPersonalInfo(row),
          // Like the in-house BVN path, the number itself is kept for the reviewer; users only ever see it masked.
          document: { country: offer.country, type: documentType, number: input.idNumber },
          vendor: { provider: offer.provider, externalId: result.externalId },
          nonDoc: { idType: input.idType, checkId: result.checkId, registry: result.registry },
        };
        await openVendorApplication(
          trx,
          { steps, review },
          {
            userId,
            level: LEVEL,
            provider: offer.provider,
            country: row.residence_country,
            documentType,
            snapshot,
            externalId: result.externalId,
            audit: { route: 'quick-kyc', idType: input.idType, number: maskIdNumber(input.idNumber), checkId: result.checkId, registry: result.registry },
          },
          actor,
          applicationId,
        );
        const providerActor: Actor = { type: 'provider', id: offer.provider };
        const decided = await decideAsProvider(trx, review, applicationId, LEVEL, result.outcome, providerActor);
        await recordAudit(trx, actor, {
          action: 'kyc.quick.check',
          entityType: 'kyc_application',
          entityId: applicationId,
          after: { provider: offer.provider, idType: input.idType, number: maskIdNumber(input.idNumber), registry: result.registry, stepStatus: decided.subjectStatus, attemptsLeft },
        });
        return {
          applicationId,
          outcome: OUTCOME_OF[result.registry],
          status: decided.subjectStatus as StepStatus,
          reasonCode: decided.decision.reasonCode,
          idType: input.idType,
          maskedNumber: maskIdNumber(input.idNumber),
          attemptsLeft,
        };
      });
    },
  };
}

export type QuickKyc = ReturnType<typeof createQuickKyc>;
