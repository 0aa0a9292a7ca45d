import { z } from '../zod.ts';
import { DisplayUpdatePOIStatus, DocumentType, KycLevel, Provider, type VerifiableLevel } from '../kyc.ts';
import { ValidationMessage, visibleMultilineText, visibleText } from '../validation.ts';
import { isCalendarDate, monthsBefore, todayIso } from './calendar.ts';
import { PROOF_OF_ADDRESS_MAX_AGE_MONTHS, ProofOfAddressType } from './document-types.ts';
import { enabledCountryField, pastDateField, timestampValue } from './kyc-fields.ts';
import { KycRule } from './kyc-rules.ts';
import { consoleDocument } from './console-document.ts';

/**
 * Re-verification (§2 reverification page, updatekyc, updatePOA; §3 update-POI display object; §4
 * DisplayUpdatePOIStatus_*; §7 reset-eu-poi; §8 identity-update codes; decision 017): a verified
 * user is asked to prove their identity (POI) or address (POA) again; the update is reviewed as a
 * review case and replaces the verified document only once approved.
 */

/** What is verified again: the identity document (level 1's) or the proof of address (level 2's). */
export const ReverificationTarget = { POI: 'POI', POA: 'POA' } as const;
export type ReverificationTarget = (typeof ReverificationTarget)[keyof typeof ReverificationTarget];
export const REVERIFICATION_TARGETS = Object.values(ReverificationTarget);

/** The KYC level whose document a target replaces (its photos are that level's document kinds). */
export const LEVEL_OF_TARGET: Record<ReverificationTarget, VerifiableLevel> = { POI: KycLevel.LEVEL_1, POA: KycLevel.LEVEL_2 };
export const targetOfLevel = (level: number): ReverificationTarget => (level === KycLevel.LEVEL_2 ? ReverificationTarget.POA : ReverificationTarget.POI);

/** Why a reviewer (or the system) asks: translated as `reverification.requestReason.<code>`. */
export const ReverificationReason = {
  DOCUMENT_EXPIRED: 'DOCUMENT_EXPIRED',
  REGULATORY_UPDATE: 'REGULATORY_UPDATE',
  REVIEW_FINDING: 'REVIEW_FINDING',
  ADDRESS_OUTDATED: 'ADDRESS_OUTDATED',
  /** §7 reset-eu-poi: the account moved to the EU entity, which verifies identity itself. */
  EU_ENTITY_MIGRATION: 'EU_ENTITY_MIGRATION',
} as const;
export type ReverificationReason = (typeof ReverificationReason)[keyof typeof ReverificationReason];
/** The reasons a reviewer may give (the EU migration is the user's own reset). */
export const REVIEWER_REVERIFICATION_REASONS = [
  ReverificationReason.DOCUMENT_EXPIRED,
  ReverificationReason.REGULATORY_UPDATE,
  ReverificationReason.REVIEW_FINDING,
  ReverificationReason.ADDRESS_OUTDATED,
] as const;

/** Why the console's request form is refused, field by field (translation keys, like KycRule). */
export const ReverificationRule = {
  UNKNOWN_USER: 'reverification.rule_unknown_user',
  NOT_VERIFIED: 'reverification.rule_not_verified',
  ALREADY_REQUESTED: 'reverification.rule_already_requested',
} as const;

/** How many rejections of one target in one (UTC) day before the user must wait for the next day (§4 _Rejected_Daily). */
export const DAILY_REJECTION_LIMIT = 3;
/** A reviewer's deadline: at least tomorrow, at most this many days ahead. */
export const MAX_DEADLINE_DAYS = 180;
/** The limitation kyc-info reports once a deadline passed without a submission (§3 limitation). */
export const LIMITATION_REVERIFICATION_OVERDUE = 'LIMITATION_REVERIFICATION_OVERDUE';
/** limitationInfo.reasons entries: which target is overdue. */
export const overdueReason = (target: ReverificationTarget) => `REVERIFICATION_${target}_OVERDUE`;

export { ReverificationRetCode, UPDATE_ID_ERROR_KEYS } from '../reverification-codes.ts';

// ---------------------------------------------------------------------------------------------
// Replies.
// ---------------------------------------------------------------------------------------------

export const updatePoiStatusValue = z.enum(DisplayUpdatePOIStatus);

