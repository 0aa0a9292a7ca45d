import { z } from '../zod.ts';
import { QUICK_KYC_ID_TYPES, idNumberIssue, normalizeIdNumber } from '../quick-kyc.ts';
import { REJECT_REASON_CODES, type RejectReasonCode } from '../review-reasons.ts';
import { ValidationMessage, visibleText } from '../validation.ts';
import { providerValue, stepStatusValue } from './kyc-fields.ts';

/**
 * §7 GET can-quick-kyc and POST do-quick-kyc: the quick path to LEVEL_1 by an identity number checked
 * against a registry through a provider (no document photo; docs/decisions/019). Which countries
 * offer which numbers is shared/quick-kyc.ts.
 */

/** Why the quick path is not open to the user now (null: it is). */
export const QuickKycBlock = {
  /** KYC is not opened, or the member has no steps (§4/§6). */
  NO_STEPS: 'NO_STEPS',
  /** Level 1 does not accept a submission (pending, reached, finally rejected, disabled). */
  LEVEL_NOT_OPEN: 'LEVEL_NOT_OPEN',
  /** The personal information (name, date of birth, residence) is not saved yet: the check compares it. */
  PERSONAL_INFO_MISSING: 'PERSONAL_INFO_MISSING',
  /** The country of residence has no registry check. */
  COUNTRY_NOT_OFFERED: 'COUNTRY_NOT_OFFERED',
  /** The country's provider is not configured on this server (or does not cover the number). */
  PROVIDER_NOT_CONFIGURED: 'PROVIDER_NOT_CONFIGURED',
  /** Today's checks are used up (QUICK_KYC_ATTEMPTS_PER_DAY). */
  ATTEMPTS_EXHAUSTED: 'ATTEMPTS_EXHAUSTED',
} as const;
export type QuickKycBlock = (typeof QuickKycBlock)[keyof typeof QuickKycBlock];

const idTypeValue = z.enum(QUICK_KYC_ID_TYPES);

/** GET can-quick-kyc: whether the quick path is open to the caller, why not, and what it offers. */
export const canQuickKycResult = z.object({
  eligible: z.boolean(),
  reason: z.enum(QuickKycBlock).nullable(),
  /** The country of residence ('' before personal information is saved). */
  country: z.string(),
  /** The provider that checks the numbers (null where the country offers none). */
  provider: providerValue.nullable(),
  /** The numbers the user may use, in the order to offer them (empty when the country offers none). */
  idTypes: z.array(idTypeValue),
  /** Level 1's step status now. */
  status: stepStatusValue,
  attemptsLeft: z.number().int().nonnegative(),
  /** When the next check is allowed again, once today's are used up (seconds; 0 otherwise). */
  retryAfterSeconds: z.number().int().nonnegative(),
});
export type CanQuickKycResult = z.output<typeof canQuickKycResult>;

/**
 * POST do-quick-kyc: the number, checked for its type's format (digits, length, check digits) here,
 * so the browser and the server refuse the same typing mistakes with the same translated messages.
 * Separators people type (spaces, dots, hyphens) are removed.
 */
export const doQuickKycRequest = z
  .object({
    idType: z.enum(QUICK_KYC_ID_TYPES, { error: ValidationMessage.TYPE }),
    idNumber: z
      .string({ error: ValidationMessage.REQUIRED })
      .trim()
      .check(visibleText)
      .min(1, { error: ValidationMessage.REQUIRED, abort: true })
      .max(32, { error: ValidationMessage.MAX_LENGTH })
      .transform(normalizeIdNumber),
  })
  .superRefine((v, ctx) => {
    const issue = idNumberIssue(v.idType, v.idNumber);
    if (issue) ctx.addIssue({ code: 'custom', path: ['idNumber'], message: issue.code, ...(issue.params ? { params: issue.params } : {}) });
  });
export type DoQuickKycRequest = z.input<typeof doQuickKycRequest>;
export type DoQuickKyc = z.output<typeof doQuickKycRequest>;

/** What the registry said about the number and the user's name and date of birth. */
export const QuickKycOutcome = {
  /** Found, and the record matches: level 1 is reached. */
  APPROVED: 'APPROVED',
  /** Found, but the record names someone else (or another date of birth). */
  NOT_MATCHED: 'NOT_MATCHED',
  /** The registry has no such number. */
  NOT_FOUND: 'NOT_FOUND',
} as const;
export type QuickKycOutcome = (typeof QuickKycOutcome)[keyof typeof QuickKycOutcome];

export const doQuickKycResult = z.object({
  applicationId: z.string(),
  outcome: z.enum(QuickKycOutcome),
  /** Level 1's step status after the decision (SUCCESS, or FAILED_AND_CAN_RETRY). */
  status: stepStatusValue,
  /** The rejection's reason (null when approved). */
  reasonCode: z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]]).nullable(),
  idType: idTypeValue,
  /** The number as shown back to the user: only its last four digits. */
  maskedNumber: z.string(),
  attemptsLeft: z.number().int().nonnegative(),
});
export type DoQuickKycResult = z.output<typeof doQuickKycResult>;
