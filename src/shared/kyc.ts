/**
 * The spec's KYC vocabulary (§3, §4), defined once for web and server. Values are the spec's own words.
 */

/** §3 verification levels. */
export const KycLevel = { LEVEL_DEFAULT: 0, LEVEL_1: 1, LEVEL_2: 2 } as const;
export type KycLevel = (typeof KycLevel)[keyof typeof KycLevel];
/** Levels a user verifies (LEVEL_DEFAULT is "none yet"). */
export type VerifiableLevel = typeof KycLevel.LEVEL_1 | typeof KycLevel.LEVEL_2;
export const VerifiableLevels: readonly VerifiableLevel[] = [KycLevel.LEVEL_1, KycLevel.LEVEL_2];

/** §3 flows: Level 2 uses the second, anything else the first. */
export const KycFlow = { Level1_web: 'Level1_web', Level2_web: 'Level2_web' } as const;
export type KycFlow = (typeof KycFlow)[keyof typeof KycFlow];
export const flowForLevel = (level: number): KycFlow => (level === KycLevel.LEVEL_2 ? KycFlow.Level2_web : KycFlow.Level1_web);

/** §4 KYC step status. */
export const StepStatus = {
  ALLOW: 'ALLOW',
  NOT_ALLOW: 'NOT_ALLOW',
  PENDING: 'PENDING',
  SUCCESS: 'SUCCESS',
  FAILED_AND_CAN_RETRY: 'FAILED_AND_CAN_RETRY',
  FAILED_AND_CAN_NOT_RETRY: 'FAILED_AND_CAN_NOT_RETRY',
  CERTIFICATION_DISABLED: 'CERTIFICATION_DISABLED',
} as const;
export type StepStatus = (typeof StepStatus)[keyof typeof StepStatus];

/** §4: the type of a state item (individuals only in this product). */
export const StepType = { INDIVIDUAL: 'INDIVIDUAL' } as const;
export type StepType = (typeof StepType)[keyof typeof StepType];

/** §3 verification providers. */
export const Provider = {
  PROVIDER_SUMSUB: 'PROVIDER_SUMSUB',
  PROVIDER_JUMIO: 'PROVIDER_JUMIO',
  PROVIDER_AAI: 'PROVIDER_AAI',
  PROVIDER_ONFIDO: 'PROVIDER_ONFIDO',
  /** The in-house provider: our own capture, reviewed in the compliance console. */
  PROVIDER_DEFAULT: 'PROVIDER_DEFAULT',
  PROVIDER_IDNOW: 'PROVIDER_IDNOW',
} as const;
export type Provider = (typeof Provider)[keyof typeof Provider];

/** §3 document types. */
export const DocumentType = {
  ID_CARD: 'ID_CARD',
  PASSPORT: 'PASSPORT',
  DRIVERS_LICENSE: 'DRIVERS_LICENSE',
  RESIDENCE_PERMIT: 'RESIDENCE_PERMIT',
  BANK_VERIFICATION_NUMBER: 'BANK_VERIFICATION_NUMBER',
  UNDEFINED: 'UNDEFINED',
} as const;
export type DocumentType = (typeof DocumentType)[keyof typeof DocumentType];

/** What one uploaded image is (our in-house provider's capture steps). */
export const DocumentKind = {
  DOCUMENT_FRONT: 'DOCUMENT_FRONT',
  DOCUMENT_BACK: 'DOCUMENT_BACK',
  SELFIE: 'SELFIE',
  /** Level 2: a recent bank statement or utility bill showing the residential address. */
  PROOF_OF_ADDRESS: 'PROOF_OF_ADDRESS',
} as const;
export type DocumentKind = (typeof DocumentKind)[keyof typeof DocumentKind];

/** §3 custody types. */
export const CustodyType = { CUSTODY_SATOS: 'CUSTODY_SATOS', CUSTODY_BYBIT: 'CUSTODY_BYBIT', CUSTODY_UNSPECIFIED: 'CUSTODY_UNSPECIFIED' } as const;
export type CustodyType = (typeof CustodyType)[keyof typeof CustodyType];

/** §4 default limitation value. */
export const LIMITATION_DEFAULT = 'LIMITATION_DEFAULT';

/** §4 questionnaire status. */
export const QuestionnaireStatus = {
  QUESTIONNAIRE_STATUS_UNDEFINED: 'QUESTIONNAIRE_STATUS_UNDEFINED',
  QUESTIONNAIRE_STATUS_UNSUBMIT: 'QUESTIONNAIRE_STATUS_UNSUBMIT',
  QUESTIONNAIRE_STATUS_PENDING: 'QUESTIONNAIRE_STATUS_PENDING',
  QUESTIONNAIRE_STATUS_PENDING_NO_EDIT: 'QUESTIONNAIRE_STATUS_PENDING_NO_EDIT',
  QUESTIONNAIRE_STATUS_APPROVED: 'QUESTIONNAIRE_STATUS_APPROVED',
  QUESTIONNAIRE_STATUS_REJECTED: 'QUESTIONNAIRE_STATUS_REJECTED',
} as const;
export type QuestionnaireStatus = (typeof QuestionnaireStatus)[keyof typeof QuestionnaireStatus];

/** §4 reverification (update-POI) display status. */
export const DisplayUpdatePOIStatus = {
  DisplayUpdatePOIStatus_No: 'DisplayUpdatePOIStatus_No',
  DisplayUpdatePOIStatus_Needed: 'DisplayUpdatePOIStatus_Needed',
  DisplayUpdatePOIStatus_Pending: 'DisplayUpdatePOIStatus_Pending',
  DisplayUpdatePOIStatus_Rejected: 'DisplayUpdatePOIStatus_Rejected',
  DisplayUpdatePOIStatus_Rejected_Daily: 'DisplayUpdatePOIStatus_Rejected_Daily',
} as const;
export type DisplayUpdatePOIStatus = (typeof DisplayUpdatePOIStatus)[keyof typeof DisplayUpdatePOIStatus];

/** §4 identity transfer verify status. */
export const KycTransferVerifyStatus = {
  KYC_TRANSFER_VERIFY_STATUS_COMPLETE: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE',
  KYC_TRANSFER_VERIFY_STATUS_UNDEFINED: 'KYC_TRANSFER_VERIFY_STATUS_UNDEFINED',
  KYC_TRANSFER_VERIFY_STATUS_PENDING: 'KYC_TRANSFER_VERIFY_STATUS_PENDING',
} as const;
export type KycTransferVerifyStatus = (typeof KycTransferVerifyStatus)[keyof typeof KycTransferVerifyStatus];

/** §4 enhanced due diligence status. */
export const EDDStatus = {
  EDDStatus_Unknown: 'EDDStatus_Unknown',
  EDDStatus_UnSubmit: 'EDDStatus_UnSubmit',
  EDDStatus_Reviewing: 'EDDStatus_Reviewing',
  EDDStatus_Pass: 'EDDStatus_Pass',
  EDDStatus_Reject: 'EDDStatus_Reject',
} as const;
export type EDDStatus = (typeof EDDStatus)[keyof typeof EDDStatus];

/** §6: member tag KYC '1' gets no steps. */
export const MEMBER_TAG_KYC_NO_STEPS = '1';
