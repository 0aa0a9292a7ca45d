import { TransferPhase } from '../../../shared/api/identity-transfer.ts';
import { defineMachine } from '../steps/steps.service.ts';

/**
 * The identity transfer's table (decision 029) for the generic steps module: the subject is a
 * transfer, its one step TRANSFER. Every phase change goes through applyEvent with TRANSFER_MACHINE
 * (compare-and-set and audited there); the §4 status is STATUS_OF_PHASE of the phase.
 */
export const TransferEvent = {
  /** The source consents (POST /v1/kyc/identity). */
  CONSENT: 'CONSENT',
  /** The source's e-mailed code was right. */
  SOURCE_VERIFIED: 'SOURCE_VERIFIED',
  /** The target's code was right and no rule asks for a reviewer: the identity moves at once. */
  TARGET_VERIFIED: 'TARGET_VERIFIED',
  /** The target's code was right and a rule asks for a reviewer. */
  TARGET_VERIFIED_REVIEW: 'TARGET_VERIFIED_REVIEW',
  APPROVE: 'APPROVE',
  REJECT: 'REJECT',
  /** The source starts another transfer before this one was confirmed, or something it relied on changed. */
  CANCEL: 'CANCEL',
} as const;
export type TransferEvent = (typeof TransferEvent)[keyof typeof TransferEvent];

const P = TransferPhase;
const E = TransferEvent;

export const TRANSFER_TRANSITIONS: Readonly<Record<TransferPhase, Readonly<Partial<Record<TransferEvent, TransferPhase>>>>> = {
  [P.NONE]: { [E.CONSENT]: P.AWAITING_SOURCE_CODE },
  [P.AWAITING_SOURCE_CODE]: { [E.SOURCE_VERIFIED]: P.AWAITING_TARGET, [E.CANCEL]: P.CANCELLED },
  [P.AWAITING_TARGET]: { [E.TARGET_VERIFIED]: P.COMPLETED, [E.TARGET_VERIFIED_REVIEW]: P.IN_REVIEW, [E.CANCEL]: P.CANCELLED },
  // Under review neither side can withdraw: the reviewer decides.
  [P.IN_REVIEW]: { [E.APPROVE]: P.COMPLETED, [E.REJECT]: P.REJECTED },
  // Ends: a new transfer is a new subject.
  [P.COMPLETED]: {},
  [P.REJECTED]: {},
  [P.CANCELLED]: {},
};

export const TRANSFER_STEP = 'TRANSFER' as const;

export const TRANSFER_MACHINE = defineMachine<TransferPhase, TransferEvent, typeof TRANSFER_STEP>({
  name: 'identity_transfer',
  statuses: Object.values(P),
  events: Object.values(E),
  steps: [TRANSFER_STEP],
  transitions: TRANSFER_TRANSITIONS,
  initial: () => P.NONE,
  audit: {
    entityType: 'identity_transfer_step',
    entityId: (transferId) => transferId,
    action: (event) => `identity_transfer.${event.toLowerCase()}`,
    describe: () => ({}),
  },
});
