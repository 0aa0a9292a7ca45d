import { describe, expect, it } from 'vitest';
import { StepStatus } from '../../../../shared/kyc.ts';
import { newestRejection, nextVendorWait, type VendorWait } from './vendor-wait.ts';

const S = StepStatus;
const sent = (over: Partial<Extract<VendorWait, { phase: 'sent' }>> = {}): VendorWait => ({ phase: 'sent', since: null, ...over });

describe('waiting for a vendor after sending the documents', () => {
  it('PENDING, then a decision: the wait follows the level', () => {
    expect(nextVendorWait(sent({ known: null }), S.ALLOW, null)).toEqual(sent({ known: null }));
    expect(nextVendorWait(sent({ known: null }), S.PENDING, null)).toEqual({ phase: 'pending' });
    expect(nextVendorWait({ phase: 'pending' }, S.PENDING, null)).toEqual({ phase: 'pending' });
    expect(nextVendorWait({ phase: 'pending' }, S.FAILED_AND_CAN_RETRY, '2026-11-29T10:00:00.000Z')).toEqual({ phase: 'none' });
  });

  it('a retryable rejection that never passed through PENDING ends the wait once it is newer than the one known', () => {
    const old = '2026-11-28T09:00:00.000Z';
    const fresh = '2026-11-29T10:00:00.000Z';
    // Sent from the retry screen: the old rejection is known and does not end the wait.
    expect(nextVendorWait(sent({ known: old }), S.FAILED_AND_CAN_RETRY, old)).toEqual(sent({ known: old }));
    expect(nextVendorWait(sent({ known: old }), S.FAILED_AND_CAN_RETRY, fresh)).toEqual({ phase: 'none' });
    // Back from a hosted page: the first read is what is known.
    const first = nextVendorWait(sent(), S.FAILED_AND_CAN_RETRY, old);
    expect(first).toEqual(sent({ known: old }));
    expect(nextVendorWait(first, S.FAILED_AND_CAN_RETRY, fresh)).toEqual({ phase: 'none' });
  });

  it("with the session's start in the return address, a rejection decided after it ends the wait at once (even on the first read, or after a reload)", () => {
    const since = '2026-11-29T09:59:00.000Z';
    expect(nextVendorWait(sent({ since }), S.FAILED_AND_CAN_RETRY, '2026-11-29T10:00:00.000Z')).toEqual({ phase: 'none' });
    expect(nextVendorWait(sent({ since }), S.FAILED_AND_CAN_RETRY, '2026-11-29T09:00:00.000Z')).toEqual(sent({ since, known: '2026-11-29T09:00:00.000Z' }));
  });

  it('approved or rejected for good ends the wait (the page shows that status)', () => {
    expect(nextVendorWait(sent({ known: null }), S.SUCCESS, null)).toEqual({ phase: 'none' });
    expect(nextVendorWait(sent({ known: null }), S.FAILED_AND_CAN_NOT_RETRY, '2026-11-29T10:00:00.000Z')).toEqual({ phase: 'none' });
  });

  it("the newest rejection is the level's own", () => {
    const notice = (level: 1 | 2, decidedAt: string) => ({ level, status: S.FAILED_AND_CAN_RETRY, reasonCode: 'DOCUMENT_UNREADABLE', decidedAt }) as never;
    const info = { errorNotify: [notice(1, '2026-01-01T00:00:00.000Z'), notice(2, '2026-12-01T00:00:00.000Z'), notice(1, '2026-02-01T00:00:00.000Z')] };
    expect(newestRejection(info, 1)).toBe('2026-02-01T00:00:00.000Z');
    expect(newestRejection({ errorNotify: [] }, 1)).toBeNull();
  });
});
