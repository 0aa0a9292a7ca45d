import { describe, expect, it } from 'vitest';
import type { KycInfo, KycStateItem } from '../../../../shared/api/kyc-info.ts';
import { MEMBER_TAG_KYC_NO_STEPS, Provider, StepStatus, type StepStatus as Status } from '../../../../shared/kyc.ts';
import { canStartFlow, flowView, hasNoSteps, nextAction, NextActionKind, rejectionsOf, stepStatus } from './next-action.ts';

const state = (one: Status, two: Status): KycStateItem[] => [
  { level: 1, status: one, type: 'INDIVIDUAL' },
  { level: 2, status: two, type: 'INDIVIDUAL' },
];
const S = StepStatus;

describe('nextAction (the overview’s one suggestion)', () => {
  it.each([
    [S.ALLOW, S.NOT_ALLOW, false, NextActionKind.FILL_PERSONAL_INFO, 1],
    [S.ALLOW, S.NOT_ALLOW, true, NextActionKind.VERIFY_IDENTITY, 1],
    [S.PENDING, S.NOT_ALLOW, true, NextActionKind.WAIT_FOR_REVIEW, 1],
    [S.FAILED_AND_CAN_RETRY, S.NOT_ALLOW, true, NextActionKind.RESUBMIT, 1],
    [S.FAILED_AND_CAN_NOT_RETRY, S.NOT_ALLOW, true, NextActionKind.FINAL_REJECTION, 1],
    [S.CERTIFICATION_DISABLED, S.NOT_ALLOW, true, NextActionKind.DISABLED, 1],
    [S.NOT_ALLOW, S.NOT_ALLOW, true, NextActionKind.NOT_AVAILABLE, 1],
    [S.SUCCESS, S.ALLOW, true, NextActionKind.PROOF_OF_ADDRESS, 2],
    [S.SUCCESS, S.PENDING, true, NextActionKind.WAIT_FOR_REVIEW, 2],
    [S.SUCCESS, S.FAILED_AND_CAN_RETRY, true, NextActionKind.RESUBMIT, 2],
    [S.SUCCESS, S.FAILED_AND_CAN_NOT_RETRY, true, NextActionKind.FINAL_REJECTION, 2],
    [S.SUCCESS, S.CERTIFICATION_DISABLED, true, NextActionKind.DISABLED, 2],
    [S.SUCCESS, S.SUCCESS, true, NextActionKind.DONE, 2],
    [S.SUCCESS, S.NOT_ALLOW, true, NextActionKind.DONE, 1],
  ] as const)('level 1 %s, level 2 %s, personal info %s -> %s (level %s)', (one, two, hasPersonalInfo, kind, level) => {
    expect(nextAction({ state: state(one, two), opened: true, memberTag: {}, hasPersonalInfo })).toEqual({ kind, level });
  });

  it('§4/§6: member tag KYC "1" or KYC not opened means no steps, whatever the state says', () => {
    expect(nextAction({ state: state(S.ALLOW, S.NOT_ALLOW), opened: true, memberTag: { KYC: '1' }, hasPersonalInfo: false }).kind).toBe(NextActionKind.NO_STEPS);
    expect(nextAction({ state: state(S.FAILED_AND_CAN_RETRY, S.NOT_ALLOW), opened: false, memberTag: {}, hasPersonalInfo: true }).kind).toBe(NextActionKind.NO_STEPS);
    expect(nextAction({ state: state(S.ALLOW, S.NOT_ALLOW), opened: true, memberTag: { KYC: '0' }, hasPersonalInfo: false }).kind).toBe(NextActionKind.FILL_PERSONAL_INFO);
    expect(hasNoSteps(true, null)).toBe(false);
    expect(hasNoSteps(true, undefined)).toBe(false);
  });

  it('a missing state list or item reads NOT_ALLOW', () => {
    expect(stepStatus(undefined, 1)).toBe(S.NOT_ALLOW);
    expect(stepStatus([{ level: 1, status: S.SUCCESS, type: 'INDIVIDUAL' }], 2)).toBe(S.NOT_ALLOW);
    expect(nextAction({ state: undefined, opened: true, hasPersonalInfo: true }).kind).toBe(NextActionKind.NOT_AVAILABLE);
  });
});

