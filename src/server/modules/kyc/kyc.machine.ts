import { KycLevel, StepStatus, StepType, type VerifiableLevel } from '../../../shared/kyc.ts';
import type { KycStateItem } from '../../../shared/api/kyc-info.ts';
import { defineMachine, reasonsOf } from '../steps/steps.service.ts';

/**
 * The KYC levels' step machine (§4 step statuses), as data for the generic steps module.
 * `TRANSITIONS[status][event]` is the next status; an event missing there is refused (WRONG_STATE).
 * Every change goes through the steps module's applyEvent with KYC_LEVEL_MACHINE; nothing else
 * writes a level's status.
 */
export const StepEvent = {
  /** The level's prerequisite is met (level 1: none; level 2: level 1 SUCCESS). */
  UNLOCK: 'UNLOCK',
  /** The user sends an application for review. */
  SUBMIT: 'SUBMIT',
  /** A reviewer approves the pending application. */
  APPROVE: 'APPROVE',
  /** A reviewer rejects it; the user may try again. */
  REJECT_RETRY: 'REJECT_RETRY',
  /** A reviewer rejects it for good. */
  REJECT_FINAL: 'REJECT_FINAL',
  /** The user starts the level over after a retryable rejection. */
  SELF_RESET: 'SELF_RESET',
  /** Verification became unavailable for the user (residence country disabled). */
  DISABLE: 'DISABLE',
  /** It became available again; the level is then locked until its prerequisite unlocks it. */
  ENABLE: 'ENABLE',
  /**
   * A senior reviewer overrides a verification provider's decision (decision 022): a provider's
   * rejection becomes an approval, its approval a rejection, or the rejection's mode changes.
   */
  OVERRIDE_APPROVE: 'OVERRIDE_APPROVE',
  OVERRIDE_REJECT_RETRY: 'OVERRIDE_REJECT_RETRY',
  OVERRIDE_REJECT_FINAL: 'OVERRIDE_REJECT_FINAL',
  /** The prerequisite was withdrawn (an override rejected the level below) before the level was started. */
  LOCK: 'LOCK',
  /**
   * The level arrives verified from the user's account on another site (an identity transfer,
   * decision 029): only where nothing is pending or decided for good on this account.
   */
  TRANSFER_IN: 'TRANSFER_IN',
} as const;
export type StepEvent = (typeof StepEvent)[keyof typeof StepEvent];

const S = StepStatus;
const E = StepEvent;

export const TRANSITIONS: Readonly<Record<StepStatus, Readonly<Partial<Record<StepEvent, StepStatus>>>>> = {
  [S.NOT_ALLOW]: { [E.UNLOCK]: S.ALLOW, [E.DISABLE]: S.CERTIFICATION_DISABLED, [E.TRANSFER_IN]: S.SUCCESS },
  [S.ALLOW]: { [E.SUBMIT]: S.PENDING, [E.DISABLE]: S.CERTIFICATION_DISABLED, [E.LOCK]: S.NOT_ALLOW, [E.TRANSFER_IN]: S.SUCCESS },
  [S.PENDING]: { [E.APPROVE]: S.SUCCESS, [E.REJECT_RETRY]: S.FAILED_AND_CAN_RETRY, [E.REJECT_FINAL]: S.FAILED_AND_CAN_NOT_RETRY },
  // Reached levels stay reached and a final rejection is final — unless a senior reviewer
  // overrides the verification provider that decided it (decision 022).
  [S.SUCCESS]: { [E.OVERRIDE_REJECT_RETRY]: S.FAILED_AND_CAN_RETRY, [E.OVERRIDE_REJECT_FINAL]: S.FAILED_AND_CAN_NOT_RETRY },
  [S.FAILED_AND_CAN_RETRY]: {
    [E.SUBMIT]: S.PENDING,
    [E.SELF_RESET]: S.ALLOW,
    [E.DISABLE]: S.CERTIFICATION_DISABLED,
    [E.OVERRIDE_APPROVE]: S.SUCCESS,
    [E.OVERRIDE_REJECT_FINAL]: S.FAILED_AND_CAN_NOT_RETRY,
    [E.TRANSFER_IN]: S.SUCCESS,
  },
  [S.FAILED_AND_CAN_NOT_RETRY]: { [E.OVERRIDE_APPROVE]: S.SUCCESS, [E.OVERRIDE_REJECT_RETRY]: S.FAILED_AND_CAN_RETRY },
  [S.CERTIFICATION_DISABLED]: { [E.ENABLE]: S.NOT_ALLOW },
};

/** The next status, or null when the event is not allowed in `status`. */
export function nextStatus(status: StepStatus, event: StepEvent): StepStatus | null {
  return TRANSITIONS[status]?.[event] ?? null;
}

export const LEVELS: readonly VerifiableLevel[] = [KycLevel.LEVEL_1, KycLevel.LEVEL_2];

/** Each level's prerequisite: nothing skips a step. */
export const PREREQUISITE: Readonly<Record<VerifiableLevel, VerifiableLevel | null>> = { 1: null, 2: 1 };

