import { EDDStatus } from '../../../shared/kyc.ts';
import { defineMachine, reasonsOf } from '../steps/steps.service.ts';

/**
 * §4 enhanced due diligence status (EDDStatus_*) as a table for the generic steps module (decision
 * 028): the subject is a user, with one step (EDD). Every status change goes through applyEvent with
 * EDD_MACHINE; nothing else writes one.
 */
export const EddEvent = {
  /** A risk rule (or a reviewer) puts the user into enhanced due diligence: the questionnaires are due. */
  REQUIRE: 'REQUIRE',
  /** Every questionnaire of the round is submitted: the EDD review case opens. */
  SUBMIT: 'SUBMIT',
  /** A reviewer (four-eyes where configured) accepts the answers and evidence. */
  PASS: 'PASS',
  /** A reviewer rejects them (for good, or asking for a new round). */
  REJECT: 'REJECT',
  /** After a rejection that allows it, the user starts a new round (answers again). */
  RENEW: 'RENEW',
} as const;
export type EddEvent = (typeof EddEvent)[keyof typeof EddEvent];

export const EDD_STEP = 'EDD';
export type EddStep = typeof EDD_STEP;

const S = EDDStatus;
const E = EddEvent;

export const EDD_TRANSITIONS: Readonly<Record<EDDStatus, Readonly<Partial<Record<EddEvent, EDDStatus>>>>> = {
  // Never in EDD: only a rule or a reviewer changes that.
  [S.EDDStatus_Unknown]: { [E.REQUIRE]: S.EDDStatus_UnSubmit },
  // The questionnaires wait for the user.
  [S.EDDStatus_UnSubmit]: { [E.SUBMIT]: S.EDDStatus_Reviewing },
  // Under review: answers frozen until a decision.
  [S.EDDStatus_Reviewing]: { [E.PASS]: S.EDDStatus_Pass, [E.REJECT]: S.EDDStatus_Reject },
  // Passed: final. The answered questionnaires are approved and are not asked again (their engine
  // only starts a new attempt of an approved form for a new template version).
  [S.EDDStatus_Pass]: {},
  // Rejected: a new round where the reviewer allowed one (RejectMode RETRY); the service refuses RENEW after a FINAL rejection.
  [S.EDDStatus_Reject]: { [E.RENEW]: S.EDDStatus_UnSubmit },
};

/** Statuses in which something is asked of the user (kyc-info and the overview point there). */
export const AWAITING_USER: ReadonlySet<EDDStatus> = new Set([S.EDDStatus_UnSubmit]);

export const EDD_MACHINE = defineMachine<EDDStatus, EddEvent, EddStep>({
  name: 'edd',
  statuses: Object.values(S),
  events: Object.values(E),
  steps: [EDD_STEP],
  transitions: EDD_TRANSITIONS,
  initial: () => S.EDDStatus_Unknown,
  audit: {
    entityType: 'edd_step',
    entityId: (userId) => userId,
    action: (event) => `edd.${event.toLowerCase()}`,
  },
  // Decision 050.
  published: ({ subjectId, from, to, event, context }) => ({ type: 'kyc.edd.status_changed', data: { userId: subjectId, previousStatus: from, status: to, cause: event, reasonCodes: reasonsOf(context) } }),
});
