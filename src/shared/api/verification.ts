import { z } from '../zod.ts';
import { ValidationMessage } from '../validation.ts';
import { documentRequirement, ProofOfAddressType } from './document-types.ts';
import { countryCodeField, kycFlowValue, levelRequest, providerValue, stepStatusValue, verifiableLevelValue } from './kyc-fields.ts';

/**
 * Contracts of the §7 calls that describe how a level is verified here and whether the user may
 * start: get-kyc-provider, can-verify, self-reset, supported-document-type, get-config,
 * get-supported-ip-country-code.
 */

/** POST get-kyc-provider (body: level, default 1). */
export const getKycProviderRequest = levelRequest;
export const kycProviderResult = z.object({
  level: verifiableLevelValue,
  provider: providerValue,
  flowName: kycFlowValue,
  apiUrl: z.string(),
});
export type KycProviderResult = z.output<typeof kycProviderResult>;

/** Why can-verify says no (null when the user may start). */
export const CanVerifyReason = {
  /** KYC is not opened here, or the member's KYC tag is '1' (§4). */
  NO_STEPS: 'NO_STEPS',
  /** The level before is not reached yet. */
  PREVIOUS_LEVEL_FIRST: 'PREVIOUS_LEVEL_FIRST',
  /** An application is under review. */
  UNDER_REVIEW: 'UNDER_REVIEW',
  /** The level is verified; an update goes through re-verification when asked for. */
  ALREADY_VERIFIED: 'ALREADY_VERIFIED',
  /** Rejected for good. */
  REJECTED_FINAL: 'REJECTED_FINAL',
  /** Verification is not available for the residence country. */
  COUNTRY_DISABLED: 'COUNTRY_DISABLED',
  /** Level 1 needs the personal information first. */
  PERSONAL_INFO_REQUIRED: 'PERSONAL_INFO_REQUIRED',
} as const;
export type CanVerifyReason = (typeof CanVerifyReason)[keyof typeof CanVerifyReason];

/** POST can-verify (body: level, default 1). */
export const canVerifyRequest = levelRequest;
export const canVerifyResult = z.object({
  level: verifiableLevelValue,
  /** The step accepts a submission now (ALLOW or FAILED_AND_CAN_RETRY). */
  canVerify: z.boolean(),
  status: stepStatusValue,
  /** Level 1 also needs saved personal information before submitting. */
  personalInfoComplete: z.boolean(),
  /** Why not now (null: the user may start). */
  reason: z.enum(CanVerifyReason).nullable(),
});
export type CanVerifyResult = z.output<typeof canVerifyResult>;

/**
 * POST self-reset: FAILED_AND_CAN_RETRY -> ALLOW for that level, discarding unsubmitted uploads.
 * Confirmed by an e-mailed code: without `otp` the server mails one and answers 30101 (§8 step code).
 */
export const selfResetRequest = z.preprocess(
  (v) => v ?? {},
  z.object({
    level: z.union([z.literal(1), z.literal(2)], { error: ValidationMessage.TYPE }).default(1),
    otp: z.string({ error: ValidationMessage.TYPE }).trim().regex(/^\d{6}$/, { error: ValidationMessage.TYPE }).optional(),
  }),
);
export type SelfResetRequest = { level?: 1 | 2; otp?: string };
export const selfResetResult = z.object({
  level: verifiableLevelValue,
  status: stepStatusValue,
  /** How many unsubmitted uploads were discarded. */
  discardedDocuments: z.number().int(),
});
export type SelfResetResult = z.output<typeof selfResetResult>;

/** POST supported-document-type: the types accepted from one issuing country. */
export const supportedDocumentTypeRequest = z.object({ country: countryCodeField });
export type SupportedDocumentTypeRequest = z.input<typeof supportedDocumentTypeRequest>;
export const supportedDocumentTypesResult = z.object({
  country: z.string(),
  documentTypes: z.array(documentRequirement),
});
export type SupportedDocumentTypesResult = z.output<typeof supportedDocumentTypesResult>;

/** GET get-config: what the screens need to know about verification on this server. */
export const kycConfigResult = z.object({
  provider: providerValue,
  opened: z.boolean(),
  levels: z.array(z.object({ level: verifiableLevelValue, flowName: kycFlowValue })),
  minAgeYears: z.number().int(),
  maxAgeYears: z.number().int(),
  proofOfAddressMaxAgeMonths: z.number().int(),
  proofOfAddressTypes: z.array(z.enum(ProofOfAddressType)),
  disabledCountries: z.array(z.string()),
  maxUploadBytes: z.number().int(),
});
export type KycConfigResult = z.output<typeof kycConfigResult>;

/** GET get-supported-ip-country-code. */
export const ipCountryResult = z.object({
  /** '' when unknown (no trusted proxy header; there is no offline GeoIP data). */
  countryCode: z.string(),
  /** The country is on the list and not disabled. */
  isSupported: z.boolean(),
});
export type IpCountryResult = z.output<typeof ipCountryResult>;
