import { describe, expect, it } from 'vitest';
import { handoffCurrentKind } from '../../../shared/capture-rules.ts';
import { DocumentKind as K } from '../../../shared/kyc.ts';
import { kindsOf, overlaps, planOf } from './handoff.model.ts';

/** Decision 058: what a one-session link asks the phone for, and where the phone is in it. */
describe('the plan of a one-session link', () => {
  it('asks for the sides the type needs, then the selfie, skipping what is uploaded', () => {
    expect(planOf('ID_CARD', new Set())).toEqual([K.DOCUMENT_FRONT, K.DOCUMENT_BACK, K.SELFIE]);
    expect(planOf('PASSPORT', new Set())).toEqual([K.DOCUMENT_FRONT, K.SELFIE]);
    expect(planOf('DRIVERS_LICENSE', new Set([K.DOCUMENT_FRONT]))).toEqual([K.DOCUMENT_BACK, K.SELFIE]);
    expect(planOf('ID_CARD', new Set([K.DOCUMENT_FRONT, K.DOCUMENT_BACK]))).toEqual([K.SELFIE]);
    // A BVN's number is typed on the computer: the phone takes the selfie only.
    expect(planOf('BANK_VERIFICATION_NUMBER', new Set())).toEqual([K.SELFIE]);
  });

  it('with everything uploaded already, asks for all of it again from the desktop\'s step (a retake)', () => {
    expect(planOf('PASSPORT', new Set([K.DOCUMENT_FRONT, K.SELFIE]))).toEqual([K.DOCUMENT_FRONT, K.SELFIE]);
    expect(planOf('PASSPORT', new Set([K.DOCUMENT_FRONT, K.SELFIE]), 'SELFIE')).toEqual([K.SELFIE]);
    expect(planOf('ID_CARD', new Set(), 'SELFIE')).toEqual([K.SELFIE]);
  });

  it("reads a stored plan, and a one-step link's kinds from its step; unknown kinds are dropped", () => {
    expect(kindsOf({ step: 'REMAINING', kinds: '["DOCUMENT_BACK","SELFIE"]' })).toEqual([K.DOCUMENT_BACK, K.SELFIE]);
    expect(kindsOf({ step: 'REMAINING', kinds: '["PROOF_OF_ADDRESS","SELFIE"]' })).toEqual([K.SELFIE]);
    expect(kindsOf({ step: 'REMAINING', kinds: 'not json' })).toEqual([]);
    expect(kindsOf({ step: 'DOCUMENTS', kinds: null })).toEqual([K.DOCUMENT_FRONT, K.DOCUMENT_BACK]);
    expect(kindsOf({ step: 'SELFIE', kinds: null })).toEqual([K.SELFIE]);
    expect(overlaps([K.SELFIE], [K.DOCUMENT_FRONT, K.DOCUMENT_BACK])).toBe(false);
    expect(overlaps([K.DOCUMENT_BACK, K.SELFIE], [K.SELFIE])).toBe(true);
  });

  it('the phone is on the first kind not sent yet, whatever order the pictures came in', () => {
    const plan = [K.DOCUMENT_FRONT, K.DOCUMENT_BACK, K.SELFIE];
    expect(handoffCurrentKind(plan, [])).toBe(K.DOCUMENT_FRONT);
    expect(handoffCurrentKind(plan, [{ kind: K.DOCUMENT_FRONT }])).toBe(K.DOCUMENT_BACK);
    expect(handoffCurrentKind(plan, [{ kind: K.DOCUMENT_BACK }])).toBe(K.DOCUMENT_FRONT);
    expect(handoffCurrentKind(plan, plan.map((kind) => ({ kind })))).toBeNull();
  });
});
