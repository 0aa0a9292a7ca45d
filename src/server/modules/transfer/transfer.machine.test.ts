import { describe, expect, it } from 'vitest';
import { KycTransferVerifyStatus, STATUS_OF_PHASE, TransferPhase } from '../../../shared/api/identity-transfer.ts';
import { allCells, nextStatus } from '../steps/steps.service.ts';
import { TRANSFER_MACHINE, TransferEvent } from './transfer.machine.ts';

const P = TransferPhase;

/** The whole table written out independently: every phase x every event; a cell not listed is refused. */
const EXPECTED: Record<TransferPhase, Partial<Record<TransferEvent, TransferPhase>>> = {
  NONE: { CONSENT: P.AWAITING_SOURCE_CODE },
  AWAITING_SOURCE_CODE: { SOURCE_VERIFIED: P.AWAITING_TARGET, CANCEL: P.CANCELLED },
  AWAITING_TARGET: { TARGET_VERIFIED: P.COMPLETED, TARGET_VERIFIED_REVIEW: P.IN_REVIEW, CANCEL: P.CANCELLED },
  IN_REVIEW: { APPROVE: P.COMPLETED, REJECT: P.REJECTED },
  COMPLETED: {},
  REJECTED: {},
  CANCELLED: {},
};

describe('identity transfer table (decision 029)', () => {
  it('has a row for every phase and starts at NONE', () => {
    expect(Object.keys(TRANSFER_MACHINE.transitions).sort()).toEqual(Object.values(P).sort());
    expect(TRANSFER_MACHINE.initial('TRANSFER')).toBe(P.NONE);
  });

  it.each(allCells(TRANSFER_MACHINE))('%s + %s', (phase, event) => {
    expect(nextStatus(TRANSFER_MACHINE, phase, event)).toBe(EXPECTED[phase][event] ?? null);
  });

  it('shows the §4 statuses: UNDEFINED until both sides confirmed, PENDING in review, COMPLETE once moved', () => {
    expect(STATUS_OF_PHASE).toEqual({
      NONE: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
      AWAITING_SOURCE_CODE: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
      AWAITING_TARGET: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
      IN_REVIEW: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_PENDING,
      COMPLETED: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_COMPLETE,
      REJECTED: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
      CANCELLED: KycTransferVerifyStatus.KYC_TRANSFER_VERIFY_STATUS_UNDEFINED,
    });
  });
});
