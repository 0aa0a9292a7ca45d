import type { ApplicationStatus, SubmitApplication, SubmitApplicationResult } from '../../../shared/api/applications.ts';
import { PROOF_OF_ADDRESS_MAX_AGE_MONTHS, ProofOfAddressType, supportedDocumentTypes } from '../../../shared/api/document-types.ts';
import type { KycInfo, KycInfoFlags } from '../../../shared/api/kyc-info.ts';
import { MAX_AGE_YEARS, MIN_AGE_YEARS, type PersonalInfo, type PersonalInfoResult, type ResidentialAddress } from '../../../shared/api/personal-info.ts';
import { CanVerifyReason, type CanVerifyResult, type IpCountryResult, type KycConfigResult, type KycProviderResult, type SelfResetResult, type SupportedDocumentTypesResult } from '../../../shared/api/verification.ts';
import type { ApplicationSnapshot } from '../../../shared/api/console.ts';
import type { DocumentSummary } from '../../../shared/api/documents.ts';
import { DISABLED_COUNTRIES, isCountryCode, isCountryEnabled } from '../../../shared/countries.ts';
import { flowForLevel, Provider, StepStatus, type KycLevel, type VerifiableLevel } from '../../../shared/kyc.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import type { Actor } from '../audit/audit.service.ts';
import type { ProvidersService, RoutingInput } from '../providers/providers.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { createApplications, parseSnapshot, type KycDocumentsPort } from './applications.ts';
import { createKycInfoCache } from './kyc-info-cache.ts';
import type { ChangeStamps } from '../../db/change-stamps.ts';
import { createKycInfo, currentLevel, type KycComplianceTasksPort, type KycLimitsPort, type KycExtrasPort, type KycQuestionnairesPort, type KycReverificationPort, type KycRestrictionsPort } from './kyc-info.ts';
import { displayedSteps, KYC_LEVEL_MACHINE, LEVELS, reachedLevel, StepEvent } from './kyc.machine.ts';
import { nextStatus } from '../steps/steps.service.ts';
import { createKycSteps, SUBMITTABLE, type KycAccountsPort, type KycReads } from './kyc-steps.ts';
import { createPersonalInfo } from './personal-info.ts';
import { createVendorVerification, type PublicAddress, type UpdateSessionLink, type VendorUpdateEvents } from './vendor-verification.ts';
import { createQuickKyc } from './quick-kyc.ts';
import type { CanQuickKycResult, DoQuickKyc, DoQuickKycResult } from '../../../shared/api/quick-kyc.ts';
import type { IncomingWebhook } from '../providers/providers.service.ts';
import * as repo from './kyc.repo.ts';
import { createKycRecords } from './kyc-records.ts';
import { createIdentityTransferKyc } from './identity-transfer.ts';
import { createVerifiedPeople } from './verified-people.ts';
import { DEFAULT_LIMITS, quotasOf } from '../limits/limits.service.ts';

/** Without the limits module (a kyc service built alone): the built-in default limits. */
const DEFAULT_LIMITS_PORT: KycLimitsPort = { quotasFor: async (_q, site) => quotasOf(DEFAULT_LIMITS, site, 'KYC') };
export type { IdentityTransferKyc, VerifiedIdentity } from './identity-transfer.ts';

export type { KycDocumentsPort } from './applications.ts';
export type { KycAccountsPort } from './kyc-steps.ts';
export { createLevelApprovedMail } from './level-approved-mail.ts';
export type { KycReverificationPort } from './kyc-info.ts';
export { chooseDocuments } from './applications.ts';
export { SessionPurpose, type PublicAddress, type UpdateSessionLink, type VendorUpdateEvents, type WebhookResult } from './vendor-verification.ts';
export { decisionOf as providerDecisionOf } from './vendor-application.ts';
export type { VendorSessionRow } from './vendor.repo.ts';
export { addressEditable, toPersonalInfo } from './personal-info.ts';
export type { KycRecords } from './kyc-records.ts';

