import { EddTrigger, ScreeningOutcome, VolumeBand } from '../../../shared/api/edd.ts';
import { EDD_TEMPLATE_CODES } from '../../../shared/edd.ts';

/**
 * Who must go through enhanced due diligence (decision 028), as data: each rule reads one fact about
 * the user and names the trigger it raises. `triggeredRules` is pure: callers gather the facts (the
 * kyc module's residence and nationality, the screening outcome, the trading volume band, a
 * reviewer's decision) and the EDD service acts on the result.
 */
export type EddRule =
  | { trigger: EddTrigger; kind: 'COUNTRY'; field: 'residenceCountry' | 'nationality'; countries: readonly string[] }
  | { trigger: EddTrigger; kind: 'VOLUME_BAND'; bands: readonly VolumeBand[] }
  | { trigger: EddTrigger; kind: 'SCREENING'; outcomes: readonly ScreeningOutcome[] }
  | { trigger: EddTrigger; kind: 'REVIEWER' };

export interface RiskFacts {
  /** ISO 3166 alpha-2, '' when not given yet. */
  residenceCountry: string;
  nationality: string;
  /** The user's trading volume band over the monitoring period, null when not known. */
  volumeBand: VolumeBand | null;
  /** The latest sanctions / PEP screening outcome, null when never screened. */
  screeningOutcome: ScreeningOutcome | null;
  /** A reviewer decided from the console that this user needs enhanced due diligence. */
  reviewerDecision: boolean;
}

/**
 * The rules, given the countries whose residents and nationals get enhanced due diligence: every
 * country of the risk lists in use (decision 041: the FATF's "call for action" and "increased
 * monitoring" lists, loaded as data with their source and date; no longer a snapshot in code).
 */
export function eddRules(highRiskCountries: readonly string[]): readonly EddRule[] {
  return [
    { trigger: EddTrigger.HIGH_RISK_RESIDENCE, kind: 'COUNTRY', field: 'residenceCountry', countries: highRiskCountries },
    { trigger: EddTrigger.HIGH_RISK_NATIONALITY, kind: 'COUNTRY', field: 'nationality', countries: highRiskCountries },
    { trigger: EddTrigger.HIGH_VOLUME, kind: 'VOLUME_BAND', bands: [VolumeBand.HIGH, VolumeBand.VERY_HIGH] },
    // A possible match still to be cleared is enough: the answers help the reviewer tell the two apart.
    { trigger: EddTrigger.SCREENING_MATCH, kind: 'SCREENING', outcomes: [ScreeningOutcome.POTENTIAL_MATCH, ScreeningOutcome.CONFIRMED_MATCH] },
    { trigger: EddTrigger.REVIEWER_DECISION, kind: 'REVIEWER' },
  ];
}

function matches(rule: EddRule, facts: RiskFacts): boolean {
  switch (rule.kind) {
    case 'COUNTRY':
      return facts[rule.field] !== '' && rule.countries.includes(facts[rule.field].toUpperCase());
    case 'VOLUME_BAND':
      return facts.volumeBand !== null && rule.bands.includes(facts.volumeBand);
    case 'SCREENING':
      return facts.screeningOutcome !== null && rule.outcomes.includes(facts.screeningOutcome);
    case 'REVIEWER':
      return facts.reviewerDecision;
  }
}

/** The triggers the facts raise, in rule order, each once (empty: no enhanced due diligence). */
export function triggeredRules(facts: RiskFacts, rules: readonly EddRule[]): EddTrigger[] {
  const out: EddTrigger[] = [];
  for (const r of rules) if (matches(r, facts) && !out.includes(r.trigger)) out.push(r.trigger);
  return out;
}

/** The questionnaires a round asks for (shared: the browser shows the EDD panel on their screens). */
export const EDD_TEMPLATES = EDD_TEMPLATE_CODES;
