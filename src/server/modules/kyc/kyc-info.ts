import { ApplicationStatus } from '../../../shared/api/applications.ts';
import type { KycDisplayControl, KycIdentity, KycInfo, KycInfoFlags, KycRejectMessage, KycRejectNotice } from '../../../shared/api/kyc-info.ts';
import type { KycQuota } from '../../../shared/api/quotas.ts';
import { CustodyType, KycFlow, LIMITATION_DEFAULT, QuestionnaireStatus, StepStatus, type KycLevel, type Provider, type VerifiableLevel } from '../../../shared/kyc.ts';
import type { UpdatePoiDisplay } from '../../../shared/api/reverification.ts';
import { SubjectKind } from '../../../shared/review.ts';
import { combineLimitations, deadlinePart, type LimitationPart } from '../../../shared/restrictions.ts';
import type { RejectReasonCode } from '../../../shared/review-reasons.ts';
import type { Db } from '../../db/index.ts';
import type { RoutingInput } from '../providers/providers.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { displayedSteps, LEVELS, reachedLevel, type StoredSteps } from './kyc.machine.ts';
import { hasNoSteps, type KycReads, type KycSteps } from './kyc-steps.ts';
import * as repo from './kyc.repo.ts';

/** The level a user works on now: the first one not reached (level 2 once both are). */
export function currentLevel(steps: StoredSteps): VerifiableLevel {
  return LEVELS.find((l) => steps[l] !== StepStatus.SUCCESS) ?? LEVELS[LEVELS.length - 1]!;
}

/** What kyc-info shows of re-verification (the reverification module, late-bound in services.ts). */
export interface KycReverificationPort {
  /** `known.residenceCountry`: as kyc-info read it (not read again). */
  displayFor(userId: string, at: Pick<RoutingInput, 'site'>, known?: { residenceCountry: string }): Promise<{
    displayUpdatePOI: UpdatePoiDisplay;
    displayUpdatePOA: UpdatePoiDisplay;
    displayEuPoiReset: boolean;
    limitation: string;
    limitationInfo: { limitation: string; reasons: string[] };
  }>;
}

/**
 * POST kyc-info (§3): a read model composed from the kyc module's own tables, the review cases'
 * decisions (rejection reasons and the reviewer's message, never the internal note) and the
 * provider routing. It only reads; keeping steps in line with availability is done before.
 */
/**
 * The account extras' part of kyc-info (decision 025): custody, newSatosGray, second_identity_state,
 * kybQuota, bannerTags and their displayControl flags, read in `q` from the facts given.
 */
export interface KycExtrasPort {
  forKycInfo(
    q: Db,
    userId: string,
    /** `tags`: the member tags kyc-info has just read (not read again). */
    at: { level: KycLevel; residenceCountry: string; site: string; tags?: Readonly<Record<string, string>>; questionnaireStatuses?: Readonly<Record<string, string>> },
  ): Promise<Pick<KycInfo, 'custody' | 'custodyInfo' | 'newSatosGray' | 'second_identity_state' | 'kybQuota' | 'bannerTags'> & {
    displayControl: Pick<KycDisplayControl, 'displayHkgPoaAgreement' | 'isDisplayP2pRights' | 'isDisplayNewSatos' | 'isDisplayNewRcOnboarding' | 'isDisplaySatosToEu'>;
  }>;
}

/** Without the extras (a kyc service built alone): their "nothing to show" values. */
const NO_EXTRAS: KycExtrasPort = {
  forKycInfo: async () => ({
    custody: CustodyType.CUSTODY_UNSPECIFIED,
    custodyInfo: null,
    newSatosGray: false,
    second_identity_state: null,
    kybQuota: null,
    bannerTags: [],
    displayControl: { displayHkgPoaAgreement: false, isDisplayP2pRights: false, isDisplayNewSatos: false, isDisplayNewRcOnboarding: false, isDisplaySatosToEu: false },
  }),
};

/** What kyc-info shows of compliance tasks (decision 027): the open tasks' types and the limitation an overdue one brings. */
export interface KycComplianceTasksPort {
  forKycInfo(userId: string): Promise<{ tasks: string[]; limitation: string; reasons: string[] }>;
}

