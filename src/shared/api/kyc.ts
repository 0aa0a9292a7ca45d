import { z } from 'zod';
import { isCountryCode, isCountryEnabled, postalCodeRequired } from '../countries.ts';
import {
  CustodyType,
  DocumentKind,
  DocumentType,
  KycFlow,
  KycLevel,
  Provider,
  QuestionnaireStatus,
  StepStatus,
  StepType,
  type VerifiableLevel,
} from '../kyc.ts';
import { PROOF_OF_ADDRESS_MAX_AGE_MONTHS } from '../review-time.ts';
import { ValidationMessage } from '../validation.ts';
import type { RejectReasonCode } from './console.ts';

/**
 * Contracts of the KYC calls (§7 "KYC calls", plus the in-house provider's submit call).
 * One schema validates in the browser form and on the server.
 */

// ---------------------------------------------------------------------------------------------
// Validation messages beyond §5's generic ones. They are namespaced translation keys (part
// `kyc-rules` of the user-accounts namespace); `toFieldIssues` passes such keys through unchanged.
// ---------------------------------------------------------------------------------------------
export const KycRule = {
  INVALID_NAME: 'kyc-rules.invalid_name',
  INVALID_DATE: 'kyc-rules.invalid_date',
  FUTURE_DATE: 'kyc-rules.future_date',
  TOO_YOUNG: 'kyc-rules.too_young',
  TOO_OLD: 'kyc-rules.too_old',
  INVALID_COUNTRY: 'kyc-rules.invalid_country',
  COUNTRY_NOT_SUPPORTED: 'kyc-rules.country_not_supported',
  INVALID_POSTAL_CODE: 'kyc-rules.invalid_postal_code',
  INVALID_TEXT: 'kyc-rules.invalid_text',
  DOCUMENT_TYPE_NOT_SUPPORTED: 'kyc-rules.document_type_not_supported',
  INVALID_BVN: 'kyc-rules.invalid_bvn',
  DOCUMENT_TOO_OLD: 'kyc-rules.document_too_old',
  REASON_NOT_APPLICABLE: 'kyc-rules.reason_not_applicable',
} as const;
export type KycRule = (typeof KycRule)[keyof typeof KycRule];

/** Adults only; and nobody is older than this (typing errors such as 1824 for 1984). */
export const MIN_AGE_YEARS = 18;
export const MAX_AGE_YEARS = 120;
/** Level 2: a bank statement or utility bill at most this many months old (schema-free home: review-time.ts). */
export { PROOF_OF_ADDRESS_MAX_AGE_MONTHS };

export const NAME_MAX_LENGTH = 50;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 60;
export const STATE_REGION_MAX_LENGTH = 60;
export const POSTAL_CODE_MAX_LENGTH = 16;

/** Today's calendar date in UTC as YYYY-MM-DD (the server's clock decides in the end). */
export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date written YYYY-MM-DD (2023-02-29 is not one). */
export function isCalendarDate(value: string): boolean {
  const m = ISO_DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d && y >= 1800;
}

/**
 * Completed years between two YYYY-MM-DD dates. Someone born on 29 February comes of age on
 * 1 March in common years (the anniversary has not happened on 28 February).
 */
export function ageInYears(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let years = ty - by;
  if (tm < bm || (tm === bm && td < bd)) years -= 1;
  return years;
}

/** YYYY-MM-DD of `months` calendar months before `today` (clamped to the month's last day). */
export function monthsBefore(today: string, months: number): string {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 - months, 1));
  const lastDay = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, lastDay));
  return first.toISOString().slice(0, 10);
}

