import { z } from '../zod.ts';
import { isCountryCode } from '../countries.ts';
import { DocumentType, Provider, StepStatus, type VerifiableLevel } from '../kyc.ts';
import { AssigneeFilter, CaseStatus, DecisionOutcome, DeciderType, ProposalStatus, QueueSort, SubjectKind } from '../review.ts';
import { ConsoleRole } from '../staff.ts';
import { ValidationMessage, visibleMultilineText } from '../validation.ts';
import { INTERNAL_NOTE_MAX_LENGTH, MAX_REJECT_REASONS, REJECT_REASON_CODES, RejectMode, USER_MESSAGE_MAX_LENGTH, type RejectReasonCode } from '../review-reasons.ts';
import { QUICK_KYC_ID_TYPES } from '../quick-kyc.ts';
import { KycRule } from './kyc-rules.ts';
import { savedPersonalInfo } from './personal-info.ts';
import { consoleDocument } from './console-document.ts';
import { reverificationSubject } from './reverification.ts';
import { questionnaireSubject } from './questionnaire-review.ts';
import { screeningSubject } from './screening.ts';
import { identityTransferSubject } from './identity-transfer.ts';
import { rfiSubject } from './compliance-tasks.ts';
import { eddSubject } from './edd.ts';
import { memberTagSubject } from './member-tag-change.ts';
import { decodeQueueCursor, type QueueCursor } from './queue-cursor.ts';

/**
 * The compliance console's API (beyond the spec; docs/decisions/010 and 014): reviewers work a queue
 * of review cases (KYC applications today), take a case, and approve or reject it. Every route is for
 * role `reviewer` only. Requests and replies are zod schemas: the server validates and serialises
 * with them, the web takes its types from them.
 */

// The rejection-reason taxonomy (modes, reasons, message lengths) is shared/review-reasons.ts.

const intFromQuery = (min: number, max: number) =>
  z.coerce.number({ error: ValidationMessage.TYPE }).int({ error: ValidationMessage.TYPE }).min(min, { error: ValidationMessage.RANGE }).max(max, { error: ValidationMessage.RANGE });

// ---------------------------------------------------------------------------------------------
// Requests.
// ---------------------------------------------------------------------------------------------

/**
 * GET cases: pending oldest first (decided: newest first); filters by subject kind, assignee
 * (`any`, `unassigned`, `me` or a reviewer's id), level, country and provider; paged.
 */
export const consoleQueueQuery = z.object({
  status: z.enum(CaseStatus, { error: ValidationMessage.TYPE }).default(CaseStatus.PENDING),
  kind: z.enum(SubjectKind, { error: ValidationMessage.TYPE }).optional(),
  assignee: z.union([z.enum(AssigneeFilter), z.uuid()], { error: ValidationMessage.TYPE }).default(AssigneeFilter.ANY),
  level: z
    .enum(['1', '2'], { error: ValidationMessage.TYPE })
    .transform((v) => Number(v) as VerifiableLevel)
    .optional(),
  country: z
    .string()
    .trim()
    .transform((v) => v.toUpperCase())
    .refine((v): boolean => isCountryCode(v), { error: KycRule.INVALID_COUNTRY })
    .optional(),
  provider: z.enum(Provider, { error: ValidationMessage.TYPE }).optional(),
  /** `true`: only cases whose four-eyes proposal awaits a second look (decision 018). */
  secondLook: z.enum(['true'], { error: ValidationMessage.TYPE }).optional(),
  /** The order (decision 051): waiting time (the default), level, country or kind; `-` reverses it. */
  sort: z.enum(QueueSort, { error: ValidationMessage.TYPE }).optional(),
  /**
   * The page's number as the console shows it ("Page 3 of 52"); without a cursor also where the page
   * starts (an old link). With a cursor, only for the total: the cursor says where the page starts.
   */
  page: intFromQuery(1, 100_000).default(1),
  pageSize: intFromQuery(1, 100).default(20),
  /** `nextCursor` or `prevCursor` of the page before (keyset paging, decision 024). */
  cursor: z
    .string()
    .max(400, { error: ValidationMessage.TYPE })
    .transform((text, ctx): QueueCursor => {
      const cursor = decodeQueueCursor(text);
      if (!cursor) {
        ctx.addIssue({ code: 'custom', message: ValidationMessage.TYPE });
        return z.NEVER;
      }
      return cursor;
    })
    .optional(),
});
export type ConsoleQueueQuery = z.input<typeof consoleQueueQuery>;

