import type { QueueCursor } from '../../../shared/api/queue-cursor.ts';
import type { RejectMode, RejectReasonCode } from '../../../shared/review-reasons.ts';
import type { CaseStatus, DecisionOutcome, DeciderType, ProposalStatus, QueueSort, SubjectKind } from '../../../shared/review.ts';
import type * as repo from './review.repo.ts';

/** The review module's model: cases and decisions as other modules see them, and the row mappers. */

/** A case as other modules see it. */
export interface ReviewCase {
  id: string;
  subjectKind: SubjectKind;
  subjectId: string;
  userId: string;
  status: CaseStatus;
  assigneeId: string | null;
  level: number | null;
  country: string;
  provider: string;
  openedAt: string;
  decidedAt: string | null;
}

/** What a decider says. Rejections carry a mode and a reason of the taxonomy. */
export interface DecisionInput {
  outcome: DecisionOutcome;
  mode: RejectMode | null;
  reasonCode: RejectReasonCode | null;
  /** Shown to the user (rejections); may be empty. */
  userMessage: string;
  /** Never shown to the user. */
  internalNote: string;
  /** Every reason when the decider gives several (a vendor); the first is `reasonCode`. */
  reasonCodes?: readonly RejectReasonCode[];
}

export interface ReviewDecision extends DecisionInput {
  id: string;
  caseId: string;
  decider: { type: DeciderType; id: string | null };
  /** Four-eyes: the senior reviewer who confirmed the decider's proposal; null for a single-step decision. */
  confirmedBy: string | null;
  decidedAt: string;
  /** An override (decision 022): the decision this one replaced; null for a case's first decision. */
  supersedesId: string | null;
  /** False once a later decision replaced this one. */
  current: boolean;
}

/** The first look of a four-eyes decision (decision 018). */
export interface ReviewProposal extends DecisionInput {
  id: string;
  caseId: string;
  proposerId: string;
  proposedAt: string;
  status: ProposalStatus;
  resolvedBy: string | null;
  resolvedAt: string | null;
  /** Why it was sent back (or the confirmer's remark). */
  resolutionNote: string;
  /** An override proposal: the decision it would replace; null for a pending case's first decision. */
  supersedesId: string | null;
}

export interface OpenCaseInput {
  kind: SubjectKind;
  subjectId: string;
  userId: string;
  level?: number | null;
  country?: string;
  provider?: string;
  openedAt?: string;
}

export interface QueueInput {
  status: CaseStatus;
  kind?: SubjectKind;
  level?: number;
  country?: string;
  provider?: string;
  /** undefined: anyone's; null: unassigned; an id: that reviewer's. */
  assigneeId?: string | null;
  /** true: only cases whose proposal awaits a second look. */
  awaitingSecondLook?: boolean;
  page: number;
  pageSize: number;
  /** Where the page starts (keyset paging); without it, at `page`'s position. */
  cursor?: QueueCursor;
  /** The order (decision 051); absent: by waiting time. */
  sort?: QueueSort;
}

export function toCase(row: repo.CaseRow): ReviewCase {
  return {
    id: row.id,
    subjectKind: row.subject_kind as SubjectKind,
    subjectId: row.subject_id,
    userId: row.user_id,
    status: row.status as CaseStatus,
    assigneeId: row.assignee_id,
    level: row.level,
    country: row.country,
    provider: row.provider,
    openedAt: row.opened_at,
    decidedAt: row.decided_at,
  };
}

export function toDecision(row: repo.DecisionRow): ReviewDecision {
  return {
    id: row.id,
    caseId: row.case_id,
    decider: { type: row.actor_type as DeciderType, id: row.actor_id },
    outcome: row.outcome as DecisionOutcome,
    mode: row.mode as RejectMode | null,
    reasonCode: row.reason_code as RejectReasonCode | null,
    userMessage: row.user_message,
    internalNote: row.internal_note,
    confirmedBy: row.confirmed_by,
    decidedAt: row.created_at,
    reasonCodes: row.reason_codes ? (JSON.parse(row.reason_codes) as RejectReasonCode[]) : row.reason_code ? [row.reason_code as RejectReasonCode] : [],
    supersedesId: row.supersedes_id,
    current: row.current_key !== null,
  };
}

export function toProposal(row: repo.ProposalRow): ReviewProposal {
  return {
    id: row.id,
    caseId: row.case_id,
    proposerId: row.proposer_id,
    outcome: row.outcome as DecisionOutcome,
    mode: row.mode as RejectMode | null,
    reasonCode: row.reason_code as RejectReasonCode | null,
    ...(row.reason_codes ? { reasonCodes: JSON.parse(row.reason_codes) as RejectReasonCode[] } : {}),
    userMessage: row.user_message,
    internalNote: row.internal_note,
    proposedAt: row.proposed_at,
    status: row.status as ProposalStatus,
    resolvedBy: row.resolved_by,
    resolvedAt: row.resolved_at,
    resolutionNote: row.resolution_note,
    supersedesId: row.supersedes_id ?? null,
  };
}

/** Seconds from opening to decision (null while pending): how long the user waited. */
export function secondsToDecision(c: Pick<ReviewCase, 'openedAt' | 'decidedAt'>): number | null {
  if (!c.decidedAt) return null;
  return Math.max(0, Math.round((Date.parse(c.decidedAt) - Date.parse(c.openedAt)) / 1000));
}