describe('canStartFlow (the kyc route’s guard)', () => {
  it.each(Object.values(S))('%s', (status) => {
    expect(canStartFlow(status)).toBe(status === S.ALLOW || status === S.FAILED_AND_CAN_RETRY);
  });
});

describe('flowView (what the kyc route shows, and which flow chunk its preload loads)', () => {
  const base = { info: { state: state(S.ALLOW, S.ALLOW), opened: true }, level: 1 as const, hasPersonalInfo: true, provider: Provider.PROVIDER_DEFAULT };
  it('no steps: KYC not opened, or the member tag says so, before anything else', () => {
    expect(flowView({ ...base, info: { ...base.info, opened: false } })).toEqual({ kind: 'noSteps' });
    expect(flowView({ ...base, memberTag: { KYC: MEMBER_TAG_KYC_NO_STEPS } })).toEqual({ kind: 'noSteps' });
  });
  it.each([S.PENDING, S.SUCCESS, S.FAILED_AND_CAN_NOT_RETRY, S.NOT_ALLOW, S.CERTIFICATION_DISABLED])('level status %s: the status, not a flow', (status) => {
    expect(flowView({ ...base, info: { state: state(status, S.NOT_ALLOW), opened: true } })).toEqual({ kind: 'status', status });
  });
  it('level 1 without personal information asks for it first; level 2 does not', () => {
    expect(flowView({ ...base, hasPersonalInfo: false })).toEqual({ kind: 'personalFirst' });
    expect(flowView({ ...base, level: 2, hasPersonalInfo: false })).toEqual({ kind: 'inHouse', status: S.ALLOW });
  });
  it('the provider decides between the in-house flow and the vendor’s, for a new attempt too', () => {
    expect(flowView(base)).toEqual({ kind: 'inHouse', status: S.ALLOW });
    const retry = { ...base, info: { state: state(S.FAILED_AND_CAN_RETRY, S.NOT_ALLOW), opened: true }, provider: Provider.PROVIDER_SUMSUB };
    expect(flowView(retry)).toEqual({ kind: 'vendor', status: S.FAILED_AND_CAN_RETRY, provider: Provider.PROVIDER_SUMSUB });
  });
});

describe('rejectionsOf', () => {
  const info: Pick<KycInfo, 'errorNotify' | 'additionalRejectReason'> = {
    errorNotify: [
      { level: 1, status: S.FAILED_AND_CAN_RETRY, reasonCode: 'DOCUMENT_UNREADABLE', decidedAt: '2026-01-02T03:04:05.000Z' },
      { level: 2, status: S.FAILED_AND_CAN_NOT_RETRY, reasonCode: 'ADDRESS_MISMATCH', decidedAt: '2026-02-02T03:04:05.000Z' },
    ],
    additionalRejectReason: [
      { level: 2, reasonCode: 'ADDRESS_MISMATCH', message: 'Different street.' },
      { level: 1, reasonCode: 'DOCUMENT_UNREADABLE', message: 'Blurred back side.' },
    ],
  };

  it("pairs each level's reason with the reviewer's message of that level", () => {
    expect(rejectionsOf(info)).toEqual([
      { level: 1, status: S.FAILED_AND_CAN_RETRY, reasonCode: 'DOCUMENT_UNREADABLE', decidedAt: '2026-01-02T03:04:05.000Z', message: 'Blurred back side.' },
      { level: 2, status: S.FAILED_AND_CAN_NOT_RETRY, reasonCode: 'ADDRESS_MISMATCH', decidedAt: '2026-02-02T03:04:05.000Z', message: 'Different street.' },
    ]);
    expect(rejectionsOf(info, 2).map((r) => r.level)).toEqual([2]);
  });

  it('a reason without a message still shows (empty message)', () => {
    expect(rejectionsOf({ errorNotify: info.errorNotify, additionalRejectReason: [] }, 1)[0]!.message).toBe('');
  });
});