export const caseIdParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });

const internalNoteField = z
  .string({ error: ValidationMessage.TYPE })
  .trim()
  .check(visibleMultilineText)
  .max(INTERNAL_NOTE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
  .default('');

/** POST approve. */
export const approveRequest = z.preprocess((v) => v ?? {}, z.object({ internalNote: internalNoteField }));
export type ApproveRequest = z.input<typeof approveRequest>;

/** POST reject: a reason from the taxonomy, a message for the user, an internal note the user never sees. */
export const rejectRequest = z.object({
  mode: z.enum(RejectMode, { error: ValidationMessage.TYPE }),
  reasonCode: z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]], { error: ValidationMessage.TYPE }),
  /** Further reasons (decision 052): a rejection may have several; the user is shown each, translated. */
  reasonCodes: z
    .array(z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]], { error: ValidationMessage.TYPE }), { error: ValidationMessage.TYPE })
    .max(MAX_REJECT_REASONS, { error: ValidationMessage.MAX_LENGTH })
    .optional(),
  userMessage: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .check(visibleMultilineText)
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(USER_MESSAGE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
  internalNote: internalNoteField,
});
export type RejectRequest = z.input<typeof rejectRequest>;

/** POST assign / release: nothing to send (the caller is the reviewer). */
export const emptyRequest = z.preprocess((v) => v ?? {}, z.object({}));

// ---------------------------------------------------------------------------------------------
// Replies.
// ---------------------------------------------------------------------------------------------

const levelValue = z.union([z.literal(1), z.literal(2)]);
/** ApplicationStatus of api/kyc.ts, spelled out: the KYC contracts import this module, not the reverse. */
const applicationStatus = z.enum(['PENDING', 'APPROVED', 'REJECTED']);
const userRef = z.object({ id: z.string(), email: z.string() });

export const consoleReviewer = z.object({
  id: z.string(),
  email: z.string(),
  /** The console role (decision 018): what the console offers follows it; the server checks it on every call. */
  role: z.enum(ConsoleRole),
  /** The kinds of case this server can review (the queue's kind filter offers these). */
  subjectKinds: z.array(z.enum(SubjectKind)),
});
export type ConsoleReviewer = z.infer<typeof consoleReviewer>;

export const consoleQueueItem = z.object({
  /** The case id. */
  id: z.string(),
  kind: z.enum(SubjectKind),
  /** The subject's id (for KYC_APPLICATION: the application). */
  subjectId: z.string(),
  userId: z.string(),
  email: z.string(),
  level: levelValue.nullable(),
  country: z.string(),
  /** KYC applications: identity document type (level 1) or proof-of-address type (level 2). */
  documentType: z.string().nullable(),
  provider: z.string(),
  status: z.enum(CaseStatus),
  assignee: userRef.nullable(),
  openedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** From submission to decision (null while pending). */
  secondsToDecision: z.number().int().nonnegative().nullable(),
  /** Four-eyes: the proposal awaiting a second look, if any. */
  awaitingSecondLook: z.object({ proposer: userRef, outcome: z.enum(DecisionOutcome), proposedAt: z.string() }).nullable(),
});
export type ConsoleQueueItem = z.infer<typeof consoleQueueItem>;

export const consoleQueuePage = z.object({
  items: z.array(consoleQueueItem),
  total: z.number().int().nonnegative(),
  /** true: there are more than `total` cases (the count stops some way past the page; decision 024). */
  totalIsLowerBound: z.boolean(),
  page: z.number().int().positive(),
  pageSize: z.number().int().positive(),
  /** Where the following page starts, or null on the last page. */
  nextCursor: z.string().nullable(),
  /** Where the page before starts, or null on the first page. */
  prevCursor: z.string().nullable(),
});
export type ConsoleQueuePage = z.infer<typeof consoleQueuePage>;

/** A count that stops at the server's cap (decision 030): `atLeast` when there are more. */
export const boundedCount = z.object({ count: z.number().int().nonnegative(), atLeast: z.boolean() });
export type BoundedCount = z.infer<typeof boundedCount>;

