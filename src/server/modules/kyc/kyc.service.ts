import { randomUUID } from 'node:crypto';
import { ApplicationStatus, type SubmitApplication, type SubmitApplicationResult } from '../../../shared/api/applications.ts';
import { DOCUMENT_REQUIREMENTS, PROOF_OF_ADDRESS_KINDS, PROOF_OF_ADDRESS_MAX_AGE_MONTHS, ProofOfAddressType, supportedDocumentTypes, type SelectableDocumentType } from '../../../shared/api/document-types.ts';
import type { KycIdentity, KycInfo, KycInfoFlags, KycRejectMessage, KycRejectNotice } from '../../../shared/api/kyc-info.ts';
import { KycRule } from '../../../shared/api/kyc-rules.ts';
import { MAX_AGE_YEARS, MIN_AGE_YEARS, type PersonalInfo, type PersonalInfoResult, type ResidentialAddress } from '../../../shared/api/personal-info.ts';
import { KYC_QUOTAS } from '../../../shared/api/quotas.ts';
import type { CanVerifyResult, IpCountryResult, KycConfigResult, KycProviderResult, SelfResetResult, SupportedDocumentTypesResult } from '../../../shared/api/verification.ts';
import type { ApplicationSnapshot, ConsoleDecision, ConsoleDecisionResult } from '../../../shared/api/console.ts';
import { reasonAppliesTo, RejectMode, type RejectReasonCode } from '../../../shared/review-reasons.ts';
import type { DocumentSummary } from '../../../shared/api/documents.ts';
import { DISABLED_COUNTRIES, isCountryCode, isCountryEnabled } from '../../../shared/countries.ts';
import {
  CustodyType,
  flowForLevel,
  KycFlow,
  LIMITATION_DEFAULT,
  MEMBER_TAG_KYC_NO_STEPS,
  Provider,
  QuestionnaireStatus,
  StepStatus,
  StepType,
  type DocumentKind,
  type KycLevel,
  type VerifiableLevel,
} from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ValidationMessage } from '../../../shared/validation.ts';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { BusinessError, notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.repo.ts';
import {
  availabilityEvents,
  defaultStatus,
  displayedSteps,
  LEVELS,
  nextStatus,
  prerequisiteMet,
  reachedLevel,
  StepEvent,
  type StoredSteps,
} from './kyc.machine.ts';
import * as repo from './kyc.repo.ts';

/** What the kyc service needs from the documents module (its service satisfies this). */
export interface KycDocumentsPort {
  listDrafts(dbOrTrx: Db, userId: string, level: number): Promise<DocumentSummary[]>;
  attach(trx: Db, userId: string, ids: readonly string[], applicationId: string, actor?: Actor): Promise<void>;
  listForApplication(dbOrTrx: Db, applicationId: string): Promise<DocumentSummary[]>;
  remove(userId: string, id: string, actor: Actor): Promise<void>;
}

export interface KycDeps {
  db: Db;
  config: Config;
  documents: KycDocumentsPort;
}

/** Options of an approval / rejection from the console. */
export interface RejectInput {
  mode: RejectMode;
  reasonCode: RejectReasonCode;
  userMessage: string;
  internalNote: string;
}

const SYSTEM: Actor = { type: 'system', id: null };
const STEP_ENTITY = 'kyc_step';
const APPLICATION_ENTITY = 'kyc_application';
const PERSONAL_ENTITY = 'kyc_personal_info';

/** The audit entity id of a user's step for one level. */
export const stepEntityId = (userId: string, level: number) => `${userId}:${level}`;

const SUBMITTABLE: ReadonlySet<string> = new Set([StepStatus.ALLOW, StepStatus.FAILED_AND_CAN_RETRY]);

const isUniqueViolation = (err: unknown) => /unique|duplicate/i.test(String((err as Error)?.message));

function parseTags(json: string | undefined): Record<string, string> {
  try {
    const v: unknown = JSON.parse(json ?? '{}');
    return v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, String(x)])) : {};
  } catch {
    return {};
  }
}