export type StoredSteps = Record<VerifiableLevel, StepStatus>;

/** Every level starts NOT_ALLOW; a level without a prerequisite is unlocked from the start. */
export const INITIAL_STATUS: StepStatus = S.NOT_ALLOW;
export function defaultStatus(level: VerifiableLevel): StepStatus {
  return PREREQUISITE[level] === null ? nextStatus(INITIAL_STATUS, E.UNLOCK)! : INITIAL_STATUS;
}

/** Whether `level`'s prerequisite is met in `steps`. */
export function prerequisiteMet(level: VerifiableLevel, steps: StoredSteps): boolean {
  const pre = PREREQUISITE[level];
  return pre === null || steps[pre] === S.SUCCESS;
}

/** The highest level whose step is SUCCESS (LEVEL_DEFAULT when none). */
export function reachedLevel(steps: StoredSteps): KycLevel {
  if (steps[2] === S.SUCCESS && steps[1] === S.SUCCESS) return KycLevel.LEVEL_2;
  if (steps[1] === S.SUCCESS) return KycLevel.LEVEL_1;
  return KycLevel.LEVEL_DEFAULT;
}

/**
 * Events that bring stored steps in line with availability (the residence country disabled or not),
 * in the order to apply them. Disabling touches only levels where the table allows it (not a pending
 * review, not a reached or finally rejected level); re-enabling locks the level, then unlocks it when
 * its prerequisite is met.
 */
export function availabilityEvents(steps: StoredSteps, disabled: boolean): { level: VerifiableLevel; event: StepEvent }[] {
  const out: { level: VerifiableLevel; event: StepEvent }[] = [];
  const after: StoredSteps = { ...steps };
  for (const level of LEVELS) {
    if (disabled) {
      if (nextStatus(after[level], E.DISABLE)) {
        out.push({ level, event: E.DISABLE });
        after[level] = nextStatus(after[level], E.DISABLE)!;
      }
    } else if (after[level] === S.CERTIFICATION_DISABLED) {
      out.push({ level, event: E.ENABLE });
      after[level] = nextStatus(after[level], E.ENABLE)!;
      if (prerequisiteMet(level, after)) {
        out.push({ level, event: E.UNLOCK });
        after[level] = nextStatus(after[level], E.UNLOCK)!;
      }
    }
  }
  return out;
}

/**
 * §4: the state list as shown. When KYC is not opened, or the member's KYC tag is '1', both steps
 * show NOT_ALLOW with type INDIVIDUAL, whatever is stored.
 */
export function displayedSteps(steps: StoredSteps, ctx: { opened: boolean; noSteps: boolean }): KycStateItem[] {
  return LEVELS.map((level) => ({
    level,
    status: !ctx.opened || ctx.noSteps ? S.NOT_ALLOW : steps[level],
    type: StepType.INDIVIDUAL,
  }));
}

/** A level as a step of the machine ("1", "2"): steps are stored as text for every machine. */
export type LevelStep = `${VerifiableLevel}`;
export const stepOf = (level: VerifiableLevel): LevelStep => `${level}`;

/** The generic machine's view of the table: the levels are its steps, a user is its subject. */
export const KYC_LEVEL_MACHINE = defineMachine<StepStatus, StepEvent, LevelStep>({
  name: 'kyc_level',
  statuses: Object.values(S),
  events: Object.values(E),
  steps: LEVELS.map(stepOf),
  transitions: TRANSITIONS,
  initial: (step) => defaultStatus(Number(step) as VerifiableLevel),
 // Nothing skips a step: unlocking, submitting, an override's approval and a transferred level need the previous level reached.
  guard: (step, event, current) => {
    const level = Number(step) as VerifiableLevel;
    if ((event === E.UNLOCK || event === E.SUBMIT || event === E.OVERRIDE_APPROVE || event === E.TRANSFER_IN) && !prerequisiteMet(level, asStoredSteps(current))) return `level ${level} needs level ${PREREQUISITE[level]} first`;
    return null;
  },
  // The same audit entity, id and shape as before the steps module existed (the console's history reads them).
  audit: {
    entityType: 'kyc_step',
    entityId: (userId, step) => `${userId}:${step}`,
    action: (event) => `kyc.step.${event.toLowerCase()}`,
    describe: (step) => ({ level: Number(step) }),
  },
  // Every level status change is `kyc.level.status_changed` (decision 050), whoever made it.
  published: ({ subjectId, step, from, to, event, context }) => ({
    type: 'kyc.level.status_changed',
    data: { userId: subjectId, level: Number(step), previousStatus: from, status: to, cause: event, reasonCodes: reasonsOf(context), applicationId: typeof context.applicationId === 'string' ? context.applicationId : null },
  }),
});

/** The machine's statuses keyed by step text, as the levels' record ({ 1: …, 2: … } is the same object). */
export function asStoredSteps(current: Readonly<Record<LevelStep, StepStatus>>): StoredSteps {
  return { 1: current['1'], 2: current['2'] };
}
