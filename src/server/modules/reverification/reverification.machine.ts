import { ReverificationTarget } from '../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus } from '../../../shared/kyc.ts';
import { defineMachine, reasonsOf } from '../steps/steps.service.ts';

/**
 * §4 re-verification status (DisplayUpdatePOIStatus_*) as a table for the generic steps module: the
 * subject is a user, the steps are the two documents that can be verified again (POI, POA). Every
 * status change goes through applyEvent with REVERIFICATION_MACHINE; nothing else writes one.
 */
export const ReverificationEvent = {
  /** A reviewer (or the user's EU reset) asks for the document again, with a reason and a deadline. */
  REQUEST: 'REQUEST',
  /** The user sends the new document (web capture or a vendor). */
  SUBMIT: 'SUBMIT',
  /** The update is approved: it becomes the verified document; nothing more is asked. */
  APPROVE: 'APPROVE',
  /** The update is rejected; the user may send another one. */
  REJECT: 'REJECT',
  /** The update is rejected for the DAILY_REJECTION_LIMIT-th time today: no more attempts until tomorrow. */
  REJECT_DAILY: 'REJECT_DAILY',
  /** A new (UTC) day began after a _Rejected_Daily: attempts are open again. */
  NEW_DAY: 'NEW_DAY',
  /** A reviewer withdraws the request before anything is under review. */
  CANCEL: 'CANCEL',
  /** A senior reviewer overrides a vendor's rejection (decision 022): the update becomes the verified document. */
  OVERRIDE_APPROVE: 'OVERRIDE_APPROVE',
  /** A senior reviewer overrides a vendor's approval: the update is rejected and the request open again. */
  OVERRIDE_REJECT: 'OVERRIDE_REJECT',
} as const;
export type ReverificationEvent = (typeof ReverificationEvent)[keyof typeof ReverificationEvent];

const S = DisplayUpdatePOIStatus;
const E = ReverificationEvent;
type Status = DisplayUpdatePOIStatus;

export const REVERIFICATION_TRANSITIONS: Readonly<Record<Status, Readonly<Partial<Record<ReverificationEvent, Status>>>>> = {
  // §4 _No: the panel is hidden; only a request changes that.
  [S.DisplayUpdatePOIStatus_No]: { [E.REQUEST]: S.DisplayUpdatePOIStatus_Needed, [E.OVERRIDE_REJECT]: S.DisplayUpdatePOIStatus_Rejected },
  // §4 _Needed: the verify button (app tip in Turkey).
  [S.DisplayUpdatePOIStatus_Needed]: { [E.SUBMIT]: S.DisplayUpdatePOIStatus_Pending, [E.CANCEL]: S.DisplayUpdatePOIStatus_No },
  // §4 _Pending: under review; the verified document and the level stay as they are until decided.
  [S.DisplayUpdatePOIStatus_Pending]: {
    [E.APPROVE]: S.DisplayUpdatePOIStatus_No,
    [E.REJECT]: S.DisplayUpdatePOIStatus_Rejected,
    [E.REJECT_DAILY]: S.DisplayUpdatePOIStatus_Rejected_Daily,
  },
  // §4 _Rejected: the reason and an active resubmit button.
  [S.DisplayUpdatePOIStatus_Rejected]: { [E.SUBMIT]: S.DisplayUpdatePOIStatus_Pending, [E.CANCEL]: S.DisplayUpdatePOIStatus_No, [E.OVERRIDE_APPROVE]: S.DisplayUpdatePOIStatus_No },
  // §4 _Rejected_Daily: the same notice, resubmit disabled until the next day.
  [S.DisplayUpdatePOIStatus_Rejected_Daily]: { [E.NEW_DAY]: S.DisplayUpdatePOIStatus_Rejected, [E.CANCEL]: S.DisplayUpdatePOIStatus_No, [E.OVERRIDE_APPROVE]: S.DisplayUpdatePOIStatus_No },
};

/** Statuses in which the user may send a new document now. */
export const ACCEPTS_SUBMISSION: ReadonlySet<Status> = new Set([S.DisplayUpdatePOIStatus_Needed, S.DisplayUpdatePOIStatus_Rejected]);
/** Statuses in which something is asked of the user (a deadline can pass). */
export const AWAITING_USER: ReadonlySet<Status> = new Set([S.DisplayUpdatePOIStatus_Needed, S.DisplayUpdatePOIStatus_Rejected, S.DisplayUpdatePOIStatus_Rejected_Daily]);

export const REVERIFICATION_MACHINE = defineMachine<Status, ReverificationEvent, ReverificationTarget>({
  name: 'reverification',
  statuses: Object.values(S),
  events: Object.values(E),
  steps: Object.values(ReverificationTarget),
  transitions: REVERIFICATION_TRANSITIONS,
  initial: () => S.DisplayUpdatePOIStatus_No,
  audit: {
    entityType: 'reverification_step',
    entityId: (userId, target) => `${userId}:${target}`,
    action: (event) => `reverification.${event.toLowerCase()}`,
    describe: (target) => ({ target }),
  },
  // Decision 050: a request, a decision, or another change of the status (submitted, a new day, cancelled).
  published: ({ subjectId, step, from, to, event, context }) => ({
    type: event === E.REQUEST ? 'kyc.reverification.requested' : DECIDING.has(event) ? 'kyc.reverification.decided' : 'kyc.reverification.status_changed',
    data: { userId: subjectId, target: step, previousStatus: from, status: to, cause: event, reasonCodes: reasonsOf(context) },
  }),
});

/** The events that decide an update. */
const DECIDING: ReadonlySet<ReverificationEvent> = new Set([E.APPROVE, E.REJECT, E.REJECT_DAILY, E.OVERRIDE_APPROVE, E.OVERRIDE_REJECT]);
