/**
 * Review cases (ARCHITECTURE §7, docs/decisions/014): anything a reviewer or a verification provider
 * decides is a case of one subject kind. Only KYC applications exist today; the other kinds are the
 * capabilities the spec names (re-verification, questionnaires, EDD, requests for information,
 * identity transfer, compliance tasks) and get a case handler when they are built.
 */
export const SubjectKind = {
  KYC_APPLICATION: 'KYC_APPLICATION',
  REVERIFICATION: 'REVERIFICATION',
  QUESTIONNAIRE: 'QUESTIONNAIRE',
  EDD: 'EDD',
  RFI: 'RFI',
  IDENTITY_TRANSFER: 'IDENTITY_TRANSFER',
  COMPLIANCE_TASK: 'COMPLIANCE_TASK',
  /** A potential sanctions/PEP list match of a verified user's name (decision 026). */
  SCREENING: 'SCREENING',
  /**
   * A console change of a member tag that lowers what the member must prove or lifts a limit (KYC '1',
   * KYB '1'): proposed by a senior reviewer, applied when a second one confirms (decision 036).
   */
  MEMBER_TAG: 'MEMBER_TAG',
} as const;
export type SubjectKind = (typeof SubjectKind)[keyof typeof SubjectKind];
export const SUBJECT_KINDS = Object.values(SubjectKind);

/** A case waits for a decision, then is approved or rejected, once. */
export const CaseStatus = { PENDING: 'PENDING', APPROVED: 'APPROVED', REJECTED: 'REJECTED' } as const;
export type CaseStatus = (typeof CaseStatus)[keyof typeof CaseStatus];

export const DecisionOutcome = { APPROVE: 'APPROVE', REJECT: 'REJECT' } as const;
export type DecisionOutcome = (typeof DecisionOutcome)[keyof typeof DecisionOutcome];

/**
 * A four-eyes proposal (decision 018): OPEN until a second reviewer CONFIRMS it (the decision is
 * made) or SENDS it BACK (the case returns to the proposer); SUPERSEDED when a provider or the system
 * decided the case meanwhile.
 */
export const ProposalStatus = { OPEN: 'OPEN', CONFIRMED: 'CONFIRMED', SENT_BACK: 'SENT_BACK', SUPERSEDED: 'SUPERSEDED' } as const;
export type ProposalStatus = (typeof ProposalStatus)[keyof typeof ProposalStatus];

/** Who decided: a reviewer (user id), a provider through its webhook (PROVIDER_…), or the system. */
export const DeciderType = { reviewer: 'reviewer', provider: 'provider', system: 'system' } as const;
export type DeciderType = (typeof DeciderType)[keyof typeof DeciderType];

/** The queue's assignee filter: anyone, nobody yet, the caller, or one reviewer (by id). */
export const AssigneeFilter = { ANY: 'any', UNASSIGNED: 'unassigned', ME: 'me' } as const;

/**
 * The queue's orders (decision 051): by waiting time (the default: pending oldest first, decided
 * newest first), level, country or kind; `-` turns the order round. Ties follow waiting time.
 */
export const QueueSort = {
  WAITING: 'waiting',
  WAITING_REVERSED: '-waiting',
  LEVEL: 'level',
  LEVEL_REVERSED: '-level',
  COUNTRY: 'country',
  COUNTRY_REVERSED: '-country',
  KIND: 'kind',
  KIND_REVERSED: '-kind',
} as const;
export type QueueSort = (typeof QueueSort)[keyof typeof QueueSort];
export const QUEUE_SORTS = Object.values(QueueSort);
