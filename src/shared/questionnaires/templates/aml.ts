import { QuestionnaireScene, QuestionType, TemplateKind, type QuestionnaireTemplate } from '../model.ts';

/** Anti-money-laundering questionnaires: reviewed by compliance (FORM). */

/** Where the money on the account comes from, and how the client's wealth was built, with evidence. */
export const sourceOfFundsWealth: QuestionnaireTemplate = {
  code: 'sourceOfFundsWealth',
  version: 1,
  scene: QuestionnaireScene.AML,
  kind: TemplateKind.FORM,
  sections: [
    {
      id: 'funds',
      questions: [
        { id: 'funds_source', type: QuestionType.MULTI, options: ['salary', 'business', 'savings', 'investments', 'inheritance', 'other'] },
        { id: 'funds_other', type: QuestionType.TEXT, maxLength: 200, showIf: { question: 'funds_source', in: ['other'] } },
        { id: 'yearly_amount', type: QuestionType.SINGLE, options: ['amt_low', 'amt_mid', 'amt_high', 'amt_top'] },
      ],
    },
    {
      id: 'wealth',
      questions: [
        { id: 'occupation', type: QuestionType.TEXT, maxLength: 100 },
        { id: 'wealth_source', type: QuestionType.SINGLE, options: ['salary', 'business', 'inheritance', 'investments', 'other'] },
        { id: 'wealth_details', type: QuestionType.TEXT, hint: true, maxLength: 1000 },
      ],
    },
    {
      id: 'evidence',
      questions: [
        { id: 'evidence', type: QuestionType.FILE, hint: true, maxFiles: 3 },
        { id: 'pep', type: QuestionType.YES_NO, hint: true },
        { id: 'pep_details', type: QuestionType.TEXT, maxLength: 500, showIf: { question: 'pep', in: ['yes'] } },
        { id: 'truthful', type: QuestionType.DECLARATION },
      ],
    },
  ],
};
