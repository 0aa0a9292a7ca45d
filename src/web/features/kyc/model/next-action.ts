import type { KycInfo, KycRejectMessage, KycRejectNotice } from '../../../../shared/api/kyc-info.ts';
import { KycLevel, MEMBER_TAG_KYC_NO_STEPS, Provider, StepStatus, type VerifiableLevel } from '../../../../shared/kyc.ts';

/** What the overview asks the user to do next. */
export const NextActionKind = {
  /** §4/§6: member tag KYC '1' or KYC not opened: no steps, nothing to do. */
  NO_STEPS: 'NO_STEPS',
  /** Level 1 is open and the personal information is missing. */
  FILL_PERSONAL_INFO: 'FILL_PERSONAL_INFO',
  /** Level 1 is open and the personal information is saved: documents and selfie. */
  VERIFY_IDENTITY: 'VERIFY_IDENTITY',
  /** A submission of `level` is being reviewed. */
  WAIT_FOR_REVIEW: 'WAIT_FOR_REVIEW',
  /** `level` was rejected and may be tried again. */
  RESUBMIT: 'RESUBMIT',
  /** `level` was rejected for good: support is the only way forward. */
  FINAL_REJECTION: 'FINAL_REJECTION',
  /** Level 1 done, level 2 open: proof of address. */
  PROOF_OF_ADDRESS: 'PROOF_OF_ADDRESS',
  /** Verification is refused in the user's country of residence (CERTIFICATION_DISABLED). */
  DISABLED: 'DISABLED',
  /** The level cannot be started now (NOT_ALLOW for another reason). */
  NOT_AVAILABLE: 'NOT_AVAILABLE',
  /** Every level reached. */
  DONE: 'DONE',
} as const;
export type NextActionKind = (typeof NextActionKind)[keyof typeof NextActionKind];

export interface NextAction {
  kind: NextActionKind;
  /** The level the action is about. */
  level: VerifiableLevel;
}

export interface NextActionInput {
  /** §4 state items (displayed statuses). */
  state: KycInfo['state'];
  opened: boolean;
  /** The profile's member_tag. */
  memberTag?: Record<string, string> | null;
  /** Personal information is saved. */
  hasPersonalInfo: boolean;
}

/** §4 / §6: the member gets no KYC steps (tag KYC '1', or KYC not opened). */
export function hasNoSteps(opened: boolean, memberTag?: Record<string, string> | null): boolean {
  return !opened || memberTag?.KYC === MEMBER_TAG_KYC_NO_STEPS;
}

/** §4: "step 1 and step 2 come from the state list by level"; a missing item counts as NOT_ALLOW. */
export function stepStatus(state: KycInfo['state'], level: VerifiableLevel): StepStatus {
  return state?.find((s) => s.level === level)?.status ?? StepStatus.NOT_ALLOW;
}