/** One kind's pending work: how much, how old, how much waits for a second look. */
export const consoleWorkloadKind = z.object({
  kind: z.enum(SubjectKind),
  pending: boundedCount,
  /** Pending cases opened more than one day ago, and more than three days ago. */
  waitingOverOneDay: boundedCount,
  waitingOverThreeDays: boundedCount,
  /** When the oldest pending case was opened (null: none pending). */
  oldestOpenedAt: z.string().nullable(),
  /** Cases of this kind with a four-eyes proposal waiting for a second reviewer. */
  awaitingSecondLook: z.number().int().nonnegative(),
});
export type ConsoleWorkloadKind = z.infer<typeof consoleWorkloadKind>;

/** GET workload: the reviewers' dashboard, one row per kind this server reviews. */
export const consoleWorkload = z.object({ kinds: z.array(consoleWorkloadKind), asOf: z.string() });
export type ConsoleWorkload = z.infer<typeof consoleWorkload>;

export { consoleDocument, type ConsoleDocument } from './console-document.ts';

export const consoleDecision = z.object({
  id: z.string(),
  outcome: z.enum(DecisionOutcome),
  mode: z.enum(RejectMode).nullable(),
  reasonCode: z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]]).nullable(),
  userMessage: z.string(),
  internalNote: z.string(),
  /** Who decided: a reviewer (with e-mail), a provider (its PROVIDER_… name) or the system. */
  decider: z.object({ type: z.enum(DeciderType), id: z.string().nullable(), email: z.string().nullable() }),
  /** Four-eyes: the senior reviewer who confirmed the decider's proposal; null for a single-step decision. */
  confirmedBy: userRef.nullable(),
  decidedAt: z.string(),
  /** Every reason of a rejection (a vendor gives several; the first is `reasonCode`). */
  reasonCodes: z.array(z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]])),
  /** An override (decision 022): the decision this one replaced; null for the case's first. */
  supersedesId: z.string().nullable(),
  /** False once an override replaced it. */
  current: z.boolean(),
});
export type ConsoleDecision = z.infer<typeof consoleDecision>;

export const consoleHistoryEntry = z.object({
  at: z.string(),
  actorType: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string().nullable(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ConsoleHistoryEntry = z.infer<typeof consoleHistoryEntry>;

/** What the application was submitted with: personal data (level 1) or address + proof type (level 2). */
export const applicationSnapshot = z.object({
  /** Personal information as it was submitted (a reply shape: the input rules of the day do not apply). */
  personalInfo: savedPersonalInfo,
  /** Level 1: issuing country and document type; a typed number only for BVN. */
  document: z.object({ country: z.string(), type: z.enum(DocumentType), number: z.string() }).optional(),
  /** Level 2: what the proof of address is and its date, to compare with the address above. */
  proofOfAddress: z.object({ type: z.enum(['BANK_STATEMENT', 'UTILITY_BILL']), issuedOn: z.string() }).optional(),
  /** Verified by a vendor: which one, and its applicant / workflow id (the evidence lives there). */
  vendor: z.object({ provider: z.enum(Provider), externalId: z.string() }).optional(),
  /** Quick KYC (decision 019): the number type checked, the vendor's check id and what the registry said. */
  nonDoc: z.object({ idType: z.enum(QUICK_KYC_ID_TYPES), checkId: z.string(), registry: z.enum(['MATCH', 'MISMATCH', 'NOT_FOUND']) }).optional(),
});
export type ApplicationSnapshot = z.infer<typeof applicationSnapshot>;

/** The subject of a KYC_APPLICATION case: the application with what it was submitted with. */
export const kycApplicationSubject = z.object({
  kind: z.literal(SubjectKind.KYC_APPLICATION),
  application: z.object({
    id: z.string(),
    level: levelValue,
    country: z.string(),
    documentType: z.string(),
    provider: z.enum(Provider),
    status: applicationStatus,
    submittedAt: z.string(),
    decidedAt: z.string().nullable(),
  }),
  /** The user's steps now (both levels). */
  steps: z.array(z.object({ level: levelValue, status: z.enum(StepStatus) })),
  submitted: applicationSnapshot,
  documents: z.array(consoleDocument),
  /** The user's other applications (most recent first), with their cases' decisions. */
  previous: z.array(
    z.object({
      id: z.string(),
      caseId: z.string().nullable(),
      level: levelValue,
      status: applicationStatus,
      submittedAt: z.string(),
      decision: consoleDecision.nullable(),
    }),
  ),
});

/** A four-eyes proposal (decision 018): what the first reviewer proposed and what became of it. */
export const consoleProposal = z.object({
  id: z.string(),
  outcome: z.enum(DecisionOutcome),
  mode: z.enum(RejectMode).nullable(),
  reasonCode: z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]]).nullable(),
  /** Every reason of a proposed rejection, the first being reasonCode (decision 052); [] for an approval. */
  reasonCodes: z.array(z.enum(REJECT_REASON_CODES as [RejectReasonCode, ...RejectReasonCode[]])),
  userMessage: z.string(),
  internalNote: z.string(),
  proposer: userRef,
  proposedAt: z.string(),
  status: z.enum(ProposalStatus),
  resolvedBy: userRef.nullable(),
  resolvedAt: z.string().nullable(),
  resolutionNote: z.string(),
  /** An override's proposal: the decision it would replace (decision 022); null for a first decision. */
  supersedesId: z.string().nullable(),
});
export type ConsoleProposal = z.infer<typeof consoleProposal>;

