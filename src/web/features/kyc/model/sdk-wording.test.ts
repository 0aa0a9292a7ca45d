import { describe, expect, it } from 'vitest';
import en from '../../../../../locales/user-accounts/en/kyc.json';
import enQuickKyc from '../../../../../locales/user-accounts/en/quick-kyc.json';
import enUx from '../../../../../locales/user-accounts/en/ux.json';
import { wordingKey } from './sdk-wording.ts';

const text = (key: string): string => {
  const [ns, ...path] = key.split('.');
  let node: unknown = ns === 'kyc' ? en : ns === 'quick-kyc' ? enQuickKyc : enUx;
  for (const p of path) node = (node as Record<string, unknown>)[p];
  return String(node);
};

describe('SDK wording (decision 047)', () => {
  it('the texts that speak of withdrawal limits have an SDK wording without them; the web keeps its own', () => {
    // Issue 27: the quick check's success and the level 2 guide's intro too.
    for (const key of ['kyc.overview.intro', 'kyc.next.PROOF_OF_ADDRESS.title', 'kyc.next.DONE.body', 'ux.next.approved', 'quick-kyc.outcome.APPROVED.next', 'kyc.guide.step2.intro']) {
      expect(text(key)).toMatch(/limit/i);
      expect(wordingKey(key, false)).toBe(key);
      expect(wordingKey(key, true)).not.toBe(key);
      expect(text(wordingKey(key, true))).not.toMatch(/limit|withdraw/i);
    }
    expect(wordingKey('kyc.next.DONE.title', true)).toBe('kyc.next.DONE.title');
  });
});
