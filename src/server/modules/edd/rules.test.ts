import { describe, expect, it } from 'vitest';
import { EddTrigger, ScreeningOutcome, VolumeBand } from '../../../shared/api/edd.ts';
import { isTemplateCode } from '../../../shared/questionnaires/index.ts';
import { EDD_TEMPLATES, eddRules, triggeredRules as triggeredBy, type RiskFacts } from './rules.ts';

// The countries come from the risk lists in use (decision 041); a small list stands in for them here.
const RULES = eddRules(['IR', 'KP', 'MM']);
const triggeredRules = (facts: RiskFacts) => triggeredBy(facts, RULES);

const NONE: RiskFacts = { residenceCountry: 'DE', nationality: 'DE', volumeBand: VolumeBand.LOW, screeningOutcome: ScreeningOutcome.CLEAR, reviewerDecision: false };

describe('EDD risk rules (decision 028)', () => {
  it('a country rule reads the list it is given: off the list, nothing', () => {
    expect(triggeredBy({ ...NONE, residenceCountry: 'IR' }, eddRules(['KP']))).toEqual([]);
    expect(triggeredBy({ ...NONE, residenceCountry: 'DE' }, eddRules(['DE']))).toEqual([EddTrigger.HIGH_RISK_RESIDENCE, EddTrigger.HIGH_RISK_NATIONALITY]);
  });

  it('an ordinary user raises nothing, nor does one with no facts yet', () => {
    expect(triggeredRules(NONE)).toEqual([]);
    expect(triggeredRules({ residenceCountry: '', nationality: '', volumeBand: null, screeningOutcome: null, reviewerDecision: false })).toEqual([]);
  });

  it('country of residence on the high-risk list', () => {
    expect(triggeredRules({ ...NONE, residenceCountry: 'IR' })).toEqual([EddTrigger.HIGH_RISK_RESIDENCE]);
    expect(triggeredRules({ ...NONE, residenceCountry: 'ir' })).toEqual([EddTrigger.HIGH_RISK_RESIDENCE]);
  });

  it('nationality on the high-risk list', () => {
    expect(triggeredRules({ ...NONE, nationality: 'KP' })).toEqual([EddTrigger.HIGH_RISK_NATIONALITY]);
  });

  it('volume band: high and very high, not low or medium', () => {
    expect(triggeredRules({ ...NONE, volumeBand: VolumeBand.HIGH })).toEqual([EddTrigger.HIGH_VOLUME]);
    expect(triggeredRules({ ...NONE, volumeBand: VolumeBand.VERY_HIGH })).toEqual([EddTrigger.HIGH_VOLUME]);
    expect(triggeredRules({ ...NONE, volumeBand: VolumeBand.MEDIUM })).toEqual([]);
  });

  it('screening outcome: a potential or confirmed match, not a clear result', () => {
    expect(triggeredRules({ ...NONE, screeningOutcome: ScreeningOutcome.POTENTIAL_MATCH })).toEqual([EddTrigger.SCREENING_MATCH]);
    expect(triggeredRules({ ...NONE, screeningOutcome: ScreeningOutcome.CONFIRMED_MATCH })).toEqual([EddTrigger.SCREENING_MATCH]);
    expect(triggeredRules({ ...NONE, screeningOutcome: ScreeningOutcome.CLEAR })).toEqual([]);
  });

  it("a reviewer's decision", () => {
    expect(triggeredRules({ ...NONE, reviewerDecision: true })).toEqual([EddTrigger.REVIEWER_DECISION]);
  });

  it('several facts raise several triggers, in rule order, each once', () => {
    expect(triggeredRules({ residenceCountry: 'MM', nationality: 'MM', volumeBand: VolumeBand.VERY_HIGH, screeningOutcome: ScreeningOutcome.POTENTIAL_MATCH, reviewerDecision: true })).toEqual([
      EddTrigger.HIGH_RISK_RESIDENCE,
      EddTrigger.HIGH_RISK_NATIONALITY,
      EddTrigger.HIGH_VOLUME,
      EddTrigger.SCREENING_MATCH,
      EddTrigger.REVIEWER_DECISION,
    ]);
  });

  it('a round asks for questionnaires the engine knows', () => {
    for (const code of EDD_TEMPLATES) expect(isTemplateCode(code), code).toBe(true);
  });
});