/** What kyc-info shows of the restrictions decisions put on the account (decision 052), read in `q`. */
export interface KycRestrictionsPort {
  forKycInfo(q: Db, userId: string): Promise<LimitationPart>;
}

const NO_RESTRICTIONS: KycRestrictionsPort = { forKycInfo: async () => ({ limitation: LIMITATION_DEFAULT, reasons: [], actions: [] }) };

const NO_TASKS: KycComplianceTasksPort = { forKycInfo: async () => ({ tasks: [], limitation: LIMITATION_DEFAULT, reasons: [] }) };

/** kyc-info's quotas: the withdrawal limits in force for the site (the limits module, decision 040), read in `q`. */
export interface KycLimitsPort {
  quotasFor(q: Db, site: string): Promise<KycQuota[]>;
}

interface KycInfoDeps {
  db: Db;
  limits: KycLimitsPort;
  /** The vendor API or SDK base the client needs for `provider` ('' for the in-house provider). */
  apiUrlOf(provider: Provider): string;
  extras?: KycExtrasPort;
  kycOpened: boolean;
  steps: KycSteps;
  review: ReviewService;
  reverification: KycReverificationPort;
  providerOf(q: Db, userId: string, level: VerifiableLevel, routing: Pick<RoutingInput, 'site'>, known?: KycReads): Promise<Provider>;
  questionnaires?: KycQuestionnairesPort;
  complianceTasks?: KycComplianceTasksPort;
  restrictions?: KycRestrictionsPort;
}

/** The questionnaire fields of kyc-info (§3), from the questionnaires module's rules and statuses (decision 020). */
export interface KycQuestionnairesPort {
  /** `known`: the KYC level reached and the residence country kyc-info has just read. */
  kycInfoOf(userId: string, at: Pick<RoutingInput, 'site'>, known?: { level: number; country: string }): Promise<{
    mustQuestionnaire: boolean;
    questionnaireStatus: QuestionnaireStatus;
    isDisplayQuestionnaire: boolean;
    amlQuestionnaire: { needQuestionnaire: boolean; templateCode: string };
    /** Every template's status as just read: handed to the extras (the Satos gate), not read again. */
    statuses: Readonly<Record<string, QuestionnaireStatus>>;
  }>;
}

const NO_QUESTIONNAIRES = {
  statuses: {},
  mustQuestionnaire: false,
  questionnaireStatus: QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED,
  isDisplayQuestionnaire: false,
  amlQuestionnaire: { needQuestionnaire: false, templateCode: '' },
};

