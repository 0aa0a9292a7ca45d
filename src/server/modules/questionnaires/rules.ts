import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { byDuePriority } from '../../../shared/questionnaires/priority.ts';

/**
 * Who must answer what (decision 020), as data: a rule makes a template due for users matching all
 * it names (the host's site, the country of residence, the KYC level reached), or when an event was
 * recorded for the user (a name-screening hit, a reviewer's request, …). First due, first shown.
 */
export const RequirementEvent = {
  /** Screening found a possible match on a sanctions or PEP list: the user explains. */
  NAME_SCREENING_HIT: 'NAME_SCREENING_HIT',
  /** A compliance reviewer asked for the questionnaire (enhanced due diligence, a large deposit). */
  REVIEWER_REQUEST: 'REVIEWER_REQUEST',
  /** The user asked for leveraged or derivative products. */
  DERIVATIVES_OPT_IN: 'DERIVATIVES_OPT_IN',
  /** Ongoing due diligence: the periodic refresh of a client's profile came due. */
  PERIODIC_REVIEW: 'PERIODIC_REVIEW',
  /** A dormant account is used again. */
  DORMANT_REACTIVATION: 'DORMANT_REACTIVATION',
  /** Continuous screening found a new possible match on an existing client. */
  ONGOING_SCREENING_HIT: 'ONGOING_SCREENING_HIT',
  /** The client's risk rating became high (activity, country, occupation): enhanced due diligence. */
  HIGH_RISK: 'HIGH_RISK',
  /** Where the client connects from does not match the residence given. */
  RESIDENCE_MISMATCH: 'RESIDENCE_MISMATCH',
  /** The client asked for higher deposit limits. */
  LIMIT_INCREASE: 'LIMIT_INCREASE',
} as const;
export type RequirementEvent = (typeof RequirementEvent)[keyof typeof RequirementEvent];

export interface QuestionnaireRule {
  template: string;
  sites?: readonly string[];
  countries?: readonly string[];
  /** The KYC level reached, at least. */
  minLevel?: number;
  event?: RequirementEvent;
}

/**
 * The rules (decision 020 lists each route with who answers it and why). Investor-status forms
 * (professional, qualifiedInvestor, piquestion) have no rule: a client asks for the status by
 * answering them.
 */
export const QUESTIONNAIRE_RULES: readonly QuestionnaireRule[] = [
  // UK: before a retail client may buy crypto-assets, an appropriateness assessment (the knowledge test).
  { template: 'crypto-knowledge-test', countries: ['GB'], minLevel: 1 },
  { template: 'crypto-knowledge-test', event: RequirementEvent.DERIVATIVES_OPT_IN },
  // Hong Kong and derivatives: suitability needs the client's risk profile; HK clients accept the client agreement.
  { template: 'risk-tolerance-test', sites: ['HKG'], minLevel: 1 },
  { template: 'risk-tolerance-test', event: RequirementEvent.DERIVATIVES_OPT_IN },
  { template: 'client-agreement', sites: ['HKG', 'ARE'], minLevel: 1 },
  // Enhanced due diligence: on a reviewer's request, and for level-2 clients in the UAE.
  { template: 'sourceOfFundsWealth', event: RequirementEvent.REVIEWER_REQUEST },
  { template: 'sourceOfFundsWealth', sites: ['ARE'], minLevel: 2 },
  // Onboarding on the regulated sites: purpose of the account, the regulator's own questions, consents, personal details.
  { template: 'question', sites: ['HKG', 'ARE'], minLevel: 1 },
  { template: 'rcQuestionnaire', sites: ['HKG', 'ARE'], minLevel: 1 },
  { template: 'agreement', sites: ['ARE'], minLevel: 1 },
  { template: 'personalquestion', sites: ['ARE'], minLevel: 1 },
  { template: 'standardQuest', sites: ['ARE'], minLevel: 1 },
  { template: 'questionnaire', sites: ['HKG'], minLevel: 2 },
  // Events.
  { template: 'ocquestion', event: RequirementEvent.PERIODIC_REVIEW },
  { template: 'newquestion', event: RequirementEvent.DORMANT_REACTIVATION },
  { template: 'nsquestion', event: RequirementEvent.NAME_SCREENING_HIT },
  { template: 'cnsquestion', event: RequirementEvent.ONGOING_SCREENING_HIT },
  { template: 'eddQuestionnaire', event: RequirementEvent.HIGH_RISK },
  { template: 'rcEddQuestionnaire', event: RequirementEvent.HIGH_RISK },
  { template: 'residenceInfo', event: RequirementEvent.RESIDENCE_MISMATCH },
  { template: 'rfiQuestion', event: RequirementEvent.REVIEWER_REQUEST },
  { template: 'questionnaire', event: RequirementEvent.REVIEWER_REQUEST },
  { template: 'advancedQuest', event: RequirementEvent.DERIVATIVES_OPT_IN },
  { template: 'pivQuestionnaire', event: RequirementEvent.LIMIT_INCREASE },
];

export interface RuleInput {
  site: string;
  country: string;
  level: number;
  /** Templates made due by events, with the event. */
  events: readonly { templateCode: string; cause: string }[];
}

/** The templates due for a user, in rule order, each once. */
export function dueTemplates(input: RuleInput, rules: readonly QuestionnaireRule[] = QUESTIONNAIRE_RULES): string[] {
  const due: string[] = [];
  for (const r of rules) {
    const matches = r.event
      ? input.events.some((e) => e.templateCode === r.template && e.cause === r.event)
      : (!r.sites || r.sites.includes(input.site)) && (!r.countries || r.countries.includes(input.country)) && input.level >= (r.minLevel ?? 0);
    if (matches && !due.includes(r.template)) due.push(r.template);
  }
  // An event for a template no rule names (a reviewer asks for any questionnaire) still makes it due.
  for (const e of input.events) if (!due.includes(e.templateCode)) due.push(e.templateCode);
  return byDuePriority(due, (code) => code);
}

/** Statuses in which a due questionnaire still waits for the user. */
export const AWAITS_USER: ReadonlySet<string> = new Set([
  QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNDEFINED,
  QuestionnaireStatus.QUESTIONNAIRE_STATUS_UNSUBMIT,
  QuestionnaireStatus.QUESTIONNAIRE_STATUS_REJECTED,
]);
