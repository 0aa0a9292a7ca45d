import { describe, expect, it } from 'vitest';
import { StepStatus, StepType } from '../../../shared/kyc.ts';
import { allCells, nextStatus as machineNext } from '../steps/steps.service.ts';
import { availabilityEvents, defaultStatus, displayedSteps, KYC_LEVEL_MACHINE, nextStatus, prerequisiteMet, reachedLevel, StepEvent, TRANSITIONS } from './kyc.machine.ts';

const S = StepStatus;
const E = StepEvent;

/**
 * The whole table, written out independently of the implementation: every status x every event.
 * A cell not listed here must be refused.
 */
const EXPECTED: Record<string, Partial<Record<StepEvent, StepStatus>>> = {
  NOT_ALLOW: { UNLOCK: S.ALLOW, DISABLE: S.CERTIFICATION_DISABLED, TRANSFER_IN: S.SUCCESS },
  ALLOW: { SUBMIT: S.PENDING, DISABLE: S.CERTIFICATION_DISABLED, LOCK: S.NOT_ALLOW, TRANSFER_IN: S.SUCCESS },
  PENDING: { APPROVE: S.SUCCESS, REJECT_RETRY: S.FAILED_AND_CAN_RETRY, REJECT_FINAL: S.FAILED_AND_CAN_NOT_RETRY },
  SUCCESS: { OVERRIDE_REJECT_RETRY: S.FAILED_AND_CAN_RETRY, OVERRIDE_REJECT_FINAL: S.FAILED_AND_CAN_NOT_RETRY },
  FAILED_AND_CAN_RETRY: { SUBMIT: S.PENDING, SELF_RESET: S.ALLOW, DISABLE: S.CERTIFICATION_DISABLED, OVERRIDE_APPROVE: S.SUCCESS, OVERRIDE_REJECT_FINAL: S.FAILED_AND_CAN_NOT_RETRY, TRANSFER_IN: S.SUCCESS },
  FAILED_AND_CAN_NOT_RETRY: { OVERRIDE_APPROVE: S.SUCCESS, OVERRIDE_REJECT_RETRY: S.FAILED_AND_CAN_RETRY },
  CERTIFICATION_DISABLED: { ENABLE: S.NOT_ALLOW },
};

const cells = Object.values(S).flatMap((status) => Object.values(E).map((event) => [status, event] as const));

describe('KYC step transition table', () => {
  it('covers every status of §4', () => {
    expect(Object.keys(TRANSITIONS).sort()).toEqual(Object.values(S).sort());
  });

  it.each(cells)('%s + %s', (status, event) => {
    expect(nextStatus(status, event)).toBe(EXPECTED[status]![event] ?? null);
  });

  it('the generic machine the steps module runs is this table, cell by cell, with the levels as its steps', () => {
    expect(allCells(KYC_LEVEL_MACHINE)).toHaveLength(Object.values(S).length * Object.values(E).length);
    for (const [status, event] of allCells(KYC_LEVEL_MACHINE)) expect(machineNext(KYC_LEVEL_MACHINE, status, event)).toBe(EXPECTED[status]![event] ?? null);
    expect(KYC_LEVEL_MACHINE.steps).toEqual(['1', '2']);
    expect(KYC_LEVEL_MACHINE.initial('1')).toBe(S.ALLOW);
    expect(KYC_LEVEL_MACHINE.initial('2')).toBe(S.NOT_ALLOW);
  });

  it('its guard: nothing skips a level (UNLOCK and SUBMIT of level 2 need level 1 SUCCESS), other events pass', () => {
    for (const s1 of Object.values(S)) {
      for (const event of Object.values(E)) {
        const refused = KYC_LEVEL_MACHINE.guard!('2', event, { '1': s1, '2': S.NOT_ALLOW });
        expect(refused !== null).toBe((event === E.UNLOCK || event === E.SUBMIT || event === E.OVERRIDE_APPROVE || event === E.TRANSFER_IN) && s1 !== S.SUCCESS);
      }
      expect(KYC_LEVEL_MACHINE.guard!('1', E.SUBMIT, { '1': S.ALLOW, '2': s1 })).toBeNull();
    }
  });

  it('a final failure and a reached level accept nothing but a senior reviewer\'s override (decision 022)', () => {
    const overrides: string[] = [E.OVERRIDE_APPROVE, E.OVERRIDE_REJECT_RETRY, E.OVERRIDE_REJECT_FINAL];
    for (const event of Object.values(E)) {
      if (!overrides.includes(event)) {
        expect(nextStatus(S.FAILED_AND_CAN_NOT_RETRY, event)).toBeNull();
        expect(nextStatus(S.SUCCESS, event)).toBeNull();
      }
    }
    expect(nextStatus(S.SUCCESS, E.OVERRIDE_REJECT_RETRY)).toBe(S.FAILED_AND_CAN_RETRY);
    expect(nextStatus(S.SUCCESS, E.OVERRIDE_REJECT_FINAL)).toBe(S.FAILED_AND_CAN_NOT_RETRY);
    expect(nextStatus(S.SUCCESS, E.OVERRIDE_APPROVE)).toBeNull();
    expect(nextStatus(S.FAILED_AND_CAN_NOT_RETRY, E.OVERRIDE_APPROVE)).toBe(S.SUCCESS);
    expect(nextStatus(S.FAILED_AND_CAN_NOT_RETRY, E.OVERRIDE_REJECT_RETRY)).toBe(S.FAILED_AND_CAN_RETRY);
    // An override never touches a level under review, not yet open or disabled.
    for (const status of [S.PENDING, S.ALLOW, S.NOT_ALLOW, S.CERTIFICATION_DISABLED]) for (const event of overrides) expect(nextStatus(status, event as StepEvent)).toBeNull();
  });

  it('nothing reaches SUCCESS except an approval of a pending review, an override of a rejection, or an identity transfer into a level nothing is pending on (decision 029)', () => {
    for (const [status, event] of cells) {
      if (nextStatus(status, event) === S.SUCCESS)
        expect([
          [S.PENDING, E.APPROVE],
          [S.FAILED_AND_CAN_RETRY, E.OVERRIDE_APPROVE],
          [S.FAILED_AND_CAN_NOT_RETRY, E.OVERRIDE_APPROVE],
          [S.NOT_ALLOW, E.TRANSFER_IN],
          [S.ALLOW, E.TRANSFER_IN],
          [S.FAILED_AND_CAN_RETRY, E.TRANSFER_IN],
        ]).toContainEqual([status, event]);
    }
  });
});