/** §3 update-POI display object (kyc-info displayControl.displayUpdatePOI, and per target here). */
export const updatePoiDisplay = z.object({
  status: updatePoiStatusValue,
  /** The reviewer's rejection reason code ('' unless rejected): `kyc-reasons.<code>`. */
  rejectReason: z.string(),
  /** The account's regulated site ('' for the main site) and its residence country (§2: Turkey = both TUR/TR). */
  siteInfo: z.object({ site: z.string(), country: z.string() }),
});
export type UpdatePoiDisplay = z.output<typeof updatePoiDisplay>;

const requestView = z.object({
  id: z.string(),
  reason: z.enum(ReverificationReason),
  /** The reviewer's words for the user ('' when none). */
  message: z.string(),
  /** YYYY-MM-DD (UTC): submit by the end of this day. */
  deadline: z.string(),
  requestedAt: timestampValue,
  overdue: z.boolean(),
});

/** One target on the reverification page. */
export const reverificationItem = z.object({
  target: z.enum(ReverificationTarget),
  display: updatePoiDisplay,
  /** The open request (null when the status is _No). */
  request: requestView.nullable(),
  /** The latest rejection: reason code and the reviewer's message. */
  rejection: z.object({
    reasonCode: z.string(),
    /** Every reason given (a vendor gives several; the user sees each): `kyc-reasons.<code>`. */
    reasonCodes: z.array(z.string()),
    message: z.string(),
    decidedAt: timestampValue,
  }).nullable(),
  /** _Pending: when the update was sent. */
  submittedAt: timestampValue.nullable(),
  /** _Rejected_Daily: the next submission is accepted from this instant (next UTC midnight). */
  retryAfter: timestampValue.nullable(),
  /** Rejected updates today / the daily limit. */
  rejectionsToday: z.number().int(),
  /** The provider this user is routed to for the target's level (the update uses the same one). */
  provider: z.enum(Provider),
});
export type ReverificationItem = z.output<typeof reverificationItem>;

/** GET reverification: the page's whole picture. */
export const reverificationInfoResult = z.object({
  items: z.array(reverificationItem),
  /** §7 reset-eu-poi is offered (displayControl.displayEuPoiReset). */
  euPoiReset: z.boolean(),
  /** The KYC level reached (the quota view shows that level's BTC limit, §2). */
  level: z.literal([KycLevel.LEVEL_DEFAULT, KycLevel.LEVEL_1, KycLevel.LEVEL_2]),
  limitation: z.string(),
});
export type ReverificationInfo = z.output<typeof reverificationInfoResult>;

/** Reply of update-poi / update-poa: the submission, under review. */
export const submitUpdateResult = z.object({
  submissionId: z.string(),
  target: z.enum(ReverificationTarget),
  status: updatePoiStatusValue,
  submittedAt: timestampValue,
});
export type SubmitUpdateResult = z.output<typeof submitUpdateResult>;

/** Reply of reset-eu-poi: the identity document is to be verified again (POI _Needed). */
export const resetEuPoiResult = z.object({ status: updatePoiStatusValue, deadline: z.string() });
export type ResetEuPoiResult = z.output<typeof resetEuPoiResult>;

/** result of ret_code 30101: where the code went. */
export const otpRequiredResult = z.object({ email: z.string(), expiresInSeconds: z.number().int() });
export type OtpRequiredResult = z.output<typeof otpRequiredResult>;

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

const documentIdsField = z.array(z.uuid({ error: ValidationMessage.TYPE }), { error: ValidationMessage.TYPE }).min(1).max(4).optional();
const holderName = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .check(visibleText)
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(50, { error: ValidationMessage.MAX_LENGTH });

/**
 * POST update-poi: the new identity document, captured like level 1's (country, type, photos), with
 * what is printed on it (holder's names, date of birth, number, expiry) so the server can tell the
 * §8 identity-update failures apart. Without `documentIds` the newest level-1 drafts are used.
 */
export const updatePoiRequest = z.object({
  country: enabledCountryField,
  documentType: z.enum([DocumentType.ID_CARD, DocumentType.PASSPORT, DocumentType.DRIVERS_LICENSE, DocumentType.RESIDENCE_PERMIT], { error: ValidationMessage.TYPE }),
  documentNumber: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .check(visibleText)
    .min(3, { error: ValidationMessage.MIN_LENGTH })
    .max(32, { error: ValidationMessage.MAX_LENGTH })
    .regex(/^[A-Za-z0-9 -]+$/, { error: ValidationMessage.TYPE }),
  /** YYYY-MM-DD; an expired date is refused with 1048 (a business answer, not a form error). */
  expiryDate: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .min(1, { error: ValidationMessage.REQUIRED })
    .refine(isCalendarDate, { error: KycRule.INVALID_DATE }),
  firstName: holderName,
  lastName: holderName,
  dateOfBirth: pastDateField,
  documentIds: documentIdsField,
});
export type UpdatePoiRequest = z.input<typeof updatePoiRequest>;
export type UpdatePoi = z.output<typeof updatePoiRequest>;

