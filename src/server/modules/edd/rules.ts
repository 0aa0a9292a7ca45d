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
 * Countries whose residents and nationals get enhanced due diligence: the FATF lists as published in
 * June 2025 — "call for action" (KP, IR, MM; the exchange does not serve residents there at all, see
 * DISABLED_COUNTRIES, but nationals living elsewhere) and "increased monitoring". Compliance keeps
 * this list current with each FATF plenary (decision 028).
 */
export const HIGH_RISK_COUNTRIES: readonly string[] = [
  'KP', 'IR', 'MM',
  'DZ', 'AO', 'BO', 'BG', 'BF', 'CM', 'CI', 'CD', 'HT', 'KE', 'LA', 'LB', 'MC', 'MZ', 'NA', 'NP', 'NG', 'ZA', 'SS', 'SY', 'VE', 'VN', 'YE', 'VG',
];

export const EDD_RULES: readonly EddRule[] = [
  { trigger: EddTrigger.HIGH_RISK_RESIDENCE, kind: 'COUNTRY', field: 'residenceCountry', countries: HIGH_RISK_COUNTRIES },
  { trigger: EddTrigger.HIGH_RISK_NATIONALITY, kind: 'COUNTRY', field: 'nationality', countries: HIGH_RISK_COUNTRIES },
  { trigger: EddTrigger.HIGH_VOLUME, kind: 'VOLUME_BAND', bands: [VolumeBand.HIGH, VolumeBand.VERY_HIGH] },
  // A possible match still to be cleared is enough: the answers help the reviewer tell the two apart.
  { trigger: EddTrigger.SCREENING_MATCH, kind: 'SCREENING', outcomes: [ScreeningOutcome.POTENTIAL_MATCH, ScreeningOutcome.CONFIRMED_MATCH] },
  { trigger: EddTrigger.REVIEWER_DECISION, kind: 'REVIEWER' },
];

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
export function triggeredRules(facts: RiskFacts, rules: readonly EddRule[] = EDD_RULES): EddTrigger[] {
  const out: EddTrigger[] = [];
  for (const r of rules) if (matches(r, facts) && !out.includes(r.trigger)) out.push(r.trigger);
  return out;
}

/** The questionnaires a round asks for (shared: the browser shows the EDD panel on their screens). */
export const EDD_TEMPLATES = EDD_TEMPLATE_CODES;