/** The one thing the overview suggests, derived from both steps. Pure: tested cell by cell. */
export function nextAction({ state, opened, memberTag, hasPersonalInfo }: NextActionInput): NextAction {
  const L1 = KycLevel.LEVEL_1;
  const L2 = KycLevel.LEVEL_2;
  if (hasNoSteps(opened, memberTag)) return { kind: NextActionKind.NO_STEPS, level: L1 };
  const one = stepStatus(state, L1);
  switch (one) {
    case StepStatus.ALLOW:
      return { kind: hasPersonalInfo ? NextActionKind.VERIFY_IDENTITY : NextActionKind.FILL_PERSONAL_INFO, level: L1 };
    case StepStatus.PENDING:
      return { kind: NextActionKind.WAIT_FOR_REVIEW, level: L1 };
    case StepStatus.FAILED_AND_CAN_RETRY:
      return { kind: NextActionKind.RESUBMIT, level: L1 };
    case StepStatus.FAILED_AND_CAN_NOT_RETRY:
      return { kind: NextActionKind.FINAL_REJECTION, level: L1 };
    case StepStatus.CERTIFICATION_DISABLED:
      return { kind: NextActionKind.DISABLED, level: L1 };
    case StepStatus.NOT_ALLOW:
      return { kind: NextActionKind.NOT_AVAILABLE, level: L1 };
    case StepStatus.SUCCESS:
      break;
  }
  switch (stepStatus(state, L2)) {
    case StepStatus.ALLOW:
      return { kind: NextActionKind.PROOF_OF_ADDRESS, level: L2 };
    case StepStatus.PENDING:
      return { kind: NextActionKind.WAIT_FOR_REVIEW, level: L2 };
    case StepStatus.FAILED_AND_CAN_RETRY:
      return { kind: NextActionKind.RESUBMIT, level: L2 };
    case StepStatus.FAILED_AND_CAN_NOT_RETRY:
      return { kind: NextActionKind.FINAL_REJECTION, level: L2 };
    case StepStatus.CERTIFICATION_DISABLED:
      return { kind: NextActionKind.DISABLED, level: L2 };
    case StepStatus.NOT_ALLOW:
      // Level 1 is reached; level 2 is not offered (yet): nothing more to do here.
      return { kind: NextActionKind.DONE, level: L1 };
    case StepStatus.SUCCESS:
      return { kind: NextActionKind.DONE, level: L2 };
  }
  return { kind: NextActionKind.NOT_AVAILABLE, level: L2 };
}

/** Statuses in which a level's flow accepts uploads and a submission (the kyc route's guard). */
export function canStartFlow(status: StepStatus): boolean {
  return status === StepStatus.ALLOW || status === StepStatus.FAILED_AND_CAN_RETRY;
}

/**
 * What the kyc route shows for a level (its guard), from what it read: a panel (no steps, the level's
 * status, personal information first) or a flow, the vendor's or the in-house one. Pure, so the
 * screen's preload loads the one flow the screen will show before it renders.
 */
export type FlowView =
  | { kind: 'noSteps' }
  | { kind: 'status'; status: StepStatus }
  | { kind: 'personalFirst' }
  | { kind: 'vendor'; status: StepStatus; provider: Provider }
  | { kind: 'inHouse'; status: StepStatus };

export interface FlowViewInput {
  info: Pick<KycInfo, 'state' | 'opened'>;
  level: VerifiableLevel;
  memberTag?: Record<string, string> | null;
  /** Personal information is saved. */
  hasPersonalInfo: boolean;
  provider: Provider;
}

export function flowView({ info, level, memberTag, hasPersonalInfo, provider }: FlowViewInput): FlowView {
  if (hasNoSteps(info.opened, memberTag)) return { kind: 'noSteps' };
  const status = stepStatus(info.state, level);
  if (!canStartFlow(status)) return { kind: 'status', status };
  if (level === KycLevel.LEVEL_1 && !hasPersonalInfo) return { kind: 'personalFirst' };
  return provider === Provider.PROVIDER_DEFAULT ? { kind: 'inHouse', status } : { kind: 'vendor', status, provider };
}

/** A rejected level's reason (errorNotify) with the reviewer's message for the user (additionalRejectReason). */
export interface RejectionView {
  level: VerifiableLevel;
  status: KycRejectNotice['status'];
  reasonCode: KycRejectNotice['reasonCode'];
  message: string;
  decidedAt: string;
}

/** Pairs each errorNotify entry with the reviewer's message of the same level. */
export function rejectionsOf(info: Pick<KycInfo, 'errorNotify' | 'additionalRejectReason'>, level?: VerifiableLevel): RejectionView[] {
  const messages: KycRejectMessage[] = info.additionalRejectReason ?? [];
  return (info.errorNotify ?? [])
    .filter((n) => level === undefined || n.level === level)
    .map((n) => ({
      level: n.level,
      status: n.status,
      reasonCode: n.reasonCode,
      decidedAt: n.decidedAt,
      message: messages.find((m) => m.level === n.level && m.reasonCode === n.reasonCode)?.message ?? '',
    }));
}