export interface KycDeps {
  db: Db;
  config: Config;
  documents: KycDocumentsPort;
  accounts: KycAccountsPort;
  review: ReviewService;
  providers: ProvidersService;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  /** kyc-info's re-verification part (late-bound: that module is built on this one). */
  reverification: KycReverificationPort;
  /** E-mailed one-time codes: self-reset is confirmed with one (§8 30101). */
  otp: KycOtpPort;
  /** kyc-info's questionnaire fields (late-bound: the questionnaires module reads the KYC level). */
  questionnaires?: KycQuestionnairesPort;
  /** kyc-info's open compliance tasks and their limitation (late-bound, decision 027). */
  complianceTasks?: KycComplianceTasksPort;
  /** kyc-info's limitation from the restrictions decisions put on the account (late-bound, decision 052). */
  restrictions?: KycRestrictionsPort;
  /** The account extras' kyc-info fields (decision 025); absent: their "none" values. */
  extras?: KycExtrasPort;
  /** kyc-info's quotas (decision 040); absent: the built-in default limits. */
  limits?: KycLimitsPort;
  /** Re-verification's handling of update sessions' webhook events (late-bound; decision 017). */
  vendorUpdates?: VendorUpdateEvents;
}

/** What self-reset needs from the one-time codes module (its service satisfies this). */
export interface KycOtpPort {
  require(userId: string, purpose: string, lng: string, actor: Actor, vars?: Record<string, string>): Promise<never>;
  consume(userId: string, purpose: string, code: string, actor: Actor): Promise<void>;
}
/**
 * How a self-reset is confirmed: the e-mailed code (§8 30101), or, for a partner's applicant in the
 * SDK flow (no mailbox of ours: decision 021), the partner's own sign-in of its user, which the
 * access token carries.
 */
export type SelfResetConfirmation = { otp?: string | undefined; lng: string } | { byPartner: string };

/** The one-time code purpose of self-reset, per level. */
export const selfResetPurpose = (level: VerifiableLevel) => `self-reset:${level}`;

/** Where the request came from, for provider routing (§1: the host's region). */
export type RequestSite = Pick<RoutingInput, 'site'>;
const MAIN_SITE: RequestSite = { site: 'MAIN' };

/** A KYC application as the console shows it (the subject of a KYC_APPLICATION review case). */
export interface ApplicationForReview {
  id: string;
  userId: string;
  level: VerifiableLevel;
  country: string;
  documentType: string;
  provider: Provider;
  status: ApplicationStatus;
  submittedAt: string;
  decidedAt: string | null;
  submitted: ApplicationSnapshot;
  documents: DocumentSummary[];
  /** The user's steps now. */
  steps: { level: VerifiableLevel; status: StepStatus }[];
  /** The user's other applications, most recent first. */
  others: { id: string; level: VerifiableLevel; status: ApplicationStatus; submittedAt: string }[];
}

/** can-verify's "why not" (null when the level accepts a submission and, for level 1, personal information is saved). */
export function canVerifyReason(status: StepStatus, noSteps: boolean, level: VerifiableLevel, personalInfoComplete: boolean): CanVerifyReason | null {
  if (noSteps) return CanVerifyReason.NO_STEPS;
  switch (status) {
    case StepStatus.NOT_ALLOW:
      return CanVerifyReason.PREVIOUS_LEVEL_FIRST;
    case StepStatus.PENDING:
      return CanVerifyReason.UNDER_REVIEW;
    case StepStatus.SUCCESS:
      return CanVerifyReason.ALREADY_VERIFIED;
    case StepStatus.FAILED_AND_CAN_NOT_RETRY:
      return CanVerifyReason.REJECTED_FINAL;
    case StepStatus.CERTIFICATION_DISABLED:
      return CanVerifyReason.COUNTRY_DISABLED;
    default:
      return level === 1 && !personalInfoComplete ? CanVerifyReason.PERSONAL_INFO_REQUIRED : null;
  }
}

