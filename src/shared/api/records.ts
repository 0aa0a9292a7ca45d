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
  /** Questionnaires the caller answered (decision 020): every attempt, with the answers and the score. */
  questionnaires: z.array(
    z.object({
      templateCode: z.string(),
      templateVersion: z.number().int(),
      sceneCode: z.string(),
      attempt: z.number().int(),
      answers: z.record(z.string(), z.unknown()),
      submittedAt: z.string().nullable(),
      decidedAt: z.string().nullable(),
      outcome: z.string().nullable(),
      result: z.record(z.string(), z.unknown()).nullable(),
    }),
  ),
  /** Documents asked for again and what the caller sent (decision 017). */
  reverification: z.object({
    requests: z.array(z.object({ target: z.string(), reason: z.string(), message: z.string(), deadline: z.string(), status: z.string(), requestedAt: z.string(), closedAt: z.string().nullable() })),
    submissions: z.array(
      z.object({
        target: z.string(),
        provider: z.string(),
        country: z.string(),
        documentType: z.string(),
        documentNumber: z.string(),
        expiryDate: z.string(),
        issuedOn: z.string(),
        holder: z.record(z.string(), z.string()).nullable(),
        status: z.string(),
        submittedAt: z.string(),
        decidedAt: z.string().nullable(),
      }),
    ),
  }),
  /** Compliance tasks and the requests for information in them, with the caller's answers (decision 027). */
  compliance: z.object({
    tasks: z.array(z.object({ type: z.string(), region: z.string(), message: z.string(), dueDate: z.string(), status: z.string(), createdAt: z.string(), completedAt: z.string().nullable() })),
    requestsForInformation: z.array(
      z.object({ round: z.number().int(), question: z.string(), documentRequested: z.boolean(), status: z.string(), answerText: z.string(), answerDocumentIds: z.array(z.string()), askedAt: z.string(), answeredAt: z.string().nullable(), decidedAt: z.string().nullable() }),
    ),
  }),
  /** Enhanced due diligence rounds (decision 028): when and how each ended; the risk assessment behind them is not disclosed (decision 031). */
  eddRounds: z.array(z.object({ createdAt: z.string(), submittedAt: z.string().nullable(), decidedAt: z.string().nullable(), outcome: z.string().nullable() })),
  /** Identity transfers between the exchange's sites the caller took part in (decision 029). */
  identityTransfers: z.array(z.object({ role: z.enum(['SOURCE', 'TARGET']), sourceSite: z.string(), targetSite: z.string(), level: z.number().int(), createdAt: z.string(), completedAt: z.string().nullable() })),
  /** Agreements accepted, custody, affiliate binding, VIP invitations, notices acknowledged (decision 025). */
  accountExtras: z.object({
    agreements: z.array(z.object({ product: z.string(), version: z.number().int(), acceptedAt: z.string(), ip: z.string().nullable() })),
    custody: z.object({ custody: z.string(), entity: z.string(), since: z.string(), euMigration: z.string(), euMigratedAt: z.string().nullable() }).nullable(),
    affiliate: z.object({ affCode: z.string(), boundAt: z.string(), ip: z.string().nullable() }).nullable(),
    vipInvitations: z.array(z.object({ busType: z.string(), tier: z.string(), invitedAt: z.string() })),
    announcementsAcknowledged: z.array(z.object({ announcementId: z.string(), acknowledgedAt: z.string(), ip: z.string().nullable() })),
  }),
  /**
   * Every picture the caller gave, whatever it was for (identity documents, questionnaire evidence,
   * answers to requests for information), each downloadable by its owner (decision 041).
   */
  documents: z.array(z.object({ id: z.string(), kind: z.string(), level: z.number().int(), attachedTo: z.string().nullable(), mime: z.string(), byteSize: z.number().int(), createdAt: z.string(), downloadPath: z.string() })),
  /** The in-house capture (decision 023): "continue on your phone" links, and liveness checks with their moves and outcome. */
  capture: z.object({
    handoffs: z.array(z.object({ level: z.number().int(), step: z.string(), status: z.string(), createdAt: z.string(), openedAt: z.string().nullable(), finishedAt: z.string().nullable(), uploads: z.number().int() })),
    livenessChecks: z.array(z.object({ level: z.number().int(), moves: z.array(z.string()), status: z.string(), createdAt: z.string(), finishedAt: z.string().nullable(), frames: z.number().int() })),
  }),
  /** The server's face match of each selfie with a document front (decision 045): the pictures compared, the result and the model. */
  faceMatches: z.array(
    z.object({ level: z.number().int(), selfieDocumentId: z.string(), frontDocumentId: z.string(), score: z.number().int().nullable(), band: z.string().nullable(), missing: z.string().nullable(), model: z.string(), computedAt: z.string() }),
  ),
  /** Security checks of the caller's actions (risk intercepts, decision 029): the scene, the country the request came from, the outcome and the step asked for. */
  riskDecisions: z.array(z.object({ scene: z.string(), requestCountry: z.string(), decision: z.string(), stepCode: z.number().int().nullable(), createdAt: z.string() })),
});
export type UserDataExport = z.infer<typeof userDataExport>;
/** The parts of the export other modules than KYC and review hold (decisions 031, 041). */
export type UserDataSections = Pick<UserDataExport, 'questionnaires' | 'reverification' | 'compliance' | 'eddRounds' | 'identityTransfers' | 'accountExtras' | 'capture' | 'faceMatches' | 'riskDecisions'>;

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
