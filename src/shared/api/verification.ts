import { z } from 'zod';
// Imported first for zod's jitless setting (no `new Function` under our CSP), like every schema module.
import '../validation.ts';
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

/** POST can-verify (body: level, default 1). */
export const canVerifyRequest = levelRequest;
export const canVerifyResult = z.object({
  level: verifiableLevelValue,
  /** The step accepts a submission now (ALLOW or FAILED_AND_CAN_RETRY). */
  canVerify: z.boolean(),
  status: stepStatusValue,
  /** Level 1 also needs saved personal information before submitting. */
  personalInfoComplete: z.boolean(),
});
export type CanVerifyResult = z.output<typeof canVerifyResult>;

/** POST self-reset: FAILED_AND_CAN_RETRY -> ALLOW for that level, discarding unsubmitted uploads. */
export const selfResetRequest = levelRequest;
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
