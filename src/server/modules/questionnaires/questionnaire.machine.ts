import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { TEMPLATE_CODES } from '../../../shared/questionnaires/index.ts';
import { defineMachine } from '../steps/steps.service.ts';

/**
 * §4 QUESTIONNAIRE_STATUS_* as a step table (decision 020): the subject is a user, each template code
 * a step. Nothing else writes a questionnaire's status.
 */
export const QuestionnaireEvent = {
  /** The user starts a questionnaire, or a rule or an event makes it due. */
  CREATE: 'CREATE',
  /** Answers sent: a review case opens (the system decides tests, profiles and agreements at once). */
  SUBMIT: 'SUBMIT',
  /** The user changes submitted answers before a reviewer takes the case. */
  AMEND: 'AMEND',
  /** A reviewer took the case: the answers are frozen. */
  LOCK: 'LOCK',
  APPROVE: 'APPROVE',
  /** A fail, or a reviewer's rejection (with a message: "tell us more"). */
  REJECT: 'REJECT',
  /** A new attempt or version after a decision (a failed test: after its cooling-off period). */
  RENEW: 'RENEW',
  /** A senior reviewer overrides the system's decision on a scored questionnaire (decision 052). */
  OVERRIDE_APPROVE: 'OVERRIDE_APPROVE',
  OVERRIDE_REJECT: 'OVERRIDE_REJECT',
} as const;
export type QuestionnaireEvent = (typeof QuestionnaireEvent)[keyof typeof QuestionnaireEvent];

const S = QuestionnaireStatus;
const E = QuestionnaireEvent;

export const QUESTIONNAIRE_MACHINE = defineMachine<QuestionnaireStatus, QuestionnaireEvent, string>({
  name: 'questionnaire',
  statuses: Object.values(S),
  events: Object.values(E),
  steps: TEMPLATE_CODES,
  transitions: {
    [S.QUESTIONNAIRE_STATUS_UNDEFINED]: { [E.CREATE]: S.QUESTIONNAIRE_STATUS_UNSUBMIT },
    [S.QUESTIONNAIRE_STATUS_UNSUBMIT]: { [E.SUBMIT]: S.QUESTIONNAIRE_STATUS_PENDING },
    [S.QUESTIONNAIRE_STATUS_PENDING]: {
      [E.AMEND]: S.QUESTIONNAIRE_STATUS_PENDING,
      [E.LOCK]: S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT,
      [E.APPROVE]: S.QUESTIONNAIRE_STATUS_APPROVED,
      [E.REJECT]: S.QUESTIONNAIRE_STATUS_REJECTED,
    },
    [S.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT]: { [E.APPROVE]: S.QUESTIONNAIRE_STATUS_APPROVED, [E.REJECT]: S.QUESTIONNAIRE_STATUS_REJECTED },
    [S.QUESTIONNAIRE_STATUS_APPROVED]: { [E.RENEW]: S.QUESTIONNAIRE_STATUS_UNSUBMIT, [E.OVERRIDE_REJECT]: S.QUESTIONNAIRE_STATUS_REJECTED },
    [S.QUESTIONNAIRE_STATUS_REJECTED]: { [E.RENEW]: S.QUESTIONNAIRE_STATUS_UNSUBMIT, [E.OVERRIDE_APPROVE]: S.QUESTIONNAIRE_STATUS_APPROVED },
  },
  initial: () => S.QUESTIONNAIRE_STATUS_UNDEFINED,
  audit: {
    entityType: 'questionnaire_step',
    entityId: (userId, code) => `${userId}:${code}`,
    action: (event) => `questionnaire.${event.toLowerCase()}`,
    describe: (code) => ({ templateCode: code }),
  },
  // Decision 050: due (made due, or a new attempt), decided, or another change (submitted, locked); an amendment changes no status.
  published: ({ subjectId, step, from, to, event }) =>
    from === to
      ? null
      : {
          type: event === E.CREATE || event === E.RENEW ? 'kyc.questionnaire.due' : event === E.APPROVE || event === E.REJECT ? 'kyc.questionnaire.decided' : 'kyc.questionnaire.status_changed',
          data: { userId: subjectId, templateCode: step, previousStatus: from, status: to, cause: event },
        },
});