describe('levels', () => {
  it('level 1 starts open, level 2 locked', () => {
    expect(defaultStatus(1)).toBe(S.ALLOW);
    expect(defaultStatus(2)).toBe(S.NOT_ALLOW);
  });

  it('level 2 opens only after level 1 SUCCESS', () => {
    for (const s1 of Object.values(S)) {
      expect(prerequisiteMet(2, { 1: s1, 2: S.NOT_ALLOW })).toBe(s1 === S.SUCCESS);
    }
    expect(prerequisiteMet(1, { 1: S.NOT_ALLOW, 2: S.NOT_ALLOW })).toBe(true);
  });

  it('the reached level needs every level below it', () => {
    expect(reachedLevel({ 1: S.ALLOW, 2: S.NOT_ALLOW })).toBe(0);
    expect(reachedLevel({ 1: S.SUCCESS, 2: S.PENDING })).toBe(1);
    expect(reachedLevel({ 1: S.SUCCESS, 2: S.SUCCESS })).toBe(2);
    expect(reachedLevel({ 1: S.PENDING, 2: S.SUCCESS })).toBe(0);
  });
});

describe('availability (residence country disabled)', () => {
  it('disables open steps but leaves pending, reached and final ones alone', () => {
    expect(availabilityEvents({ 1: S.ALLOW, 2: S.NOT_ALLOW }, true)).toEqual([
      { level: 1, event: E.DISABLE },
      { level: 2, event: E.DISABLE },
    ]);
    expect(availabilityEvents({ 1: S.SUCCESS, 2: S.FAILED_AND_CAN_RETRY }, true)).toEqual([{ level: 2, event: E.DISABLE }]);
    expect(availabilityEvents({ 1: S.PENDING, 2: S.NOT_ALLOW }, true)).toEqual([{ level: 2, event: E.DISABLE }]);
    expect(availabilityEvents({ 1: S.FAILED_AND_CAN_NOT_RETRY, 2: S.CERTIFICATION_DISABLED }, true)).toEqual([]);
  });

  it('re-enabling locks each level, then unlocks it when its prerequisite is met', () => {
    expect(availabilityEvents({ 1: S.CERTIFICATION_DISABLED, 2: S.CERTIFICATION_DISABLED }, false)).toEqual([
      { level: 1, event: E.ENABLE },
      { level: 1, event: E.UNLOCK },
      { level: 2, event: E.ENABLE },
    ]);
    expect(availabilityEvents({ 1: S.SUCCESS, 2: S.CERTIFICATION_DISABLED }, false)).toEqual([
      { level: 2, event: E.ENABLE },
      { level: 2, event: E.UNLOCK },
    ]);
    expect(availabilityEvents({ 1: S.ALLOW, 2: S.NOT_ALLOW }, false)).toEqual([]);
  });
});

describe('§4 displayed steps', () => {
  const stored = { 1: S.SUCCESS, 2: S.PENDING } as const;

  it('shows the stored statuses, type INDIVIDUAL', () => {
    expect(displayedSteps(stored, { opened: true, noSteps: false })).toEqual([
      { level: 1, status: S.SUCCESS, type: StepType.INDIVIDUAL },
      { level: 2, status: S.PENDING, type: StepType.INDIVIDUAL },
    ]);
  });

  it.each([
    { opened: false, noSteps: false },
    { opened: true, noSteps: true },
  ])('not opened, or member tag KYC 1: both NOT_ALLOW INDIVIDUAL (%o)', (ctx) => {
    expect(displayedSteps(stored, ctx)).toEqual([
      { level: 1, status: S.NOT_ALLOW, type: StepType.INDIVIDUAL },
      { level: 2, status: S.NOT_ALLOW, type: StepType.INDIVIDUAL },
    ]);
  });
});
