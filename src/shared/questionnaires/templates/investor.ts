import { QuestionnaireScene, QuestionType, TemplateKind, type QuestionnaireTemplate } from '../model.ts';

/**
 * Investor status: a client asks to be treated as professional or qualified (losing some retail
 * protections); a reviewer checks the evidence. And the two spot/derivatives knowledge tests.
 */

const status = (code: string, sections: QuestionnaireTemplate['sections']): QuestionnaireTemplate => ({ code, version: 1, scene: QuestionnaireScene.INVESTOR_STATUS, kind: TemplateKind.FORM, sections });

/** professional: professional client on request (significant trading, a large portfolio, work in finance). */
export const professional = status('professional', [
  {
    id: 'criteria',
    questions: [
      { id: 'trades', type: QuestionType.YES_NO, hint: true },
      { id: 'portfolio', type: QuestionType.YES_NO, hint: true },
      { id: 'finance_job', type: QuestionType.YES_NO },
      { id: 'finance_role', type: QuestionType.TEXT, maxLength: 200, showIf: { question: 'finance_job', in: ['yes'] } },
      { id: 'evidence', type: QuestionType.FILE, hint: true, maxFiles: 3 },
      { id: 'protections', type: QuestionType.DECLARATION, hint: true },
    ],
  },
]);

/** qualifiedInvestor: qualified investor by assets or income, with evidence. */
export const qualifiedInvestor = status('qualifiedInvestor', [
  {
    id: 'criteria',
    questions: [
      { id: 'basis', type: QuestionType.SINGLE, options: ['assets', 'income', 'licensed'] },
      { id: 'evidence', type: QuestionType.FILE, hint: true, maxFiles: 3 },
      { id: 'protections', type: QuestionType.DECLARATION, hint: true },
    ],
  },
]);

/** piquestion: professional investor under a portfolio threshold (for example Hong Kong's). */
export const piquestion = status('piquestion', [
  {
    id: 'portfolio',
    questions: [
      { id: 'holder', type: QuestionType.SINGLE, options: ['individual', 'joint', 'company'] },
      { id: 'threshold', type: QuestionType.YES_NO, hint: true },
      { id: 'evidence', type: QuestionType.FILE, maxFiles: 3 },
      { id: 'protections', type: QuestionType.DECLARATION, hint: true },
    ],
  },
]);

const test = (code: string, questions: QuestionnaireTemplate['sections'][number]['questions']): QuestionnaireTemplate => ({
  code,
  version: 1,
  scene: QuestionnaireScene.SUITABILITY,
  kind: TemplateKind.TEST,
  passMark: 75,
  sections: [{ id: 'test', questions }],
});

/** standardQuest: spot trading basics (orders, fees, keys); 3 of 4 to pass. */
export const standardQuest = test('standardQuest', [
  { id: 'limit', type: QuestionType.SINGLE, options: ['limit_price', 'limit_now'], correct: ['limit_price'] },
  { id: 'fees', type: QuestionType.SINGLE, options: ['fees_both', 'fees_none'], correct: ['fees_both'] },
  { id: 'seed', type: QuestionType.SINGLE, options: ['seed_secret', 'seed_share'], correct: ['seed_secret'] },
  { id: 'diversify', type: QuestionType.SINGLE, options: ['div_spread', 'div_one'], correct: ['div_spread'] },
]);

/** advancedQuest: derivatives (margin, liquidation, funding); 3 of 4 to pass. */
export const advancedQuest = test('advancedQuest', [
  { id: 'margin_call', type: QuestionType.SINGLE, options: ['mc_add', 'mc_profit'], correct: ['mc_add'] },
  { id: 'funding', type: QuestionType.SINGLE, options: ['fund_periodic', 'fund_once'], correct: ['fund_periodic'] },
  { id: 'stop', type: QuestionType.SINGLE, options: ['stop_limit', 'stop_guarantee'], correct: ['stop_limit'] },
  { id: 'short', type: QuestionType.SINGLE, options: ['short_fall', 'short_rise'], correct: ['short_fall'] },
]);