/** §6 header from a trusted proxy / CDN; anything that is not a listed code counts as unknown. */
export function ipCountryFrom(headerValue: string | undefined): IpCountryResult {
  const code = (headerValue ?? '').trim().toUpperCase();
  if (!isCountryCode(code)) return { countryCode: '', isSupported: false };
  return { countryCode: code, isSupported: isCountryEnabled(code) };
}

/**
 * The kyc module's public service: the §7 KYC calls of levels 1 and 2, composed from parts with one
 * job each — step rules (kyc-steps.ts over the generic steps module), personal information, the
 * in-house provider's applications and their review handler, and the kyc-info read model.
 */
export function createKycService({ db, config, documents, accounts, review, providers, log, reverification, otp, questionnaires, extras, vendorUpdates, complianceTasks, restrictions, limits = DEFAULT_LIMITS_PORT }: KycDeps) {
  const kycOpened = config.kycOpened;
  const steps = createKycSteps({ db, kycOpened, accounts });
  const personal = createPersonalInfo({ db, kycOpened, steps });
  const identityTransfer = createIdentityTransferKyc({ db, steps });
  const verifiedPeople = createVerifiedPeople({ db });
  const vendor = createVendorVerification({ db, steps, review, providers, log, ...(vendorUpdates ? { updates: vendorUpdates } : {}) });
  const providerOf = async (q: Db, userId: string, level: VerifiableLevel, at: RequestSite, known?: KycReads) => (await vendor.choose(userId, level, at.site, q, known)).provider;
  const applications = createApplications({ db, steps, documents, review, providerOf });
  // apiUrl: the API or SDK base the vendor's client talks to (get-verification-sdk-info's), '' in-house.
  const apiUrlOf = (provider: Provider) => (provider === Provider.PROVIDER_DEFAULT ? '' : (providers.get(provider).origins().connect[0] ?? ''));
  const kycInfo = createKycInfo({ db, limits, apiUrlOf, kycOpened, steps, review, providerOf, reverification, ...(questionnaires ? { questionnaires } : {}), ...(extras ? { extras } : {}), ...(complianceTasks ? { complianceTasks } : {}), ...(restrictions ? { restrictions } : {}) });
  const infoCache = createKycInfoCache(db);
  const quick = createQuickKyc({ db, kycOpened, steps, review, providers, log });
  const records = createKycRecords({ db });

  /**
   * kyc-info's kycToken (§3): the vendor access token vendor-token gives for the level the user works
   * on — never kept with the cached reply (it is short-lived and the vendor's). '' when the level
   * accepts no submission now (under review, verified) or the vendor cannot be reached: the page then
   * asks vendor-token itself, which says why.
   */
  async function currentVendorToken(userId: string, level: VerifiableLevel, at: RequestSite, address: PublicAddress, actor: Actor): Promise<string> {
    try {
      return (await vendor.vendorToken(userId, level, at.site, address, actor)).token;
    } catch (err) {
      if (err instanceof BusinessError) return '';
      throw err;
    }
  }

  return {
    /** The kyc side of identity transfers (decision 029): the identity held, receiving it. */
    identityTransfer,
    /** Carries out decisions on KYC_APPLICATION review cases (registered with the review module). */
    reviewHandler: applications.reviewHandler,

    /** Records (decision 018): a user's verification data for their export; its erasure by retention. */
    recordsOf: records.recordsOf,
    erasePersonalData: records.erasePersonalData,
    auditRefsOf: records.auditRefsOf,

    /** The highest level reached (0, 1, 2): the profile's `level`. */
    async levelOf(userId: string): Promise<KycLevel> {
      return reachedLevel(await steps.loadNow(userId));
    },

    /**
     * The documents module's upload gate (late-bound in services.ts): a photo is taken only while its
     * level accepts a submission, by the same rule as submitApplication. Without `trx` it first
     * brings the steps in line with availability (as a submission does) and checks before any work;
     * with `trx` it checks again inside the upload's transaction, serialised with submit and save on
     * the personal-info row, so a submission that commits in between is seen.
     */
    async assertCanUpload(userId: string, level: VerifiableLevel, trx?: Db): Promise<void> {
      if (trx) {
        await repo.lockPersonalInfo(trx, userId);
        await steps.assertAcceptsSubmission(trx, userId, level);
        return;
      }
      await steps.reconcileAvailability(userId);
      await steps.assertAcceptsSubmission(db, userId, level);
    },

    /**
     * POST kyc-info (§3): the parts the flags ask for, with real values. `stamps`: the user's change
     * stamps if the request read them with its session.
     */
    async getInfo(userId: string, flags: KycInfoFlags, at: RequestSite = MAIN_SITE, stamps?: ChangeStamps, address?: PublicAddress, actor?: Actor): Promise<KycInfo> {
      const info = await infoCache.read(
        userId,
        at.site,
        flags,
        async () => {
          // What reconciling read is what kyc-info shows, unless it changed something (then read again).
          const known = await steps.reconcileAvailability(userId);
          return kycInfo(userId, flags, at, known ?? undefined);
        },
        stamps,
      );
      if (!flags.obtain_kyc_token || info.provider === Provider.PROVIDER_DEFAULT || !address || !actor) return info;
      return { ...info, kycToken: await currentVendorToken(userId, currentLevel(await steps.load(db, userId)), at, address, actor) };
    },

    getPersonalInfo: (userId: string): Promise<PersonalInfoResult> => personal.get(userId),
    /** Residence and nationality as given, read in `q` (another module's transaction: EDD's country rules, decision 028). */
    async countriesOf(q: Db, userId: string): Promise<{ residenceCountry: string; nationality: string }> {
      const row = await repo.findPersonalInfo(q, userId);
      return { residenceCountry: row?.residence_country ?? '', nationality: row?.nationality ?? '' };
    },
    /** The names, date of birth and nationality screening compares (decision 026), read in `q` (the screening's transaction). */
    async personForScreening(q: Db, userId: string) {
      const row = await repo.findPersonalInfo(q, userId);
      return row && { first_name: row.first_name, middle_name: row.middle_name, last_name: row.last_name, date_of_birth: row.date_of_birth, nationality: row.nationality };
    },
    /** Verified users living in or nationals of one of `countries` (a new risk list re-assesses them, decision 041). */
    verifiedUsersIn: verifiedPeople.verifiedUsersIn,
    /** When level 1 was reached, if it is and the user has a name to screen: what screening's read model follows (decision 063). */
    verifiedSince: verifiedPeople.verifiedSince,
    savePersonalInfo: (userId: string, info: PersonalInfo, actor: Actor): Promise<PersonalInfoResult> => personal.save(userId, info, actor),
    updateAddress: (userId: string, address: ResidentialAddress, actor: Actor): Promise<PersonalInfoResult> => personal.updateAddress(userId, address, actor),

    /** POST get-kyc-provider: the provider of the user for the level (as traffic-diversion and kyc-info say). */
    async getProvider(userId: string, level: VerifiableLevel, at: RequestSite = MAIN_SITE): Promise<KycProviderResult> {
      const info = await vendor.sdkInfo(userId, level, at.site);
      return { level, provider: info.provider, flowName: info.flowName, apiUrl: info.apiUrl };
    },

    /** POST traffic-diversion: the provider chosen for the user and why. */
    trafficDiversion: (userId: string, level: VerifiableLevel, at: RequestSite = MAIN_SITE) => vendor.trafficDiversion(userId, level, at.site),
    /** POST get-verification-sdk-info. */
    verificationSdkInfo: (userId: string, level: VerifiableLevel, at: RequestSite = MAIN_SITE) => vendor.sdkInfo(userId, level, at.site),
    /** POST vendor-token: a session with the user's vendor (vendor-verification.ts). */
    vendorToken: (userId: string, level: VerifiableLevel, at: RequestSite, address: PublicAddress, actor: Actor) => vendor.vendorToken(userId, level, at.site, address, actor),
    /** Re-verification: a vendor session for an update of a verified level's document (vendor-verification.ts). */
    startUpdateSession: (userId: string, level: VerifiableLevel, provider: Provider, link: UpdateSessionLink, address: PublicAddress, actor: Actor) =>
      vendor.startUpdateSession(userId, level, provider, link, address, actor),
    /** A vendor's webhook (vendor-verification.ts). */
    receiveWebhook: (provider: Provider, incoming: IncomingWebhook) => vendor.receiveWebhook(provider, incoming),

    /** GET can-quick-kyc: whether the quick path (a registry check, no document) is open, and why not (quick-kyc.ts). */
    canQuickKyc: (userId: string): Promise<CanQuickKycResult> => quick.canQuickKyc(userId),
    /** POST do-quick-kyc: level 1 by a registry check of an identity number (quick-kyc.ts). */
    doQuickKyc: (userId: string, input: DoQuickKyc, actor: Actor): Promise<DoQuickKycResult> => quick.doQuickKyc(userId, input, actor),

    /** POST supported-document-type. */
    supportedDocumentTypes(country: string): SupportedDocumentTypesResult {
      return { country, documentTypes: supportedDocumentTypes(country) };
    },

    /** GET get-config: the site's provider for a new user (level 1, no residence known). */
    getConfig(at: RequestSite = MAIN_SITE): KycConfigResult {
      return {
        provider: providers.route({ site: at.site, country: '', level: 1 }).id,
        opened: kycOpened,
        levels: LEVELS.map((level) => ({ level, flowName: flowForLevel(level) })),
        minAgeYears: MIN_AGE_YEARS,
        maxAgeYears: MAX_AGE_YEARS,
        proofOfAddressMaxAgeMonths: PROOF_OF_ADDRESS_MAX_AGE_MONTHS,
        proofOfAddressTypes: Object.values(ProofOfAddressType),
        disabledCountries: [...DISABLED_COUNTRIES],
        maxUploadBytes: config.maxUploadBytes,
      };
    },

    ipCountry: ipCountryFrom,

    /** POST can-verify: whether the level accepts a submission now. */
    async canVerify(userId: string, level: VerifiableLevel): Promise<CanVerifyResult> {
      await steps.reconcileAvailability(userId);
      const noSteps = await steps.memberHasNoSteps(db, userId);
      const status = displayedSteps(await steps.load(db, userId), { opened: kycOpened, noSteps }).find((s) => s.level === level)!.status;
      const info = await repo.findPersonalInfo(db, userId);
      const personalInfoComplete = info !== undefined;
      return { level, canVerify: SUBMITTABLE.has(status), status, personalInfoComplete, reason: canVerifyReason(status, noSteps || !kycOpened, level, personalInfoComplete) };
    },

    /** Re-verification: the approved application of a level (the document verified first), or undefined. */
    async approvedApplication(userId: string, level: VerifiableLevel) {
      const app = (await repo.findApplicationsOfUser(db, userId))
        .filter((a) => a.level === level && a.status === 'APPROVED')
        .sort((a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? ''))[0];
      if (!app) return undefined;
      return { id: app.id, country: app.country, documentType: app.document_type, documentNumber: parseSnapshot(app.submitted).document?.number ?? '', decidedAt: app.decided_at };
    },

    /**
     * POST self-reset: after a retryable rejection the user starts the level over (ALLOW); uploads
     * not yet submitted are discarded after the transition commits (each removal is audited by the
     * documents module; one that fails leaves a harmless draft the next upload replaces).
     */
    async selfReset(userId: string, level: VerifiableLevel, actor: Actor, confirm: SelfResetConfirmation): Promise<SelfResetResult> {
      // Only from a status the table lets reset (no code is mailed for a reset that cannot happen).
      await steps.assertStepsAvailable(db, userId);
      const before = (await steps.load(db, userId))[level];
      if (!nextStatus(KYC_LEVEL_MACHINE, before, StepEvent.SELF_RESET)) throw wrongState(`level ${level} is ${before}: it cannot be started over`);
      if (!('byPartner' in confirm)) {
        if (!confirm.otp) return otp.require(userId, selfResetPurpose(level), confirm.lng, actor, { level: String(level) });
        await otp.consume(userId, selfResetPurpose(level), confirm.otp, actor);
      }
      const status = await inTransaction(db, async (trx) => {
        await steps.assertStepsAvailable(trx, userId);
        return steps.apply(trx, userId, level, StepEvent.SELF_RESET, actor);
      });
      let discardedDocuments = 0;
      for (const draft of await documents.listDrafts(db, userId, level)) {
        try {
          await documents.remove(userId, draft.id, actor);
          discardedDocuments += 1;
        } catch (err) {
          if (!(err instanceof BusinessError)) throw err;
        }
      }
      return { level, status, discardedDocuments };
    },

    /** POST submit-application (in-house provider): see applications.ts. */
    submitApplication: (userId: string, input: SubmitApplication, actor: Actor, at: RequestSite = MAIN_SITE): Promise<SubmitApplicationResult> =>
      applications.submit(userId, input, actor, at),

    /** The in-house provider's outcome for a user and level (its fetchResult). */
    outcomeOf: applications.outcomeOf,

    /** Console: what a reviewer needs about one application (the subject of its review case). */
    async applicationForReview(applicationId: string): Promise<ApplicationForReview> {
      const app = await repo.findApplication(db, applicationId);
      if (!app) throw notFound();
      const all = await repo.findApplicationsOfUser(db, app.user_id);
      const current = await steps.load(db, app.user_id);
      return {
        id: app.id,
        userId: app.user_id,
        level: app.level as VerifiableLevel,
        country: app.country,
        documentType: app.document_type,
        provider: app.provider as Provider,
        status: app.status as ApplicationStatus,
        submittedAt: app.submitted_at,
        decidedAt: app.decided_at,
        submitted: parseSnapshot(app.submitted),
        documents: await documents.listForApplication(db, app.id),
        steps: LEVELS.map((level) => ({ level, status: current[level] })),
        others: all
          .filter((a) => a.id !== app.id)
          .map((a) => ({ id: a.id, level: a.level as VerifiableLevel, status: a.status as ApplicationStatus, submittedAt: a.submitted_at })),
      };
    },

    /** Console queue: the document type of each application (keyed by application id). */
    async documentTypesOf(applicationIds: readonly string[]): Promise<Map<string, string>> {
      return new Map((await repo.findApplicationsByIds(db, applicationIds)).map((a) => [a.id, a.document_type]));
    },

    /**
     * The console's search by name (decision 051): users whose first or last name is the query's
     * first word, its remaining words or the whole query (a name of several words: "van der Berg"),
     * kept when every word of the query is a word of their names. Whole words, case-insensitive;
     * the lookups read the name indexes, the check narrows the few found.
     */
    async usersByName(words: readonly string[], limit: number): Promise<string[]> {
      const [first, ...rest] = words.map((w) => w.toLowerCase());
      if (!first) return [];
      const candidates = [...new Set([first, words.join(' ').toLowerCase(), rest.join(' ')].filter(Boolean))];
      const rows = await repo.findUsersByNames(db, candidates, rest.length > 0 ? limit * 10 : limit);
      const names = (r: (typeof rows)[number]) => [r.first_name, r.middle_name, r.last_name].flatMap((n) => n.toLowerCase().split(/\s+/)).filter(Boolean);
      return rows.filter((r) => [first, ...rest].every((w) => names(r).includes(w))).slice(0, limit).map((r) => r.user_id);
    },

    /** Users' names as saved with their personal information ('' for a user who gave none). */
    async namesOf(userIds: readonly string[]): Promise<Map<string, string>> {
      const rows = await repo.findNamesOf(db, userIds);
      return new Map(rows.map((r) => [r.user_id, [r.first_name, r.middle_name, r.last_name].filter(Boolean).join(' ')]));
    },

    /** The console's search by document number: users whose application carries it. */
    usersByDocumentNumber: (number: string, limit: number) => repo.findUsersByDocumentNumber(db, number, limit),
  };
}

export type KycService = ReturnType<typeof createKycService>;
