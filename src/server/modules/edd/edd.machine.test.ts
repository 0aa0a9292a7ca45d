import { describe, expect, it } from 'vitest';
import { EDDStatus as S } from '../../../shared/kyc.ts';
import { allCells, nextStatus } from '../steps/steps.service.ts';
import { AWAITING_USER, EDD_MACHINE, EddEvent as E } from './edd.machine.ts';

/**
 * Every cell of the §4 EDD table: 5 statuses x 5 events, written out as the expected next status
 * (or null: refused), so a changed cell fails here by name.
 */
const EXPECTED: Record<S, Record<E, S | null>> = {
  EDDStatus_Unknown: { REQUIRE: S.EDDStatus_UnSubmit, SUBMIT: null, PASS: null, REJECT: null, RENEW: null },
  EDDStatus_UnSubmit: { REQUIRE: null, SUBMIT: S.EDDStatus_Reviewing, PASS: null, REJECT: null, RENEW: null },
  EDDStatus_Reviewing: { REQUIRE: null, SUBMIT: null, PASS: S.EDDStatus_Pass, REJECT: S.EDDStatus_Reject, RENEW: null },
  EDDStatus_Pass: { REQUIRE: null, SUBMIT: null, PASS: null, REJECT: null, RENEW: null },
  EDDStatus_Reject: { REQUIRE: null, SUBMIT: null, PASS: null, REJECT: null, RENEW: S.EDDStatus_UnSubmit },
};

describe('EDD status table (§4 EDDStatus_*)', () => {
  it('has a cell for every status and event, and the table is exactly the expected one', () => {
    const cells = allCells(EDD_MACHINE);
    expect(cells).toHaveLength(5 * 5);
    for (const [status, event] of cells) expect(nextStatus(EDD_MACHINE, status, event), `${status} + ${event}`).toBe(EXPECTED[status][event]);
  });

  it('a user starts outside EDD (_Unknown)', () => {
    expect(EDD_MACHINE.steps.map((s) => EDD_MACHINE.initial(s))).toEqual([S.EDDStatus_Unknown]);
  });

  it('the user is asked for something exactly where the table accepts a SUBMIT', () => {
    for (const status of EDD_MACHINE.statuses) expect(AWAITING_USER.has(status), status).toBe(nextStatus(EDD_MACHINE, status, E.SUBMIT) !== null);
  });
});