export function createKycInfo({ db, limits, apiUrlOf, kycOpened, steps, review, providerOf, reverification, questionnaires, extras = NO_EXTRAS, complianceTasks = NO_TASKS, restrictions = NO_RESTRICTIONS }: KycInfoDeps) {
  /** `known`: the personal information and steps this request has just read (reconcileAvailability), not read again. */
  return async function getInfo(userId: string, flags: KycInfoFlags, routing: Pick<RoutingInput, 'site'>, known?: KycReads): Promise<KycInfo> {
    const tags = await steps.memberTagsOf(db, userId);
    const noSteps = hasNoSteps(tags);
    const stored = known ? known.stored : await steps.load(db, userId);
    const state = displayedSteps(stored, { opened: kycOpened, noSteps });
    const personal = known ? known.personal : await repo.findPersonalInfo(db, userId);
    const apps = await repo.findApplicationsOfUser(db, userId);
    const rejected = apps.filter((a) => a.status === ApplicationStatus.REJECTED).map((a) => a.id);
    const decisions = await review.decisionsOfSubjects(SubjectKind.KYC_APPLICATION, rejected);

    const errorNotify: KycRejectNotice[] = [];
    const additionalRejectReason: KycRejectMessage[] = [];
    for (const item of state) {
      if (item.status !== StepStatus.FAILED_AND_CAN_RETRY && item.status !== StepStatus.FAILED_AND_CAN_NOT_RETRY) continue;
      const app = apps.find((a) => a.level === item.level && a.status === ApplicationStatus.REJECTED);
      const decision = app && decisions.get(app.id);
      if (!decision?.reasonCode) continue;
      // A vendor gives several reasons: each is shown (translated); the decision's is the first.
      const codes = app?.reason_codes ? (JSON.parse(app.reason_codes) as RejectReasonCode[]) : [decision.reasonCode];
      for (const reasonCode of codes.includes(decision.reasonCode) ? codes : [decision.reasonCode, ...codes]) {
        errorNotify.push({ level: item.level, status: item.status, reasonCode, decidedAt: decision.decidedAt });
      }
      // The reviewer's message for the user; the internal note never leaves the console.
      additionalRejectReason.push({ level: item.level, reasonCode: decision.reasonCode, message: decision.userMessage });
    }

    const identifies: KycIdentity[] = apps.map((a) => ({
      applicationId: a.id,
      level: a.level as VerifiableLevel,
      country: a.country,
      documentType: a.document_type as KycIdentity['documentType'],
      status: a.status as ApplicationStatus,
      submittedAt: a.submitted_at,
      decidedAt: a.decided_at,
    }));
    const identityCountry = apps.find((a) => a.level === 1)?.country ?? personal?.nationality ?? '';
    // The provider of the level the user works on: an open application's, else the routing data's.
    const provider = await providerOf(db, userId, currentLevel(stored), routing, { personal, stored });
    const q = questionnaires ? await questionnaires.kycInfoOf(userId, routing, { level: reachedLevel(stored), country: personal?.residence_country ?? '' }) : NO_QUESTIONNAIRES;
    const extra = await extras.forKycInfo(db, userId, { level: reachedLevel(stored), residenceCountry: personal?.residence_country ?? '', site: routing.site, tags, ...(questionnaires ? { questionnaireStatuses: q.statuses } : {}) });

    const reverify = await reverification.displayFor(userId, routing, { residenceCountry: personal?.residence_country ?? '' });
    const tasks = await complianceTasks.forKycInfo(userId);
    // One limitation names the account's state: the strongest in force (a decision's restriction,
    // then an overdue re-verification, then an overdue task); the reasons and actions list every cause.
    const restricted = await restrictions.forKycInfo(db, userId);
    const { limitation, ...why } = combineLimitations([restricted, deadlinePart(reverify, tasks)]);
    const limitationInfo = { limitation, ...why };
    const info: KycInfo = {
      apiUrl: apiUrlOf(provider),
      provider,
      flowNames: [KycFlow.Level1_web, KycFlow.Level2_web],
      opened: kycOpened,
      limitation,
      limitationInfo,
      errorNotify,
      second_identity_state: extra.second_identity_state,
      questionnaireStatus: q.questionnaireStatus,
      mustQuestionnaire: q.mustQuestionnaire,
      displayControl: {
        isDisplayQuestionnaire: q.isDisplayQuestionnaire,
        ...extra.displayControl,
        displayUpdatePOI: reverify.displayUpdatePOI,
        displayUpdatePOA: reverify.displayUpdatePOA,
        displayEuPoiReset: reverify.displayEuPoiReset,
      },
      custody: extra.custody,
      custodyInfo: extra.custodyInfo,
      newSatosGray: extra.newSatosGray,
      additionalRejectReason,
      bannerTags: extra.bannerTags,
      residenceCountry: personal?.residence_country ?? '',
      kybQuota: extra.kybQuota,
    };
    if (flags.obtain_current) {
      info.applicant = {
        country: identityCountry,
        firstname: personal?.first_name ?? '',
        lastname: personal?.last_name ?? '',
        level: reachedLevel(stored),
        identifies,
      };
    }
    // The vendor's token is never kept with the reply: kyc.service fills it per request (vendor-token's).
    if (flags.obtain_kyc_token) info.kycToken = '';
    if (flags.obtain_state) info.state = state;
    if (flags.obtain_quotas) info.quotas = await limits.quotasFor(db, routing.site);
    if (flags.obtain_verification_process) {
      // In process: a review of a level, or compliance tasks still open (their types).
      info.verificationProcess = { isVerificationProcess: state.some((s) => s.status === StepStatus.PENDING) || tasks.tasks.length > 0, tasks: tasks.tasks };
    }
    if (flags.obtain_aml_questionnaire) info.amlQuestionnaire = { ...q.amlQuestionnaire };
    return info;
  };
}
