import { QuestionnaireScene, QuestionType, TemplateKind, type QuestionnaireTemplate } from '../model.ts';

/** Anti-money-laundering follow-ups: name screening, enhanced due diligence, requests for information (reviewed). */

const aml = (code: string, sections: QuestionnaireTemplate['sections']): QuestionnaireTemplate => ({ code, version: 1, scene: QuestionnaireScene.AML, kind: TemplateKind.FORM, sections });

/** nsquestion: a possible match at onboarding name screening; the client helps tell them apart. */
export const nsquestion = aml('nsquestion', [
  {
    id: 'identity',
    questions: [
      { id: 'other_names', type: QuestionType.TEXT, maxLength: 200, required: false, hint: true },
      { id: 'birth_country', type: QuestionType.COUNTRY },
      { id: 'public_role', type: QuestionType.YES_NO },
      { id: 'public_role_details', type: QuestionType.TEXT, maxLength: 300, showIf: { question: 'public_role', in: ['yes'] } },
      { id: 'sanctions_link', type: QuestionType.YES_NO },
      { id: 'sanctions_details', type: QuestionType.TEXT, maxLength: 300, showIf: { question: 'sanctions_link', in: ['yes'] } },
    ],
  },
]);

/** cnsquestion: continuous screening found a new possible match on an existing client. */
export const cnsquestion = aml('cnsquestion', [
  {
    id: 'match',
    questions: [
      { id: 'is_you', type: QuestionType.SINGLE, options: ['not_me', 'me', 'unsure'] },
      { id: 'explain', type: QuestionType.TEXT, maxLength: 1000, hint: true },
      { id: 'evidence', type: QuestionType.FILE, required: false, maxFiles: 2 },
    ],
  },
]);

/** questionnaire: the standard customer due diligence form (tax residence, acting for oneself). */
export const questionnaire = aml('questionnaire', [
  {
    id: 'tax',
    questions: [
      { id: 'tax_country', type: QuestionType.COUNTRY },
      { id: 'tin', type: QuestionType.TEXT, maxLength: 40, hint: true },
      { id: 'us_person', type: QuestionType.YES_NO, hint: true },
      { id: 'own_behalf', type: QuestionType.YES_NO },
      { id: 'beneficiary', type: QuestionType.TEXT, maxLength: 300, showIf: { question: 'own_behalf', in: ['no'] } },
    ],
  },
]);

/** eddQuestionnaire: enhanced due diligence for higher-risk clients. */
export const eddQuestionnaire = aml('eddQuestionnaire', [
  {
    id: 'means',
    questions: [
      { id: 'net_worth', type: QuestionType.SINGLE, options: ['amt_low', 'amt_mid', 'amt_high', 'amt_top'] },
      { id: 'income', type: QuestionType.SINGLE, options: ['amt_low', 'amt_mid', 'amt_high', 'amt_top'] },
      { id: 'crypto_origin', type: QuestionType.MULTI, options: ['bought', 'mined', 'received', 'other'] },
      { id: 'risk_countries', type: QuestionType.YES_NO, hint: true },
      { id: 'risk_country', type: QuestionType.COUNTRY, showIf: { question: 'risk_countries', in: ['yes'] } },
      { id: 'truthful', type: QuestionType.DECLARATION },
    ],
  },
]);

/** rcEddQuestionnaire: enhanced due diligence on a regulated site (its regulator's extra questions). */
export const rcEddQuestionnaire = aml('rcEddQuestionnaire', [
  {
    id: 'work',
    questions: [
      { id: 'industry', type: QuestionType.SINGLE, options: ['finance', 'gambling', 'crypto', 'cash', 'other'] },
      { id: 'employer', type: QuestionType.TEXT, maxLength: 100 },
      { id: 'monthly', type: QuestionType.SINGLE, options: ['amt_low', 'amt_mid', 'amt_high', 'amt_top'] },
      { id: 'evidence', type: QuestionType.FILE, maxFiles: 3 },
    ],
  },
]);

/** rcQuestionnaire: the standard questions of a regulated site. */
export const rcQuestionnaire = aml('rcQuestionnaire', [
  {
    id: 'local',
    questions: [
      { id: 'citizen', type: QuestionType.YES_NO },
      { id: 'local_id', type: QuestionType.TEXT, maxLength: 40, hint: true },
      { id: 'heard', type: QuestionType.SINGLE, options: ['friend', 'ad', 'search', 'other'] },
      { id: 'advice', type: QuestionType.YES_NO, hint: true },
    ],
  },
]);

/** rfiQuestion: a reviewer's request for information about a transaction. */
export const rfiQuestion = aml('rfiQuestion', [
  {
    id: 'transaction',
    questions: [
      { id: 'purpose', type: QuestionType.TEXT, maxLength: 500 },
      { id: 'counterparty', type: QuestionType.TEXT, maxLength: 200 },
      { id: 'relationship', type: QuestionType.SINGLE, options: ['self', 'family', 'partner', 'merchant', 'other'] },
      { id: 'evidence', type: QuestionType.FILE, required: false, maxFiles: 3 },
    ],
  },
]);

/** pivQuestionnaire: proof of income, where deposits must match a verified income. */
export const pivQuestionnaire = aml('pivQuestionnaire', [
  {
    id: 'income',
    questions: [
      { id: 'source', type: QuestionType.SINGLE, options: ['salary', 'business', 'investments', 'other'] },
      { id: 'monthly', type: QuestionType.NUMBER, min: 0, max: 100000000, hint: true },
      { id: 'evidence', type: QuestionType.FILE, maxFiles: 3 },
      { id: 'truthful', type: QuestionType.DECLARATION },
    ],
  },
]);
