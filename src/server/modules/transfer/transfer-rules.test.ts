import { describe, expect, it } from 'vitest';
import { evaluateTransferRules, ruleMatches, TRANSFER_RULES, type TransferFacts } from './transfer-rules.ts';

const facts = (over: Partial<TransferFacts> = {}): TransferFacts => ({ sourceSite: '', targetSite: 'EU', level: 1, residenceCountry: 'DE', verifiedDaysAgo: 30, ...over });
const rule = (code: string) => TRANSFER_RULES.find((r) => r.code === code)!;

describe('identity transfer rules (decision 029)', () => {
  it('EU_RESIDENCE_REQUIRED refuses a move to the EU entity of someone living outside the EEA', () => {
    expect(ruleMatches(rule('EU_RESIDENCE_REQUIRED'), facts({ residenceCountry: 'GB' }))).toBe(true);
    expect(ruleMatches(rule('EU_RESIDENCE_REQUIRED'), facts({ residenceCountry: 'DE' }))).toBe(false);
    expect(ruleMatches(rule('EU_RESIDENCE_REQUIRED'), facts({ targetSite: '', residenceCountry: 'GB' }))).toBe(false);
    expect(evaluateTransferRules(facts({ residenceCountry: 'US' })).refusedBy).toBe('EU_RESIDENCE_REQUIRED');
  });

  it('REGULATED_TARGET asks for a reviewer on a move to a regulated entity, not to the main site', () => {
    for (const site of ['EU', 'HKG', 'TUR', 'KAZ']) expect(ruleMatches(rule('REGULATED_TARGET'), facts({ targetSite: site }))).toBe(true);
    expect(ruleMatches(rule('REGULATED_TARGET'), facts({ targetSite: '' }))).toBe(false);
  });

  it('RECENTLY_VERIFIED asks for a reviewer when the level was reached less than 7 days ago', () => {
    expect(ruleMatches(rule('RECENTLY_VERIFIED'), facts({ verifiedDaysAgo: 6 }))).toBe(true);
    expect(ruleMatches(rule('RECENTLY_VERIFIED'), facts({ verifiedDaysAgo: 7 }))).toBe(false);
  });

  it('lists every review rule that matched; nothing matching means the identity moves at once', () => {
    expect(evaluateTransferRules(facts({ verifiedDaysAgo: 1 }))).toEqual({ refusedBy: null, reviewBy: ['REGULATED_TARGET', 'RECENTLY_VERIFIED'] });
    expect(evaluateTransferRules(facts({ sourceSite: 'EU', targetSite: '', residenceCountry: 'GB' }))).toEqual({ refusedBy: null, reviewBy: [] });
  });
});