export function toPersonalInfo(row: repo.PersonalInfoRow): PersonalInfo {
  return {
    firstName: row.first_name,
    middleName: row.middle_name,
    lastName: row.last_name,
    dateOfBirth: row.date_of_birth,
    nationality: row.nationality,
    residenceCountry: row.residence_country,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    stateRegion: row.state_region,
    postalCode: row.postal_code,
  };
}

/** The residential-address part of stored personal information. */
export function toAddress(row: repo.PersonalInfoRow): ResidentialAddress {
  return {
    residenceCountry: row.residence_country,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2,
    city: row.city,
    stateRegion: row.state_region,
    postalCode: row.postal_code,
  };
}

/**
 * Whether the residential address may change (decision 005): while the whole personal information
 * may (level 1 ALLOW / FAILED_AND_CAN_RETRY), and also after level 1 is verified while level 2
 * accepts a submission — people move, and a proof of address rejected for showing another address
 * must be answerable. Names, date of birth and nationality stay as verified.
 */
export function addressEditable(steps: StoredSteps): boolean {
  return SUBMITTABLE.has(steps[1]) || (steps[1] === StepStatus.SUCCESS && SUBMITTABLE.has(steps[2]) && prerequisiteMet(2, steps));
}

export function parseSnapshot(json: string): ApplicationSnapshot {
  return JSON.parse(json) as ApplicationSnapshot;
}