// Letters of any script (with their combining marks), single spaces, hyphens and apostrophes between them.
const NAME_PATTERN = /^[\p{L}\p{M}]+(?:[ '’-][\p{L}\p{M}]+)*$/u;
// Free-text address fields: no control characters and no markup brackets.
const TEXT_PATTERN = /^[^\u0000-\u001f\u007f<>]*$/;
const POSTAL_PATTERN = /^[A-Za-z0-9](?:[A-Za-z0-9 -]*[A-Za-z0-9])?$/;

const requiredText = (max: number) =>
  z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(max, { error: ValidationMessage.MAX_LENGTH })
    .regex(TEXT_PATTERN, { error: KycRule.INVALID_TEXT });

const optionalText = (max: number) =>
  z
    .string({ error: ValidationMessage.TYPE })
    .trim()
    .max(max, { error: ValidationMessage.MAX_LENGTH })
    .regex(TEXT_PATTERN, { error: KycRule.INVALID_TEXT })
    .default('');

const nameField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(NAME_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
  .regex(NAME_PATTERN, { error: KycRule.INVALID_NAME });

const optionalNameField = z
  .string({ error: ValidationMessage.TYPE })
  .trim()
  .max(NAME_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
  .refine((v) => v === '' || NAME_PATTERN.test(v), { error: KycRule.INVALID_NAME })
  .default('');

/** An ISO 3166-1 alpha-2 code from the §3 country list that is not disabled. */
export const enabledCountryField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .transform((v) => v.toUpperCase())
  .refine((v): boolean => isCountryCode(v), { error: KycRule.INVALID_COUNTRY, abort: true })
  .refine(isCountryEnabled, { error: KycRule.COUNTRY_NOT_SUPPORTED });

const dateField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .refine(isCalendarDate, { error: KycRule.INVALID_DATE, abort: true })
  .refine((v) => v <= todayIso(), { error: KycRule.FUTURE_DATE, abort: true });

/** The residential address: residence country (enabled countries only) and the address in it. */
const residentialAddressFields = {
  residenceCountry: enabledCountryField,
  addressLine1: requiredText(ADDRESS_LINE_MAX_LENGTH),
  addressLine2: optionalText(ADDRESS_LINE_MAX_LENGTH),
  city: requiredText(CITY_MAX_LENGTH),
  stateRegion: optionalText(STATE_REGION_MAX_LENGTH),
  postalCode: z
    .string({ error: ValidationMessage.TYPE })
    .trim()
    .max(POSTAL_CODE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
    .refine((v) => v === '' || POSTAL_PATTERN.test(v), { error: KycRule.INVALID_POSTAL_CODE })
    .default(''),
};

/** Postal codes are required wherever a postal-code system exists. */
function requirePostalCode(address: { residenceCountry: string; postalCode: string }, ctx: z.RefinementCtx): void {
  if (address.postalCode === '' && postalCodeRequired(address.residenceCountry)) {
    ctx.addIssue({ code: 'custom', path: ['postalCode'], message: ValidationMessage.REQUIRED });
  }
}

/**
 * Personal information (`kyc-personal-info`), as a regulated exchange asks for it: legal names as on
 * the identity document, date of birth (adults only), nationality, residence country and address.
 * THE schema of the browser form and of the server.
 */
export const personalInfoSchema = z
  .object({
    firstName: nameField,
    middleName: optionalNameField,
    lastName: nameField,
    dateOfBirth: dateField
      .refine((v) => ageInYears(v, todayIso()) >= MIN_AGE_YEARS, { error: KycRule.TOO_YOUNG, params: { min: MIN_AGE_YEARS }, abort: true })
      .refine((v) => ageInYears(v, todayIso()) <= MAX_AGE_YEARS, { error: KycRule.TOO_OLD, params: { max: MAX_AGE_YEARS } }),
    nationality: enabledCountryField,
    ...residentialAddressFields,
  })
  .superRefine(requirePostalCode);
/** What the form holds / the client sends. */
export type PersonalInfoInput = z.input<typeof personalInfoSchema>;
/** What is stored and returned (trimmed, codes upper-cased, optional fields ''). */
export type PersonalInfo = z.output<typeof personalInfoSchema>;

/**
 * POST update-address (beyond §7, decision 005): the residential address alone, the same fields and
 * rules as in personalInfoSchema. People move: after level 1 is verified the address can still be
 * corrected for level 2's proof of address; names, date of birth and nationality cannot. Other
 * fields in a body are ignored.
 */
export const residentialAddressSchema = z.object(residentialAddressFields).superRefine(requirePostalCode);
export type ResidentialAddressInput = z.input<typeof residentialAddressSchema>;
export type ResidentialAddress = z.output<typeof residentialAddressSchema>;
/** The fields of the residential address, in form order. */
export const RESIDENTIAL_ADDRESS_FIELDS = Object.keys(residentialAddressFields) as (keyof ResidentialAddress)[];

/** GET kyc-personal-info: the saved information, and whether it may still be changed. */
export interface PersonalInfoResult {
  info: PersonalInfo | null;
  /** §4: editable until submitted, i.e. while the level 1 step is ALLOW or FAILED_AND_CAN_RETRY. */
  editable: boolean;
  /**
   * The residential address may be changed (update-address): whenever `editable`, and also once
   * level 1 is verified while level 2 accepts a submission (ALLOW or FAILED_AND_CAN_RETRY).
   */
  addressEditable: boolean;
  updatedAt: string | null;
}

// ---------------------------------------------------------------------------------------------
// Documents of the in-house provider (PROVIDER_DEFAULT).
// ---------------------------------------------------------------------------------------------

/** Identity document types a user can choose (§3 minus UNDEFINED, which is "not chosen yet"). */
export type SelectableDocumentType = Exclude<DocumentType, typeof DocumentType.UNDEFINED>;

export interface DocumentRequirement {
  type: SelectableDocumentType;
  /** The images to upload for this type, in capture order. */
  kinds: DocumentKind[];
  /** A document number must be typed in (bank verification number: 11 digits). */
  needsNumber: boolean;
}

/** What each document type needs: two-sided cards front+back, a passport's photo page, always a selfie. */
export const DOCUMENT_REQUIREMENTS: Record<SelectableDocumentType, DocumentRequirement> = {
  ID_CARD: { type: DocumentType.ID_CARD, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  PASSPORT: { type: DocumentType.PASSPORT, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE], needsNumber: false },
  DRIVERS_LICENSE: { type: DocumentType.DRIVERS_LICENSE, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  RESIDENCE_PERMIT: { type: DocumentType.RESIDENCE_PERMIT, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  BANK_VERIFICATION_NUMBER: { type: DocumentType.BANK_VERIFICATION_NUMBER, kinds: [DocumentKind.SELFIE], needsNumber: true },
};

/** Countries that issue no national identity card (a passport or driving licence is used instead). */
const NO_NATIONAL_ID_CARD = new Set(['AU', 'GB', 'NZ']);
/** §3 "bank verification number": Nigeria's BVN, the identity number of its banking system. */
const BVN_COUNTRIES = new Set(['NG']);

/** Document types accepted from an issuing country (none for an unknown or disabled country). */
export function supportedDocumentTypes(country: string): DocumentRequirement[] {
  if (!isCountryEnabled(country)) return [];
  const types: SelectableDocumentType[] = [DocumentType.ID_CARD, DocumentType.PASSPORT, DocumentType.DRIVERS_LICENSE, DocumentType.RESIDENCE_PERMIT];
  if (BVN_COUNTRIES.has(country)) types.push(DocumentType.BANK_VERIFICATION_NUMBER);
  return types.filter((t) => !(t === DocumentType.ID_CARD && NO_NATIONAL_ID_CARD.has(country))).map((t) => DOCUMENT_REQUIREMENTS[t]);
}

/** Level 2 proof of address: what the user uploads. */
export const ProofOfAddressType = { BANK_STATEMENT: 'BANK_STATEMENT', UTILITY_BILL: 'UTILITY_BILL' } as const;
export type ProofOfAddressType = (typeof ProofOfAddressType)[keyof typeof ProofOfAddressType];
export const PROOF_OF_ADDRESS_KINDS: DocumentKind[] = [DocumentKind.PROOF_OF_ADDRESS];

/** The lifecycle of one submitted application. */
export const ApplicationStatus = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;
export type ApplicationStatus = (typeof ApplicationStatus)[keyof typeof ApplicationStatus];

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

export const levelField = z.union([z.literal(KycLevel.LEVEL_1), z.literal(KycLevel.LEVEL_2)], { error: ValidationMessage.TYPE });

/** POST kyc-info (§7): each flag adds its part of the answer; absent means false. */
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

/** Requests naming a level; the level defaults to 1. Empty bodies are allowed. */
const levelBody = z.preprocess((v) => v ?? {}, z.object({ level: levelField.default(KycLevel.LEVEL_1) }));

/** POST get-kyc-provider. */
export const getKycProviderRequest = levelBody;
/** POST can-verify. */
export const canVerifyRequest = levelBody;
/** POST self-reset: FAILED_AND_CAN_RETRY -> ALLOW for that level, discarding unsubmitted uploads. */
export const selfResetRequest = levelBody;
export type LevelRequest = { level?: VerifiableLevel };

/** POST supported-document-type: the types accepted from one issuing country. */
export const supportedDocumentTypeRequest = z.object({
  country: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .min(1, { error: ValidationMessage.REQUIRED })
    .transform((v) => v.toUpperCase())
    .refine((v): boolean => isCountryCode(v), { error: KycRule.INVALID_COUNTRY }),
});
export type SupportedDocumentTypeRequest = z.input<typeof supportedDocumentTypeRequest>;

/** GET country-list (§7 `?is_disable=1`): with 1, disabled countries are listed too, flagged. */
export const countryListQuery = z.object({ is_disable: z.enum(['0', '1']).default('0') });

const documentIdsField = z.array(z.uuid({ error: ValidationMessage.TYPE }), { error: ValidationMessage.TYPE }).min(1).max(4).optional();

/**
 * POST submit-application (beyond §7: the in-house provider's "send for review"). Without
 * `documentIds` the newest uploaded draft of each required kind is used.
 */
export const submitApplicationRequest = z.discriminatedUnion(
  'level',
  [
    z
      .object({
        level: z.literal(KycLevel.LEVEL_1),
        /** The identity document's issuing country. */
        country: enabledCountryField,
        documentType: z.enum(
          [DocumentType.ID_CARD, DocumentType.PASSPORT, DocumentType.DRIVERS_LICENSE, DocumentType.RESIDENCE_PERMIT, DocumentType.BANK_VERIFICATION_NUMBER],
          { error: ValidationMessage.TYPE },
        ),
        documentNumber: z.string({ error: ValidationMessage.TYPE }).trim().max(32, { error: ValidationMessage.MAX_LENGTH }).default(''),
        documentIds: documentIdsField,
      })
      .superRefine((v, ctx) => {
        if (!supportedDocumentTypes(v.country).some((d) => d.type === v.documentType)) {
          ctx.addIssue({ code: 'custom', path: ['documentType'], message: KycRule.DOCUMENT_TYPE_NOT_SUPPORTED });
        }
        if (v.documentType === DocumentType.BANK_VERIFICATION_NUMBER && !/^\d{11}$/.test(v.documentNumber)) {
          ctx.addIssue({ code: 'custom', path: ['documentNumber'], message: KycRule.INVALID_BVN });
        }
      }),
    z.object({
      level: z.literal(KycLevel.LEVEL_2),
      proofOfAddressType: z.enum([ProofOfAddressType.BANK_STATEMENT, ProofOfAddressType.UTILITY_BILL], { error: ValidationMessage.TYPE }),
      /** The date printed on the statement or bill. */
      issuedOn: dateField.refine((v) => v >= monthsBefore(todayIso(), PROOF_OF_ADDRESS_MAX_AGE_MONTHS), {
        error: KycRule.DOCUMENT_TOO_OLD,
        params: { months: PROOF_OF_ADDRESS_MAX_AGE_MONTHS },
      }),
      documentIds: documentIdsField,
    }),
  ],
  { error: ValidationMessage.TYPE },
);
export type SubmitApplicationRequest = z.input<typeof submitApplicationRequest>;
export type SubmitApplication = z.output<typeof submitApplicationRequest>;

// ---------------------------------------------------------------------------------------------
// Quotas: the product's configured limits per level (§9 says only "not shown"; these are ours).
// ---------------------------------------------------------------------------------------------

export interface CoinLimit {
  coin: string;
  /** Decimal string (exact; format with big.js). */
  limit: string;
}
export interface KycQuota {
  level: KycLevel;
  /** Daily withdrawal limit per coin (§2: the quota view uses the BTC entry). */
  coinLimit: CoinLimit[];
  /** The same limit in US dollars, for conversion with the user's rate and currency. */
  usdLimit: string;
  period: 'DAILY';
}

/** Daily withdrawal limits reached with each level (LEVEL_DEFAULT: unverified). */
export const KYC_QUOTAS: readonly KycQuota[] = [
  { level: KycLevel.LEVEL_DEFAULT, usdLimit: '20000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '0.2' }, { coin: 'ETH', limit: '6' }, { coin: 'USDT', limit: '20000' }] },
  { level: KycLevel.LEVEL_1, usdLimit: '1000000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '10' }, { coin: 'ETH', limit: '300' }, { coin: 'USDT', limit: '1000000' }] },
  { level: KycLevel.LEVEL_2, usdLimit: '2000000', period: 'DAILY', coinLimit: [{ coin: 'BTC', limit: '20' }, { coin: 'ETH', limit: '600' }, { coin: 'USDT', limit: '2000000' }] },
];

// ---------------------------------------------------------------------------------------------
// Responses.
// ---------------------------------------------------------------------------------------------

/** §3 state item. */
export interface KycStateItem {
  level: VerifiableLevel;
  status: StepStatus;
  type: StepType;
}

/** One submitted application as the user sees it (§3 applicant.identifies). */
export interface KycIdentity {
  applicationId: string;
  level: VerifiableLevel;
  /** Issuing country (level 1) or residence country (level 2). */
  country: string;
  /** Level 1: the identity document type; level 2: the proof-of-address type. */
  documentType: SelectableDocumentType | ProofOfAddressType;
  status: ApplicationStatus;
  submittedAt: string;
  decidedAt: string | null;
}

/** §3 applicant. */
export interface KycApplicant {
  /** The identity document's issuing country once submitted, else the nationality given ('' when none). */
  country: string;
  firstname: string;
  lastname: string;
  /** Highest level reached: 0, 1 or 2. */
  level: KycLevel;
  identifies: KycIdentity[];
}

/** §3 errorNotify entry: a level whose last application was rejected, with the taxonomy's reason. */
export interface KycRejectNotice {
  level: VerifiableLevel;
  status: typeof StepStatus.FAILED_AND_CAN_RETRY | typeof StepStatus.FAILED_AND_CAN_NOT_RETRY;
  /** Translated on the web: `kyc-reasons.<code>.title` / `.hint`. */
  reasonCode: RejectReasonCode;
  decidedAt: string;
}

/** §3 additionalRejectReason entry: the reviewer's message for the user (never the internal note). */
export interface KycRejectMessage {
  level: VerifiableLevel;
  reasonCode: RejectReasonCode;
  message: string;
}

/** §3 displayControl: panels of later features; all off until those features exist. */
export interface KycDisplayControl {
  displayHkgPoaAgreement: boolean;
  isDisplayQuestionnaire: boolean;
  isDisplayP2pRights: boolean;
  isDisplayNewSatos: boolean;
  isDisplayNewRcOnboarding: boolean;
  isDisplaySatosToEu: boolean;
  displayUpdatePOI: boolean;
  displayEuPoiReset: boolean;
}

/** §3 limitationInfo. */
export interface KycLimitationInfo {
  limitation: string;
  /** Why the account is limited; empty for LIMITATION_DEFAULT (no limitation). */
  reasons: string[];
}

/**
 * POST kyc-info (§3 "KYC info response fields"). Fields marked optional are present only when their
 * obtain_* flag was set. Fields of features from later issues carry their "not applicable" value.
 */
export interface KycInfo {
  /** obtain_current. */
  applicant?: KycApplicant;
  /** The vendor SDK's address; the in-house provider needs none (''). */
  apiUrl: string;
  provider: Provider;
  /** Flows of this provider, level 1 then level 2 (§3). */
  flowNames: KycFlow[];
  /** obtain_kyc_token: a vendor SDK token; '' for the in-house provider (the session cookie suffices). */
  kycToken?: string;
  /** KYC is open for this account (false: both steps show NOT_ALLOW). */
  opened: boolean;
  limitation: string;
  limitationInfo: KycLimitationInfo;
  /** obtain_state. */
  state?: KycStateItem[];
  /** obtain_quotas: every level's quota. */
  quotas?: KycQuota[];
  errorNotify: KycRejectNotice[];
  /** Second identity (identity transfer) comes with a later issue: null. */
  second_identity_state: null;
  questionnaireStatus: QuestionnaireStatus;
  mustQuestionnaire: boolean;
  displayControl: KycDisplayControl;
  custody: CustodyType;
  custodyInfo: null;
  newSatosGray: boolean;
  additionalRejectReason: KycRejectMessage[];
  /** obtain_verification_process: a review in progress; tasks come with compliance tasks (later issue). */
  verificationProcess?: { isVerificationProcess: boolean; tasks: string[] };
  /** obtain_aml_questionnaire: AML questionnaires come with a later issue. */
  amlQuestionnaire?: { needQuestionnaire: boolean; templateCode: string };
  bannerTags: string[];
  /** From the personal information; '' until given. */
  residenceCountry: string;
  /** Business (KYB) quota: individuals only in this product, null. */
  kybQuota: null;
}

/** POST get-kyc-provider. */
export interface KycProviderResult {
  level: VerifiableLevel;
  provider: Provider;
  flowName: KycFlow;
  apiUrl: string;
}

/** POST supported-document-type. */
export interface SupportedDocumentTypesResult {
  country: string;
  documentTypes: DocumentRequirement[];
}

/** POST can-verify. */
export interface CanVerifyResult {
  level: VerifiableLevel;
  /** The step accepts a submission now (ALLOW or FAILED_AND_CAN_RETRY). */
  canVerify: boolean;
  status: StepStatus;
  /** Level 1 also needs saved personal information before submitting. */
  personalInfoComplete: boolean;
}

/** POST self-reset. */
export interface SelfResetResult {
  level: VerifiableLevel;
  status: StepStatus;
  /** How many unsubmitted uploads were discarded. */
  discardedDocuments: number;
}

/** POST submit-application. */
export interface SubmitApplicationResult {
  applicationId: string;
  level: VerifiableLevel;
  status: StepStatus;
  submittedAt: string;
}

/** GET get-config: what the screens need to know about verification on this server. */
export interface KycConfigResult {
  provider: Provider;
  opened: boolean;
  levels: { level: VerifiableLevel; flowName: KycFlow }[];
  minAgeYears: number;
  maxAgeYears: number;
  proofOfAddressMaxAgeMonths: number;
  proofOfAddressTypes: ProofOfAddressType[];
  disabledCountries: string[];
  maxUploadBytes: number;
}

/** GET get-supported-ip-country-code. */
export interface IpCountryResult {
  /** '' when unknown (no trusted proxy header; there is no offline GeoIP data). */
  countryCode: string;
  /** The country is on the list and not disabled. */
  isSupported: boolean;
}

/** §3 country list entry (GET /v2/public/country-list). */
export interface CountryListEntry {
  countryCode: string;
  /** Phone dial code, digits only. */
  regionCode: string;
  nameEn: string;
  nameZhCN: string;
  /** The country is disabled for verification (listed only with is_disable=1). */
  isDisable: boolean;
}
export interface CountryListResult {
  list: CountryListEntry[];
}