export const consoleCase = z.object({
  case: consoleQueueItem,
  user: z.object({ id: z.string(), email: z.string(), createdAt: z.string() }),
  /** What is decided; one shape per subject kind (KYC applications, re-verification updates, questionnaires). */
  subject: z.discriminatedUnion('kind', [kycApplicationSubject, reverificationSubject, questionnaireSubject, screeningSubject, identityTransferSubject, rfiSubject, eddSubject, memberTagSubject]),
  /** The case's current decision. */
  decision: consoleDecision.nullable(),
  /** Every decision of the case, oldest first: a provider's and the override that replaced it (decision 022). */
  decisions: z.array(consoleDecision),
  /** Four-eyes proposals of the case, newest first (an OPEN one awaits a second look). */
  proposals: z.array(consoleProposal),
  /** The audit trail of the case, its subject and the user's step for its level. */
  history: z.array(consoleHistoryEntry),
  /** The user's other cases, newest first (at most USER_CASES_SHOWN): what was asked and decided before. */
  userCases: z.array(consoleQueueItem.pick({ id: true, kind: true, level: true, status: true, openedAt: true, decidedAt: true })),
});
export type ConsoleCase = z.infer<typeof consoleCase>;
/** How many of the user's other cases a case page lists. */
export const USER_CASES_SHOWN = 20;

export const consoleDecisionResult = z.object({
  caseId: z.string(),
  status: z.enum(CaseStatus),
  /** What the decision made of the subject (for a KYC application: the level's step status); null while proposed. */
  subjectStatus: z.string().nullable(),
  /** The decision; null when four-eyes made it a proposal (see `proposal`). */
  decision: consoleDecision.nullable(),
  /** Four-eyes: the proposal that awaits a second look (or was just sent back); null for a decision. */
  proposal: consoleProposal.nullable(),
});
export type ConsoleDecisionResult = z.infer<typeof consoleDecisionResult>;

/** Reply of assign / release: the case as it now is. */
export const consoleAssignResult = z.object({ case: consoleQueueItem });
export type ConsoleAssignResult = z.infer<typeof consoleAssignResult>;

/** POST confirm (four-eyes): an optional remark of the confirming reviewer. */
export const confirmRequest = z.preprocess((v) => v ?? {}, z.object({ note: internalNoteField }));
export type ConfirmRequest = z.input<typeof confirmRequest>;

/** POST send-back (four-eyes): why, for the proposer (required). */
export const sendBackRequest = z.object({
  note: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .check(visibleMultilineText)
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(INTERNAL_NOTE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
});
export type SendBackRequest = z.input<typeof sendBackRequest>;

/** Why a reviewer overrides a provider (decision 022): required, kept as the decision's internal note. */
const overrideReasonField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .check(visibleMultilineText)
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(INTERNAL_NOTE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH });

/**
 * POST override (decision 022, senior reviewers): a new decision replacing a provider's — an
 * approval, or a rejection with a mode, a reason, a message for the user — and why (required).
 */
export const overrideRequest = z.discriminatedUnion(
  'outcome',
  [
    z.object({ outcome: z.literal(DecisionOutcome.APPROVE), internalNote: overrideReasonField }),
    rejectRequest.extend({ outcome: z.literal(DecisionOutcome.REJECT), internalNote: overrideReasonField }),
  ],
  { error: ValidationMessage.TYPE },
);
export type OverrideRequest = z.input<typeof overrideRequest>;