/** POST update-poa: like level 2's submission; an old statement is refused with 1048. */
export const updatePoaRequest = z.object({
  proofOfAddressType: z.enum([ProofOfAddressType.BANK_STATEMENT, ProofOfAddressType.UTILITY_BILL], { error: ValidationMessage.TYPE }),
  issuedOn: pastDateField,
  documentIds: documentIdsField,
});
export type UpdatePoaRequest = z.input<typeof updatePoaRequest>;
export type UpdatePoa = z.output<typeof updatePoaRequest>;

/** POST update-vendor-token: the document to update in the vendor's flow (the reply is vendor-token's). */
export const updateVendorTokenRequest = z.object({ target: z.enum(ReverificationTarget, { error: ValidationMessage.TYPE }) });
export type UpdateVendorTokenRequest = z.input<typeof updateVendorTokenRequest>;

/** The oldest accepted issue date of a proof of address (same rule as level 2). */
export const oldestProofOfAddress = () => monthsBefore(todayIso(), PROOF_OF_ADDRESS_MAX_AGE_MONTHS);

/** POST reset-eu-poi: nothing to send. */
export const resetEuPoiRequest = z.preprocess((v) => v ?? {}, z.object({}));

/** Console: POST reverification-requests — a reviewer asks a user (by e-mail) to verify a document again. */
export const requestReverificationRequest = z.object({
  email: z.string({ error: ValidationMessage.REQUIRED }).trim().toLowerCase().min(3, { error: ValidationMessage.REQUIRED }).max(254, { error: ValidationMessage.MAX_LENGTH }),
  target: z.enum(ReverificationTarget, { error: ValidationMessage.TYPE }),
  reason: z.enum(REVIEWER_REVERIFICATION_REASONS, { error: ValidationMessage.TYPE }),
  message: z.string({ error: ValidationMessage.TYPE }).trim().check(visibleMultilineText).max(500, { error: ValidationMessage.MAX_LENGTH }).default(''),
  /** YYYY-MM-DD (UTC), from tomorrow to MAX_DEADLINE_DAYS ahead (checked by the server against its clock). */
  deadline: z.string({ error: ValidationMessage.REQUIRED }).trim().refine(isCalendarDate, { error: KycRule.INVALID_DATE }),
});
export type RequestReverificationRequest = z.input<typeof requestReverificationRequest>;
export type RequestReverification = z.output<typeof requestReverificationRequest>;

export const requestReverificationResult = z.object({
  requestId: z.string(),
  userId: z.string(),
  target: z.enum(ReverificationTarget),
  status: updatePoiStatusValue,
  deadline: z.string(),
});
export type RequestReverificationResult = z.output<typeof requestReverificationResult>;

/** Console case subject of a REVERIFICATION case. */
export const reverificationSubject = z.object({
  kind: z.literal('REVERIFICATION'),
  submission: z.object({
    id: z.string(),
    target: z.enum(ReverificationTarget),
    level: z.literal([KycLevel.LEVEL_1, KycLevel.LEVEL_2]),
    provider: z.enum(Provider),
    country: z.string(),
    documentType: z.string(),
    documentNumber: z.string(),
    expiryDate: z.string(),
    issuedOn: z.string(),
    holder: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string() }).nullable(),
    status: z.enum(['PENDING', 'APPROVED', 'REJECTED']),
    submittedAt: timestampValue,
    decidedAt: timestampValue.nullable(),
  }),
  request: requestView.extend({ requestedBy: z.string().nullable() }),
  /** What is verified now (the personal information and the current document). */
  verified: z.object({ firstName: z.string(), lastName: z.string(), dateOfBirth: z.string(), nationality: z.string(), address: z.string(), document: z.string() }),
  status: updatePoiStatusValue,
  documents: z.array(consoleDocument),
  /** Earlier updates of this user (newest first). */
  previous: z.array(z.object({ id: z.string(), target: z.enum(ReverificationTarget), status: z.string(), submittedAt: z.string(), reasonCode: z.string().nullable() })),
});
export type ReverificationSubject = z.output<typeof reverificationSubject>;
