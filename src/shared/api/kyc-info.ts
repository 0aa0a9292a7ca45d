import { z } from '../zod.ts';
import { CustodyType, DocumentType, QuestionnaireStatus, StepStatus, StepType } from '../kyc.ts';
import { REJECT_REASON_CODES, type RejectReasonCode } from '../review-reasons.ts';
import { ValidationMessage } from '../validation.ts';
import { ApplicationStatus } from './applications.ts';
import { ProofOfAddressType, SELECTABLE_DOCUMENT_TYPES } from './document-types.ts';
import { kycFlowValue, kycLevelValue, providerValue, stepStatusValue, timestampValue, verifiableLevelValue } from './kyc-fields.ts';
import { kycQuota } from './quotas.ts';
import { updatePoiDisplay } from './reverification.ts';
import { BannerTag, SecondIdentityState } from '../extras.ts';
import { custodyInfoValue } from './extras-custody.ts';
import { LimitationAction } from '../restrictions.ts';

/** POST kyc-info (§7; §3 "KYC info response fields"): the user's whole verification picture. */

/** Each flag adds its part of the answer; absent means false. */
export const kycInfoRequest = z.preprocess(
  (v) => v ?? {},
  z.object({
    obtain_kyc_token: z.boolean({ error: ValidationMessage.TYPE }).default(false),
    obtain_current: z.boolean({ error: ValidationMessage.TYPE }).default(false),
    obtain_quotas: z.boolean({ error: ValidationMessage.TYPE }).default(false),
    obtain_state: z.boolean({ error: ValidationMessage.TYPE }).default(false),
    obtain_aml_questionnaire: z.boolean({ error: ValidationMessage.TYPE }).default(false),
    obtain_verification_process: z.boolean({ error: ValidationMessage.TYPE }).default(false),
  }),
);
/** The flags as the client sends them (each optional). */
export type KycInfoRequest = Partial<KycInfoFlags>;
export type KycInfoFlags = z.output<typeof kycInfoRequest>;

const rejectReasonCodeValue = z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]]);

/** §3 state item. */
export const kycStateItem = z.object({
  level: verifiableLevelValue,
  status: stepStatusValue,
  type: z.enum(StepType),
});
export type KycStateItem = z.output<typeof kycStateItem>;

/** One submitted application as the user sees it (§3 applicant.identifies). */
export const kycIdentity = z.object({
  applicationId: z.string(),
  level: verifiableLevelValue,
  /** Issuing country (level 1) or residence country (level 2). */
  country: z.string(),
  /**
   * Level 1: the identity document type; level 2: the proof-of-address type; UNDEFINED (§3) when a
   * vendor collected the document (its record says which).
   */
  documentType: z.union([z.enum(SELECTABLE_DOCUMENT_TYPES), z.enum(ProofOfAddressType), z.literal(DocumentType.UNDEFINED)]),
  status: z.enum(ApplicationStatus),
  submittedAt: timestampValue,
  decidedAt: timestampValue.nullable(),
});
export type KycIdentity = z.output<typeof kycIdentity>;

/** §3 applicant. */
export const kycApplicant = z.object({
  /** The identity document's issuing country once submitted, else the nationality given ('' when none). */
  country: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  /** Highest level reached: 0, 1 or 2. */
  level: kycLevelValue,
  identifies: z.array(kycIdentity),
});
export type KycApplicant = z.output<typeof kycApplicant>;

/** §3 errorNotify entry: a level whose last application was rejected, with the taxonomy's reason. */
export const kycRejectNotice = z.object({
  level: verifiableLevelValue,
  status: z.enum([StepStatus.FAILED_AND_CAN_RETRY, StepStatus.FAILED_AND_CAN_NOT_RETRY]),
  /** Translated on the web: `kyc-reasons.<code>.title` / `.hint`. */
  reasonCode: rejectReasonCodeValue,
  decidedAt: timestampValue,
});
export type KycRejectNotice = z.output<typeof kycRejectNotice>;

/** §3 additionalRejectReason entry: the reviewer's message for the user (never the internal note). */
export const kycRejectMessage = z.object({
  level: verifiableLevelValue,
  reasonCode: rejectReasonCodeValue,
  message: z.string(),
});
export type KycRejectMessage = z.output<typeof kycRejectMessage>;

