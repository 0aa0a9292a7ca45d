import type { QuestionnaireTemplate } from './model.ts';
import { agreement, clientAgreement } from './templates/agreements.ts';
import { sourceOfFundsWealth } from './templates/aml.ts';
import { advancedQuest, piquestion, professional, qualifiedInvestor, standardQuest } from './templates/investor.ts';
import { newquestion, ocquestion, personalquestion, question, residenceInfo } from './templates/onboarding.ts';
import { cnsquestion, eddQuestionnaire, nsquestion, pivQuestionnaire, questionnaire, rcEddQuestionnaire, rcQuestionnaire, rfiQuestion } from './templates/screening.ts';
import { cryptoKnowledgeTest, riskToleranceTest } from './templates/suitability.ts';

export * from './model.ts';

/**
 * Every template version this server knows. A new version is appended, never edited in place:
 * stored answers name the version they answered, and the console shows them against it.
 */
export const TEMPLATE_VERSIONS: readonly QuestionnaireTemplate[] = [
  cryptoKnowledgeTest, riskToleranceTest, clientAgreement, sourceOfFundsWealth,
  question, ocquestion, newquestion, nsquestion, professional, agreement, questionnaire, eddQuestionnaire,
  qualifiedInvestor, residenceInfo, rcEddQuestionnaire, rcQuestionnaire, rfiQuestion, advancedQuest, standardQuest,
  piquestion, personalquestion, cnsquestion, pivQuestionnaire,
];

/** §2 routes with a questionnaire; template_code is the route's name (decision 020 says who answers each). */
export const TEMPLATE_CODES = [...new Set(TEMPLATE_VERSIONS.map((t) => t.code))];
export type TemplateCode = string;

export function isTemplateCode(code: string): boolean {
  return TEMPLATE_CODES.includes(code);
}

/** The newest version of a template (what a new questionnaire answers), or undefined. */
export function latestTemplate(code: string): QuestionnaireTemplate | undefined {
  return TEMPLATE_VERSIONS.filter((t) => t.code === code).sort((a, b) => b.version - a.version)[0];
}

/** An exact version (what stored answers are read against), or undefined. */
export function templateVersion(code: string, version: number): QuestionnaireTemplate | undefined {
  return TEMPLATE_VERSIONS.find((t) => t.code === code && t.version === version);
}

export { byDuePriority } from './priority.ts';
