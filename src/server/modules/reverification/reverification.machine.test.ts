import { describe, expect, it } from 'vitest';
import { DisplayUpdatePOIStatus as S } from '../../../shared/kyc.ts';
import { allCells, nextStatus } from '../steps/steps.service.ts';
import { ACCEPTS_SUBMISSION, REVERIFICATION_MACHINE, ReverificationEvent as E } from './reverification.machine.ts';

/**
 * Every cell of the §4 re-verification table: 5 statuses x 9 events (two are overrides, decision 022). Written out as the expected
 * next status (or null: refused), so a changed cell fails here by name.
 */
const EXPECTED: Record<S, Record<E, S | null>> = {
  DisplayUpdatePOIStatus_No: { REQUEST: S.DisplayUpdatePOIStatus_Needed, SUBMIT: null, APPROVE: null, REJECT: null, REJECT_DAILY: null, NEW_DAY: null, CANCEL: null, OVERRIDE_APPROVE: null, OVERRIDE_REJECT: S.DisplayUpdatePOIStatus_Rejected },
  DisplayUpdatePOIStatus_Needed: { REQUEST: null, SUBMIT: S.DisplayUpdatePOIStatus_Pending, APPROVE: null, REJECT: null, REJECT_DAILY: null, NEW_DAY: null, CANCEL: S.DisplayUpdatePOIStatus_No, OVERRIDE_APPROVE: null, OVERRIDE_REJECT: null },
  DisplayUpdatePOIStatus_Pending: {
    REQUEST: null,
    SUBMIT: null,
    APPROVE: S.DisplayUpdatePOIStatus_No,
    REJECT: S.DisplayUpdatePOIStatus_Rejected,
    REJECT_DAILY: S.DisplayUpdatePOIStatus_Rejected_Daily,
    NEW_DAY: null,
    CANCEL: null,
    OVERRIDE_APPROVE: null,
    OVERRIDE_REJECT: null,
  },
  DisplayUpdatePOIStatus_Rejected: { REQUEST: null, SUBMIT: S.DisplayUpdatePOIStatus_Pending, APPROVE: null, REJECT: null, REJECT_DAILY: null, NEW_DAY: null, CANCEL: S.DisplayUpdatePOIStatus_No, OVERRIDE_APPROVE: S.DisplayUpdatePOIStatus_No, OVERRIDE_REJECT: null },
  DisplayUpdatePOIStatus_Rejected_Daily: { REQUEST: null, SUBMIT: null, APPROVE: null, REJECT: null, REJECT_DAILY: null, NEW_DAY: S.DisplayUpdatePOIStatus_Rejected, CANCEL: S.DisplayUpdatePOIStatus_No, OVERRIDE_APPROVE: S.DisplayUpdatePOIStatus_No, OVERRIDE_REJECT: null },
};

describe('re-verification status table (§4 DisplayUpdatePOIStatus_*)', () => {
  it('has a cell for every status and event, and the table is exactly the expected one', () => {
    const cells = allCells(REVERIFICATION_MACHINE);
    expect(cells).toHaveLength(5 * 9);
    for (const [status, event] of cells) expect(nextStatus(REVERIFICATION_MACHINE, status, event), `${status} + ${event}`).toBe(EXPECTED[status][event]);
  });

  it('both documents start at _No (panel hidden)', () => {
    expect(REVERIFICATION_MACHINE.steps.map((s) => REVERIFICATION_MACHINE.initial(s))).toEqual([S.DisplayUpdatePOIStatus_No, S.DisplayUpdatePOIStatus_No]);
  });

  it('a submission is accepted exactly where the table has a SUBMIT cell', () => {
    for (const status of REVERIFICATION_MACHINE.statuses) expect(ACCEPTS_SUBMISSION.has(status), status).toBe(nextStatus(REVERIFICATION_MACHINE, status, E.SUBMIT) !== null);
  });

  it('the level is never touched: approval returns to _No, never to a KYC status', () => {
    expect(nextStatus(REVERIFICATION_MACHINE, S.DisplayUpdatePOIStatus_Pending, E.APPROVE)).toBe(S.DisplayUpdatePOIStatus_No);
  });
});
