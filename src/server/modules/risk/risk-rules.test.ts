import { describe, expect, it } from 'vitest';
import { BURST_PER_HOUR, DOCUMENT_CHANGE_HOURS, evaluateRisk, RISK_RULES, ruleMatches, type RiskFacts } from './risk-rules.ts';

const facts = (over: Partial<RiskFacts> = {}): RiskFacts => ({
  scene: 'WITHDRAW',
  signedIn: true,
  hasGuid: true,
  recentEvaluations: 1,
  hoursSinceDocumentChange: null,
  documentUpdateRequested: false,
  requestCountry: 'GB',
  knownCountries: ['GB'],
  ...over,
});
const rule = (code: string) => RISK_RULES.find((r) => r.code === code)!;

describe('risk intercept rules (decision 029)', () => {
  it('nothing matching is PASS without a step', () => {
    expect(evaluateRisk(facts())).toEqual({ decision: 'PASS', stepCode: null, rule: null });
  });

  it('BURST blocks more than BURST_PER_HOUR evaluations an hour, in every scene', () => {
    expect(ruleMatches(rule('BURST'), facts({ recentEvaluations: BURST_PER_HOUR }))).toBe(false);
    for (const scene of ['LOGIN', 'WITHDRAW', 'CHANGE_SECURITY'] as const) expect(evaluateRisk(facts({ scene, recentEvaluations: BURST_PER_HOUR + 1 }))).toEqual({ decision: 'BLOCK', stepCode: null, rule: 'BURST' });
  });

  it('NO_DEVICE blocks a caller that is neither signed in nor sends a device id', () => {
    expect(evaluateRisk(facts({ signedIn: false, hasGuid: false, knownCountries: [] })).rule).toBe('NO_DEVICE');
    expect(ruleMatches(rule('NO_DEVICE'), facts({ signedIn: false, hasGuid: true }))).toBe(false);
    expect(ruleMatches(rule('NO_DEVICE'), facts({ signedIn: true, hasGuid: false }))).toBe(false);
  });

  it('DOCUMENT_UPDATE_DUE asks a withdrawal to update the document first (70029)', () => {
    expect(evaluateRisk(facts({ documentUpdateRequested: true }))).toEqual({ decision: 'VERIFY', stepCode: 70029, rule: 'DOCUMENT_UPDATE_DUE' });
    expect(ruleMatches(rule('DOCUMENT_UPDATE_DUE'), facts({ scene: 'LOGIN', documentUpdateRequested: true }))).toBe(false);
  });

  it('WITHDRAW_AFTER_DOCUMENT_CHANGE looks at the person again (30029) within DOCUMENT_CHANGE_HOURS of a new document', () => {
    expect(evaluateRisk(facts({ hoursSinceDocumentChange: 2 }))).toEqual({ decision: 'VERIFY', stepCode: 30029, rule: 'WITHDRAW_AFTER_DOCUMENT_CHANGE' });
    expect(ruleMatches(rule('WITHDRAW_AFTER_DOCUMENT_CHANGE'), facts({ hoursSinceDocumentChange: DOCUMENT_CHANGE_HOURS }))).toBe(false);
    expect(ruleMatches(rule('WITHDRAW_AFTER_DOCUMENT_CHANGE'), facts({ scene: 'CHANGE_SECURITY', hoursSinceDocumentChange: 1 }))).toBe(true);
    expect(ruleMatches(rule('WITHDRAW_AFTER_DOCUMENT_CHANGE'), facts({ scene: 'LOGIN', hoursSinceDocumentChange: 1 }))).toBe(false);
  });

  it('NEW_COUNTRY looks at the person again (30029) when a signed-in user comes from a country never seen; an unknown country never matches', () => {
    expect(evaluateRisk(facts({ scene: 'LOGIN', requestCountry: 'FR' }))).toEqual({ decision: 'VERIFY', stepCode: 30029, rule: 'NEW_COUNTRY' });
    expect(ruleMatches(rule('NEW_COUNTRY'), facts({ scene: 'LOGIN', requestCountry: '' }))).toBe(false);
    expect(ruleMatches(rule('NEW_COUNTRY'), facts({ scene: 'LOGIN', requestCountry: 'FR', signedIn: false }))).toBe(false);
  });

  it('the first rule in order decides: a block wins over a verification', () => {
    expect(evaluateRisk(facts({ recentEvaluations: BURST_PER_HOUR + 1, documentUpdateRequested: true })).rule).toBe('BURST');
    expect(evaluateRisk(facts({ documentUpdateRequested: true, hoursSinceDocumentChange: 1 })).rule).toBe('DOCUMENT_UPDATE_DUE');
  });
});
