import type { RejectMode, RejectReasonCode } from '../../../shared/review-reasons.ts';
import type { CaseStatus, DecisionOutcome, DeciderType, SubjectKind } from '../../../shared/review.ts';
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
}

export interface ReviewDecision extends DecisionInput {
  id: string;
  caseId: string;
  decider: { type: DeciderType; id: string | null };
  decidedAt: string;
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
  page: number;
  pageSize: number;
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
    decidedAt: row.created_at,
  };
}

/** Seconds from opening to decision (null while pending): how long the user waited. */
export function secondsToDecision(c: Pick<ReviewCase, 'openedAt' | 'decidedAt'>): number | null {
  if (!c.decidedAt) return null;
  return Math.max(0, Math.round((Date.parse(c.decidedAt) - Date.parse(c.openedAt)) / 1000));
}

