import { describe, expect, it } from 'vitest';
import { validationMessageKey } from '../validation.ts';
import { KycRule } from './kyc-rules.ts';

describe('validation message keys', () => {
  it('namespaced feature keys are used as is; §5 codes live under validation.', () => {
    expect(validationMessageKey(KycRule.TOO_YOUNG)).toBe('kyc-rules.too_young');
    expect(validationMessageKey('required')).toBe('validation.required');
    expect(validationMessageKey('min_length')).toBe('validation.min_length');
  });
});