/** §3 displayControl: which panels the overview shows (the extras' flags: decision 025; re-verification's: decision 017). */
export const kycDisplayControl = z.object({
  displayHkgPoaAgreement: z.boolean(),
  isDisplayQuestionnaire: z.boolean(),
  isDisplayP2pRights: z.boolean(),
  isDisplayNewSatos: z.boolean(),
  isDisplayNewRcOnboarding: z.boolean(),
  isDisplaySatosToEu: z.boolean(),
  /** §3 update-POI display object: the identity document's re-verification. */
  displayUpdatePOI: updatePoiDisplay,
  /** The same object for the proof of address (updatePOA; beyond §3's list). */
  displayUpdatePOA: updatePoiDisplay,
  /** §7 reset-eu-poi is offered (an EU-site account not yet verified with the EU entity). */
  displayEuPoiReset: z.boolean(),
});
export type KycDisplayControl = z.output<typeof kycDisplayControl>;

/** §3 limitationInfo. */
export const kycLimitationInfo = z.object({
  limitation: z.string(),
  /** Why the account is limited; empty for LIMITATION_DEFAULT (no limitation). */
  reasons: z.array(z.string()),
  /**
   * What the user can do about each reason (decision 052): the action and the account area's route
   * where it is taken ('' when it is not taken there, e.g. contacting support).
   */
  actions: z.array(z.object({ reason: z.string(), action: z.enum(LimitationAction), route: z.string() })),
});
export type KycLimitationInfo = z.output<typeof kycLimitationInfo>;

/**
 * The reply. Fields marked optional are present only when their obtain_* flag was set. Fields of
 * features from later issues carry their "not applicable" value.
 */
export const kycInfoResult = z.object({
  /** obtain_current. */
  applicant: kycApplicant.optional(),
  /** The vendor SDK's address; the in-house provider needs none (''). */
  apiUrl: z.string(),
  provider: providerValue,
  /** Flows of this provider, level 1 then level 2 (§3). */
  flowNames: z.array(kycFlowValue),
  /** obtain_kyc_token: a vendor SDK token; '' for the in-house provider (the session cookie suffices). */
  kycToken: z.string().optional(),
  /** KYC is open for this account (false: both steps show NOT_ALLOW). */
  opened: z.boolean(),
  limitation: z.string(),
  /** LIMITATION_DEFAULT, LIMITATION_REVERIFICATION_OVERDUE once a re-verification deadline passed without a submission, LIMITATION_COMPLIANCE_TASK_OVERDUE while a compliance task is overdue (decision 027), LIMITATION_EDD_REJECTED / LIMITATION_COMPLIANCE_RESTRICTED after an EDD rejection / a confirmed screening match (decision 052); the strongest in force (LIMITATION_PRECEDENCE). */
  limitationInfo: kycLimitationInfo,
  /** obtain_state. */
  state: z.array(kycStateItem).optional(),
  /** obtain_quotas: every level's quota. */
  quotas: z.array(kycQuota).optional(),
  errorNotify: z.array(kycRejectNotice),
  /** The identity held by the second (EU) entity while and after a Satos customer moves there; null: none (decision 025). */
  second_identity_state: z.enum(SecondIdentityState).nullable(),
  questionnaireStatus: z.enum(QuestionnaireStatus),
  mustQuestionnaire: z.boolean(),
  displayControl: kycDisplayControl,
  custody: z.enum(CustodyType),
  /** null for CUSTODY_UNSPECIFIED (decision 025). */
  custodyInfo: custodyInfoValue.nullable(),
  newSatosGray: z.boolean(),
  additionalRejectReason: z.array(kycRejectMessage),
  /** obtain_verification_process: a review in progress or compliance tasks open; tasks: the open tasks' types (ComplianceTaskType, decision 027). */
  verificationProcess: z.object({ isVerificationProcess: z.boolean(), tasks: z.array(z.string()) }).optional(),
  /** obtain_aml_questionnaire: AML questionnaires come with a later issue. */
  amlQuestionnaire: z.object({ needQuestionnaire: z.boolean(), templateCode: z.string() }).optional(),
  /** Banners the overview shows, most urgent first (decision 025). */
  bannerTags: z.array(z.enum(BannerTag)),
  /** From the personal information; '' until given. */
  residenceCountry: z.string(),
  /** Business members (member tag KYB '1') only: their quota at their level; null for individuals (decision 025). */
  kybQuota: kycQuota.nullable(),
});
export type KycInfo = z.output<typeof kycInfoResult>;
