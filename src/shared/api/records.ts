import { z } from '../zod.ts';
import { ValidationMessage } from '../validation.ts';
import { CONSOLE_ROLES, ConsoleRole } from '../staff.ts';
import { applicationSnapshot } from './console.ts';
import { savedPersonalInfo } from './personal-info.ts';

/**
 * Records a regulator trusts (issue 18, docs/decisions/018): the user's data export and erasure
 * request (account area), and the console's administration of roles, the audit trail check and the
 * retention runs. Requests and replies are zod schemas shared by the server and the web.
 */

// ---------------------------------------------------------------------------------------------
// The user's own data.
// ---------------------------------------------------------------------------------------------

/** GET data-export: everything the account area holds about the caller, machine-readable. Never internal notes. */
export const userDataExport = z.object({
  format: z.literal('user-accounts/data-export/v1'),
  exportedAt: z.string(),
  account: z.object({ id: z.string(), email: z.string(), createdAt: z.string() }),
  personalInfo: savedPersonalInfo.nullable(),
  applications: z.array(
    z.object({
      id: z.string(),
      level: z.number().int(),
      provider: z.string(),
      country: z.string(),
      documentType: z.string(),
      status: z.string(),
      submittedAt: z.string(),
      decidedAt: z.string().nullable(),
      /** What was submitted; null once erased under the retention rules. */
      submitted: applicationSnapshot.nullable(),
      documents: z.array(z.object({ id: z.string(), kind: z.string(), mime: z.string(), byteSize: z.number(), createdAt: z.string(), downloadPath: z.string() })),
    }),
  ),
  /** Decisions on the caller's cases: outcome, reason and the message to them; who decided by kind only. */
  decisions: z.array(
    z.object({
      caseId: z.string(),
      kind: z.string(),
      level: z.number().int().nullable(),
      outcome: z.string(),
      mode: z.string().nullable(),
      reasonCode: z.string().nullable(),
      userMessage: z.string(),
      decidedBy: z.string(),
      decidedAt: z.string(),
    }),
  ),
  erasureRequests: z.array(z.object({ requestedAt: z.string(), outcome: z.string(), reason: z.string().nullable(), keepUntil: z.string().nullable(), erasedAt: z.string().nullable() })),
});
export type UserDataExport = z.infer<typeof userDataExport>;

/** What became of an erasure request. */
export const ErasureOutcome = {
  /** Nothing had to be kept: the data is erased and the account closed. */
  ERASED: 'ERASED',
  /** The account is closed; the law requires keeping the verification data until `keepUntil`, then it is erased. */
  RETAINED: 'RETAINED',
  /** Nothing changed: see the reason. */
  REFUSED: 'REFUSED',
} as const;
export type ErasureOutcome = (typeof ErasureOutcome)[keyof typeof ErasureOutcome];

export const ErasureReason = {
  /** A verification is being reviewed: it must be decided first. */
  REVIEW_PENDING: 'REVIEW_PENDING',
  /** A verified customer: anti-money-laundering law keeps the records for years after the account closes. */
  CUSTOMER_RECORDS: 'CUSTOMER_RECORDS',
  /** A rejected applicant: the records are kept for some months after the decision. */
  REJECTED_APPLICANT: 'REJECTED_APPLICANT',
} as const;
export type ErasureReason = (typeof ErasureReason)[keyof typeof ErasureReason];

/** POST erasure-request: the caller confirms with the word the page asks for. */
export const erasureRequest = z.object({ confirm: z.literal('ERASE', { error: ValidationMessage.REQUIRED }) });
export type ErasureRequest = z.input<typeof erasureRequest>;

export const erasureResult = z.object({
  outcome: z.enum(ErasureOutcome),
  reason: z.enum(ErasureReason).nullable(),
  keepUntil: z.string().nullable(),
});
export type ErasureResult = z.infer<typeof erasureResult>;

// ---------------------------------------------------------------------------------------------
// Console administration.
// ---------------------------------------------------------------------------------------------

export const staffMember = z.object({ id: z.string(), email: z.string(), role: z.enum(ConsoleRole), updatedAt: z.string().nullable() });
export type StaffMember = z.infer<typeof staffMember>;

export const staffList = z.object({ items: z.array(staffMember) });
export type StaffList = z.infer<typeof staffList>;

export const staffIdParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });

export const staffRoleRequest = z.object({ role: z.enum(CONSOLE_ROLES as [ConsoleRole, ...ConsoleRole[]], { error: ValidationMessage.TYPE }) });
export type StaffRoleRequest = z.input<typeof staffRoleRequest>;

export const auditChainReport = z.object({
  ok: z.boolean(),
  entries: z.number().int().nonnegative(),
  streams: z.number().int().nonnegative(),
  brokenStreams: z.number().int().nonnegative(),
  firstBroken: z
    .object({
      stream: z.string(),
      entryId: z.string().nullable(),
      seq: z.number().int().nullable(),
      at: z.string().nullable(),
      problem: z.enum(['HASH_MISMATCH', 'PAYLOAD_MISMATCH', 'LINK_BROKEN', 'HEAD_MISMATCH', 'UNCHAINED']),
    })
    .nullable(),
  checkedAt: z.string(),
});
export type AuditChainReport = z.infer<typeof auditChainReport>;

export const retentionOverview = z.object({
  customerYears: z.number().int(),
  rejectedMonths: z.number().int(),
  jobIntervalMinutes: z.number().int(),
  runs: z.array(z.object({ id: z.string(), startedAt: z.string(), finishedAt: z.string(), summary: z.record(z.string(), z.number()) })),
});
export type RetentionOverview = z.infer<typeof retentionOverview>;