export function toDecision(row: repo.DecisionRow & { reviewer_email: string }): ConsoleDecision {
  return {
    id: row.id,
    outcome: row.outcome as ConsoleDecision['outcome'],
    mode: (row.mode as RejectMode | null) ?? null,
    reasonCode: (row.reason_code as RejectReasonCode | null) ?? null,
    userMessage: row.user_message,
    internalNote: row.internal_note,
    reviewerId: row.reviewer_id,
    reviewerEmail: row.reviewer_email,
    decidedAt: row.created_at,
  };
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

/** §6 header from a trusted proxy / CDN; anything that is not a listed code counts as unknown. */
export function ipCountryFrom(headerValue: string | undefined): IpCountryResult {
  const code = (headerValue ?? '').trim().toUpperCase();
  if (!isCountryCode(code)) return { countryCode: '', isSupported: false };
  return { countryCode: code, isSupported: isCountryEnabled(code) };
}

/**
 * KYC state of users: personal information, the step state machine (kyc.machine.ts) applied in
 * transactions with audit records, applications of the in-house provider and reviewers' decisions.
 */
export function createKycService({ db, config, documents }: KycDeps) {
  /** §4: an operator may close KYC for the deployment (KYC_OPENED=false): no steps for anyone. */
  const KYC_OPENED = config.kycOpened;
  function stepsFrom(rows: repo.StepRow[]): StoredSteps {
    const steps = { 1: defaultStatus(1), 2: defaultStatus(2) } as StoredSteps;
    for (const r of rows) if (r.level === 1 || r.level === 2) steps[r.level] = r.status as StepStatus;
    return steps;
  }

  const loadSteps = async (q: Db, userId: string): Promise<StoredSteps> => stepsFrom(await repo.findSteps(q, userId));

  /**
   * Applies one event to one step through the transition table: the only writer of step status.
   * Compare-and-set on the stored status, so a concurrent change makes this fail instead of
   * overwriting; audited in the caller's transaction.
   */
  async function applyEvent(trx: Db, userId: string, level: VerifiableLevel, event: StepEvent, actor: Actor, context: Record<string, unknown> = {}): Promise<StepStatus> {
    const rows = await repo.findSteps(trx, userId);
    const steps = stepsFrom(rows);
    const from = steps[level];
    const to = nextStatus(from, event);
    if (!to) throw wrongState(`level ${level} is ${from}: ${event} is not allowed`);
    // Nothing skips a step: unlocking and submitting need the previous level reached.
    if ((event === StepEvent.UNLOCK || event === StepEvent.SUBMIT) && !prerequisiteMet(level, steps)) {
      throw wrongState(`level ${level} needs level ${level - 1} first`);
    }
    const at = nowIso();
    if (rows.some((r) => r.level === level)) {
      if ((await repo.updateStepStatus(trx, userId, level, from, to, at)) !== 1) throw wrongState('step changed concurrently');
    } else {
      await repo.insertStep(trx, { user_id: userId, level, status: to, type: StepType.INDIVIDUAL, updated_at: at });
    }
    await recordAudit(trx, actor, {
      action: `kyc.step.${event.toLowerCase()}`,
      entityType: STEP_ENTITY,
      entityId: stepEntityId(userId, level),
      before: { level, status: from },
      after: { level, status: to, ...context },
    });
    return to;
  }

  /** Runs `fn` in a transaction; a unique-index conflict (two requests racing) becomes WRONG_STATE. */
  async function inTransaction<T>(fn: (trx: Db) => Promise<T>): Promise<T> {
    try {
      return await db.transaction().execute(fn);
    } catch (err) {
      if (!(err instanceof BusinessError) && isUniqueViolation(err)) throw wrongState('changed concurrently');
      throw err;
    }
  }

  async function memberHasNoSteps(q: Db, userId: string): Promise<boolean> {
    const user = await repo.findUserTags(q, userId);
    if (!user) throw new BusinessError(RetCode.NOT_LOGGED_IN, 'user no permission');
    return parseTags(user.member_tag).KYC === MEMBER_TAG_KYC_NO_STEPS;
  }

  /** §4/§6: members without steps (tag KYC '1', or KYC not opened) cannot change anything. */
  async function assertStepsAvailable(q: Db, userId: string): Promise<void> {
    if (!KYC_OPENED || (await memberHasNoSteps(q, userId))) throw wrongState('no KYC steps for this member');
  }

  /**
   * THE rule of "this level accepts a submission now", shared by submit-application and document
   * uploads: KYC steps are available to the member, the level's step is ALLOW or
   * FAILED_AND_CAN_RETRY, and its prerequisite is reached. WRONG_STATE otherwise.
   */
  async function assertAcceptsSubmission(q: Db, userId: string, level: VerifiableLevel): Promise<StoredSteps> {
    await assertStepsAvailable(q, userId);
    const steps = await loadSteps(q, userId);
    if (!SUBMITTABLE.has(steps[level]) || !prerequisiteMet(level, steps)) throw wrongState(`level ${level} is ${steps[level]}: cannot submit`);
    return steps;
  }

  /**
   * Brings stored steps in line with availability: a residence country that is (now) disabled makes
   * open steps CERTIFICATION_DISABLED, and lifting that re-opens them. Writes only when something
   * changes; a concurrent request doing the same is harmless.
   */
  async function reconcileAvailability(userId: string): Promise<void> {
    const info = await repo.findPersonalInfo(db, userId);
    const disabled = info !== undefined && !isCountryEnabled(info.residence_country);
    const steps = await loadSteps(db, userId);
    const events = availabilityEvents(steps, disabled);
    if (events.length === 0) return;
    try {
      await inTransaction(async (trx) => {
        for (const { level, event } of events) {
          await applyEvent(trx, userId, level, event, SYSTEM, { cause: disabled ? 'residence country disabled' : 'residence country enabled' });
        }
      });
    } catch (err) {
      if (!(err instanceof BusinessError && err.retCode === RetCode.WRONG_STATE)) throw err;
    }
  }

  async function decide(applicationId: string, actor: Actor, outcome: 'APPROVE' | 'REJECT', input: RejectInput | { internalNote: string }): Promise<ConsoleDecisionResult> {
    return inTransaction(async (trx) => {
      const app = await repo.findApplication(trx, applicationId);
      if (!app) throw notFound();
      if (app.status !== ApplicationStatus.PENDING) throw wrongState('application already decided');
      const level = app.level as VerifiableLevel;
      const reject = outcome === 'REJECT' ? (input as RejectInput) : null;
      if (reject && !reasonAppliesTo(reject.reasonCode, level)) {
        throw new ValidationFailed([{ path: 'reasonCode', code: KycRule.REASON_NOT_APPLICABLE }]);
      }
      const status = reject ? ApplicationStatus.REJECTED : ApplicationStatus.APPROVED;
      const at = nowIso();
      if ((await repo.closeApplication(trx, applicationId, status, at)) !== 1) throw wrongState('application already decided');
      const decision: repo.DecisionRow = {
        id: randomUUID(),
        application_id: applicationId,
        reviewer_id: actor.id!,
        outcome,
        mode: reject?.mode ?? null,
        reason_code: reject?.reasonCode ?? null,
        user_message: reject?.userMessage ?? '',
        internal_note: input.internalNote,
        created_at: at,
      };
      await repo.insertDecision(trx, decision);
      const event = !reject ? StepEvent.APPROVE : reject.mode === RejectMode.FINAL ? StepEvent.REJECT_FINAL : StepEvent.REJECT_RETRY;
      const stepStatus = await applyEvent(trx, app.user_id, level, event, actor, { applicationId });
      // Level 1 reached: level 2 opens (unless it is disabled).
      if (stepStatus === StepStatus.SUCCESS) {
        for (const next of LEVELS) {
          const steps = await loadSteps(trx, app.user_id);
          if (steps[next] === StepStatus.NOT_ALLOW && prerequisiteMet(next, steps)) {
            await applyEvent(trx, app.user_id, next, StepEvent.UNLOCK, actor, { cause: `level ${level} approved` });
          }
        }
      }
      await recordAudit(trx, actor, {
        action: reject ? 'kyc.application.reject' : 'kyc.application.approve',
        entityType: APPLICATION_ENTITY,
        entityId: applicationId,
        // APPROVE and REJECT_* are allowed from PENDING only (the table), so that is where the step was.
        before: { status: ApplicationStatus.PENDING, stepStatus: StepStatus.PENDING },
        after: {
          status,
          stepStatus,
          decisionId: decision.id,
          mode: decision.mode,
          reasonCode: decision.reason_code,
          userMessage: decision.user_message,
          internalNote: decision.internal_note,
        },
      });
      const [row] = await repo.findDecisions(trx, [applicationId]);
      return { applicationId, status, stepStatus, decision: toDecision(row!) };
    });
  }

  return {
    /** The highest level reached (0, 1, 2): the profile's `level`. */
    async levelOf(userId: string): Promise<KycLevel> {
      return reachedLevel(await loadSteps(db, userId));
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
        await assertAcceptsSubmission(trx, userId, level);
        return;
      }
      await reconcileAvailability(userId);
      await assertAcceptsSubmission(db, userId, level);
    },

    /** Stored step statuses (not the displayed ones) of a user, for the console. */
    stepsOf: (userId: string) => loadSteps(db, userId),

    /** POST kyc-info (§3): the parts the flags ask for, with real values. */
    async getInfo(userId: string, flags: KycInfoFlags): Promise<KycInfo> {
      await reconcileAvailability(userId);
      const noSteps = await memberHasNoSteps(db, userId);
      const steps = await loadSteps(db, userId);
      const state = displayedSteps(steps, { opened: KYC_OPENED, noSteps });
      const personal = await repo.findPersonalInfo(db, userId);
      const apps = await repo.findApplicationsOfUser(db, userId);
      const decisions = new Map((await repo.findDecisions(db, apps.filter((a) => a.status === ApplicationStatus.REJECTED).map((a) => a.id))).map((d) => [d.application_id, d]));

      const errorNotify: KycRejectNotice[] = [];
      const additionalRejectReason: KycRejectMessage[] = [];
      for (const item of state) {
        if (item.status !== StepStatus.FAILED_AND_CAN_RETRY && item.status !== StepStatus.FAILED_AND_CAN_NOT_RETRY) continue;
        const rejected = apps.find((a) => a.level === item.level && a.status === ApplicationStatus.REJECTED);
        const decision = rejected && decisions.get(rejected.id);
        if (!decision?.reason_code) continue;
        const reasonCode = decision.reason_code as RejectReasonCode;
        errorNotify.push({ level: item.level, status: item.status, reasonCode, decidedAt: decision.created_at });
        // The reviewer's message for the user; the internal note never leaves the console.
        additionalRejectReason.push({ level: item.level, reasonCode, message: decision.user_message });
      }

      const identifies: KycIdentity[] = apps.map((a) => ({
        applicationId: a.id,
        level: a.level as VerifiableLevel,
        country: a.country,
        documentType: a.document_type as SelectableDocumentType | ProofOfAddressType,
        status: a.status as ApplicationStatus,
        submittedAt: a.submitted_at,
        decidedAt: a.decided_at,
      }));
      const identityCountry = apps.find((a) => a.level === 1)?.country ?? personal?.nationality ?? '';

      const info: KycInfo = {
        apiUrl: '',
        provider: Provider.PROVIDER_DEFAULT,
        flowNames: [KycFlow.Level1_web, KycFlow.Level2_web],
        opened: KYC_OPENED,
        limitation: LIMITATION_DEFAULT,
        limitationInfo: { limitation: LIMITATION_DEFAULT, reasons: [] },
        errorNotify,
        second_identity_state: null,
        questionnaireStatus: QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED,
        mustQuestionnaire: false,
        displayControl: {
          displayHkgPoaAgreement: false,
          isDisplayQuestionnaire: false,
          isDisplayP2pRights: false,
          isDisplayNewSatos: false,
          isDisplayNewRcOnboarding: false,
          isDisplaySatosToEu: false,
          displayUpdatePOI: false,
          displayEuPoiReset: false,
        },
        custody: CustodyType.CUSTODY_UNSPECIFIED,
        custodyInfo: null,
        newSatosGray: false,
        additionalRejectReason,
        bannerTags: [],
        residenceCountry: personal?.residence_country ?? '',
        kybQuota: null,
      };
      if (flags.obtain_current) {
        info.applicant = {
          country: identityCountry,
          firstname: personal?.first_name ?? '',
          lastname: personal?.last_name ?? '',
          level: reachedLevel(steps),
          identifies,
        };
      }
      if (flags.obtain_kyc_token) info.kycToken = '';
      if (flags.obtain_state) info.state = state;
      if (flags.obtain_quotas) info.quotas = KYC_QUOTAS.map((q) => ({ ...q, coinLimit: q.coinLimit.map((c) => ({ ...c })) }));
      if (flags.obtain_verification_process) {
        info.verificationProcess = { isVerificationProcess: state.some((s) => s.status === StepStatus.PENDING), tasks: [] };
      }
      if (flags.obtain_aml_questionnaire) info.amlQuestionnaire = { needQuestionnaire: false, templateCode: '' };
      return info;
    },

    /** GET kyc-personal-info. */
    async getPersonalInfo(userId: string): Promise<PersonalInfoResult> {
      const row = await repo.findPersonalInfo(db, userId);
      const noSteps = !KYC_OPENED || (await memberHasNoSteps(db, userId));
      const steps = await loadSteps(db, userId);
      return {
        info: row ? toPersonalInfo(row) : null,
        editable: !noSteps && SUBMITTABLE.has(steps[1]),
        addressEditable: !noSteps && row !== undefined && addressEditable(steps),
        updatedAt: row?.updated_at ?? null,
      };
    },

    /**
     * POST update-address: replaces only the residential address (already validated with
     * residentialAddressSchema) while addressEditable allows it (KYC_PERSONAL_INFO_LOCKED otherwise;
     * KYC_PERSONAL_INFO_REQUIRED before any personal information). One transaction serialised on the
     * personal-info row like save and submit, audited with the address before and after. Level 2's
     * next submission snapshots the new address for the reviewer; earlier snapshots keep theirs.
     */
    async updateAddress(userId: string, address: ResidentialAddress, actor: Actor): Promise<PersonalInfoResult> {
      // A residence that became disabled closes the steps first (as a submission would), and with them this.
      await reconcileAvailability(userId);
      await inTransaction(async (trx) => {
        await assertStepsAvailable(trx, userId);
        const row = await repo.lockPersonalInfo(trx, userId);
        if (!addressEditable(await loadSteps(trx, userId))) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_LOCKED, 'personal information locked');
        if (!row) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_REQUIRED, 'personal information required');
        const before = toAddress(row);
        const after: ResidentialAddress = {
          residenceCountry: address.residenceCountry,
          addressLine1: address.addressLine1,
          addressLine2: address.addressLine2,
          city: address.city,
          stateRegion: address.stateRegion,
          postalCode: address.postalCode,
        };
        // Nothing changes: nothing to write or record.
        if ((Object.keys(after) as (keyof ResidentialAddress)[]).every((k) => after[k] === before[k])) return;
        await repo.updateAddress(
          trx,
          userId,
          {
            residence_country: after.residenceCountry,
            address_line1: after.addressLine1,
            address_line2: after.addressLine2,
            city: after.city,
            state_region: after.stateRegion,
            postal_code: after.postalCode,
          },
          nowIso(),
        );
        await recordAudit(trx, actor, { action: 'kyc.personal_info.address_update', entityType: PERSONAL_ENTITY, entityId: userId, before, after });
      });
      return this.getPersonalInfo(userId);
    },

    /**
     * POST kyc-personal-info: saves the (already validated) information while the level 1 step
     * accepts a submission; afterwards it is locked (KYC_PERSONAL_INFO_LOCKED).
     */
    async savePersonalInfo(userId: string, info: PersonalInfo, actor: Actor): Promise<PersonalInfoResult> {
      const at = nowIso();
      await inTransaction(async (trx) => {
        await assertStepsAvailable(trx, userId);
        const before = await repo.lockPersonalInfo(trx, userId);
        const steps = await loadSteps(trx, userId);
        if (!SUBMITTABLE.has(steps[1])) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_LOCKED, 'personal information locked');
        await repo.upsertPersonalInfo(trx, {
          user_id: userId,
          first_name: info.firstName,
          middle_name: info.middleName,
          last_name: info.lastName,
          date_of_birth: info.dateOfBirth,
          nationality: info.nationality,
          residence_country: info.residenceCountry,
          address_line1: info.addressLine1,
          address_line2: info.addressLine2,
          city: info.city,
          state_region: info.stateRegion,
          postal_code: info.postalCode,
          created_at: before?.created_at ?? at,
          updated_at: at,
        });
        await recordAudit(trx, actor, {
          action: 'kyc.personal_info.save',
          entityType: PERSONAL_ENTITY,
          entityId: userId,
          before: before ? toPersonalInfo(before) : undefined,
          after: info,
        });
      });
      return this.getPersonalInfo(userId);
    },

    /** POST get-kyc-provider: the in-house provider serves both levels. */
    getProvider(level: VerifiableLevel): KycProviderResult {
      return { level, provider: Provider.PROVIDER_DEFAULT, flowName: flowForLevel(level), apiUrl: '' };
    },

    /** POST supported-document-type. */
    supportedDocumentTypes(country: string): SupportedDocumentTypesResult {
      return { country, documentTypes: supportedDocumentTypes(country) };
    },

    /** GET get-config. */
    getConfig(): KycConfigResult {
      return {
        provider: Provider.PROVIDER_DEFAULT,
        opened: KYC_OPENED,
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
      await reconcileAvailability(userId);
      const noSteps = await memberHasNoSteps(db, userId);
      const status = displayedSteps(await loadSteps(db, userId), { opened: KYC_OPENED, noSteps }).find((s) => s.level === level)!.status;
      const personal = await repo.findPersonalInfo(db, userId);
      return { level, canVerify: SUBMITTABLE.has(status), status, personalInfoComplete: personal !== undefined };
    },

    /**
     * POST self-reset: after a retryable rejection the user starts the level over (ALLOW); uploads
     * not yet submitted are discarded after the transition commits (each removal is audited by the
     * documents module; one that fails leaves a harmless draft the next upload replaces).
     */
    async selfReset(userId: string, level: VerifiableLevel, actor: Actor): Promise<SelfResetResult> {
      const status = await inTransaction(async (trx) => {
        await assertStepsAvailable(trx, userId);
        return applyEvent(trx, userId, level, StepEvent.SELF_RESET, actor);
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

    /**
     * POST submit-application, in ONE transaction: the step accepts a submission (ALLOW or
     * FAILED_AND_CAN_RETRY), level 1 has personal information, the required documents are uploaded;
     * then the application is created, the documents attached and the step moved to PENDING. A
     * second submit finds PENDING (WRONG_STATE); two at the same moment collide on the unique
     * pending slot and one of them fails with WRONG_STATE.
     */
    async submitApplication(userId: string, input: SubmitApplication, actor: Actor): Promise<SubmitApplicationResult> {
      await reconcileAvailability(userId);
      const level = input.level;
      const id = randomUUID();
      const submittedAt = nowIso();
      return inTransaction(async (trx) => {
        const personalRow = await repo.lockPersonalInfo(trx, userId);
        await assertAcceptsSubmission(trx, userId, level);
        if (!personalRow) throw new BusinessError(RetCode.KYC_PERSONAL_INFO_REQUIRED, 'personal information required');
        if (!isCountryEnabled(personalRow.residence_country)) throw new BusinessError(RetCode.KYC_COUNTRY_NOT_SUPPORTED, 'country not supported');
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

        const drafts = await documents.listDrafts(trx, userId, level);
        const chosen = chooseDocuments(drafts, required, input.documentIds);

        await repo.insertApplication(trx, {
          id,
          user_id: userId,
          level,
          provider: Provider.PROVIDER_DEFAULT,
          country,
          document_type: documentType,
          status: ApplicationStatus.PENDING,
          pending_key: `${userId}:${level}`,
          submitted: JSON.stringify(snapshot),
          submitted_at: submittedAt,
          decided_at: null,
        });
        await documents.attach(trx, userId, chosen.map((d) => d.id), id, actor);
        const status = await applyEvent(trx, userId, level, StepEvent.SUBMIT, actor, { applicationId: id });
        await recordAudit(trx, actor, {
          action: 'kyc.application.submit',
          entityType: APPLICATION_ENTITY,
          entityId: id,
          after: { userId, level, country, documentType, status: ApplicationStatus.PENDING, documents: chosen.map((d) => ({ id: d.id, kind: d.kind })) },
        });
        return { applicationId: id, level, status, submittedAt };
      });
    },

    /** Console: approve a pending application (decision + step SUCCESS + next level unlocked + audit, one transaction). */
    approve(applicationId: string, actor: Actor, input: { internalNote: string }): Promise<ConsoleDecisionResult> {
      return decide(applicationId, actor, 'APPROVE', input);
    },

    /** Console: reject a pending application, RETRY or FINAL, with a reason from the taxonomy. */
    reject(applicationId: string, actor: Actor, input: RejectInput): Promise<ConsoleDecisionResult> {
      return decide(applicationId, actor, 'REJECT', input);
    },
  };
}

export type KycService = ReturnType<typeof createKycService>;
