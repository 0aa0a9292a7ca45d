import { z } from 'zod';
import { isCountryCode } from '../countries.ts';
import { Provider, StepStatus, type VerifiableLevel } from '../kyc.ts';
import { ValidationMessage, visibleMultilineText } from '../validation.ts';
import type { DocumentKind } from '../kyc.ts';
import { ApplicationStatus, KycRule, type PersonalInfo, type ProofOfAddressType, type SelectableDocumentType } from './kyc.ts';

/**
 * The compliance console's API (beyond the spec): reviewers work a queue of pending KYC applications
 * and approve or reject them. Every route is for role `reviewer` only.
 */

/** A rejection either lets the user try again or closes the level for good. */
export const RejectMode = { RETRY: 'RETRY', FINAL: 'FINAL' } as const;
export type RejectMode = (typeof RejectMode)[keyof typeof RejectMode];

/**
 * The rejection-reason taxonomy. Users see the translated title and hint
 * (`kyc-reasons.<code>.title` / `.hint` in the user-accounts namespace); reviewers pick one.
 * `levels` says which levels a reason can be given for.
 */
export const REJECT_REASONS = {
  DOCUMENT_UNREADABLE: { levels: [1, 2] },
  DOCUMENT_INCOMPLETE: { levels: [1, 2] },
  DOCUMENT_EXPIRED: { levels: [1] },
  DOCUMENT_NOT_ACCEPTED: { levels: [1, 2] },
  SELFIE_UNCLEAR: { levels: [1] },
  SELFIE_MISMATCH: { levels: [1] },
  DATA_MISMATCH: { levels: [1] },
  UNDERAGE: { levels: [1] },
  ADDRESS_MISMATCH: { levels: [2] },
  PROOF_OF_ADDRESS_TOO_OLD: { levels: [2] },
  SUSPECTED_FRAUD: { levels: [1, 2] },
  DUPLICATE_ACCOUNT: { levels: [1] },
  RESTRICTED_JURISDICTION: { levels: [1, 2] },
  OTHER: { levels: [1, 2] },
} as const satisfies Record<string, { levels: readonly VerifiableLevel[] }>;
export type RejectReasonCode = keyof typeof REJECT_REASONS;
export const REJECT_REASON_CODES = Object.keys(REJECT_REASONS) as RejectReasonCode[];

export function reasonAppliesTo(code: RejectReasonCode, level: number): boolean {
  return (REJECT_REASONS[code].levels as readonly number[]).includes(level);
}

export const USER_MESSAGE_MAX_LENGTH = 500;
export const INTERNAL_NOTE_MAX_LENGTH = 2000;

const intFromQuery = (min: number, max: number) =>
  z.coerce.number({ error: ValidationMessage.TYPE }).int({ error: ValidationMessage.TYPE }).min(min, { error: ValidationMessage.RANGE }).max(max, { error: ValidationMessage.RANGE });

/** GET queue: oldest first; filters by level, country and provider; paged. */
export const consoleQueueQuery = z.object({
  status: z.enum(ApplicationStatus, { error: ValidationMessage.TYPE }).default(ApplicationStatus.PENDING),
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
  page: intFromQuery(1, 100_000).default(1),
  pageSize: intFromQuery(1, 100).default(20),
});
export type ConsoleQueueQuery = z.input<typeof consoleQueueQuery>;

export const applicationIdParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });

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
  userMessage: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .check(visibleMultilineText)
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(USER_MESSAGE_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
  internalNote: internalNoteField,
});
export type RejectRequest = z.input<typeof rejectRequest>;

// ---------------------------------------------------------------------------------------------
// Responses.
// ---------------------------------------------------------------------------------------------

export interface ConsoleReviewer {
  id: string;
  email: string;
  role: 'reviewer';
}

export interface ConsoleQueueItem {
  id: string;
  userId: string;
  email: string;
  level: VerifiableLevel;
  country: string;
  documentType: SelectableDocumentType | ProofOfAddressType;
  provider: Provider;
  status: ApplicationStatus;
  submittedAt: string;
}

export interface ConsoleQueuePage {
  items: ConsoleQueueItem[];
  total: number;
  page: number;
  pageSize: number;
}

export interface ConsoleDocument {
  id: string;
  kind: DocumentKind;
  mime: string;
  byteSize: number;
  width: number;
  height: number;
  createdAt: string;
  /** The reviewer's download address (served by the documents module). */
  downloadPath: string;
}

export interface ConsoleDecision {
  id: string;
  outcome: 'APPROVE' | 'REJECT';
  mode: RejectMode | null;
  reasonCode: RejectReasonCode | null;
  userMessage: string;
  internalNote: string;
  reviewerId: string;
  reviewerEmail: string;
  decidedAt: string;
}

export interface ConsoleHistoryEntry {
  at: string;
  actorType: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  before: unknown;
  after: unknown;
}

/** What the application was submitted with: personal data (level 1) or address + proof type (level 2). */
export interface ApplicationSnapshot {
  personalInfo: PersonalInfo;
  /** Level 1: issuing country and document type; a typed number only for BVN. */
  document?: { country: string; type: SelectableDocumentType; number: string };
  /** Level 2: what the proof of address is and its date, to compare with the address above. */
  proofOfAddress?: { type: ProofOfAddressType; issuedOn: string };
}

export interface ConsoleCase {
  application: ConsoleQueueItem & { decidedAt: string | null };
  user: { id: string; email: string; createdAt: string };
  /** The user's steps now (both levels). */
  steps: { level: VerifiableLevel; status: StepStatus }[];
  submitted: ApplicationSnapshot;
  documents: ConsoleDocument[];
  decision: ConsoleDecision | null;
  /** The user's earlier applications (most recent first), with their decisions. */
  previous: { id: string; level: VerifiableLevel; status: ApplicationStatus; submittedAt: string; decision: ConsoleDecision | null }[];
  /** The audit trail of this application and of the user's step for its level. */
  history: ConsoleHistoryEntry[];
}

export interface ConsoleDecisionResult {
  applicationId: string;
  status: ApplicationStatus;
  stepStatus: StepStatus;
  decision: ConsoleDecision;
}
