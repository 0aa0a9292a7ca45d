import { QuestionnaireScene, QuestionType, TemplateKind, type QuestionnaireTemplate } from '../model.ts';

/**
 * Agreements: each clause is a declaration whose hint holds the clause's text, so the text the user
 * accepted is exactly the template version stored with the acceptance (time and IP).
 */
export const clientAgreement: QuestionnaireTemplate = {
  code: 'client-agreement',
  version: 1,
  scene: QuestionnaireScene.AGREEMENT,
  kind: TemplateKind.AGREEMENT,
  sections: [
    {
      id: 'terms',
      questions: [
        { id: 'risk', type: QuestionType.DECLARATION, hint: true },
        { id: 'no_advice', type: QuestionType.DECLARATION, hint: true },
        { id: 'custody', type: QuestionType.DECLARATION, hint: true },
        { id: 'accept', type: QuestionType.DECLARATION, hint: true },
      ],
    },
  ],
};

/** agreement: consent to data processing, electronic communications and tax reporting. */
export const agreement: QuestionnaireTemplate = {
  code: 'agreement',
  version: 1,
  scene: QuestionnaireScene.AGREEMENT,
  kind: TemplateKind.AGREEMENT,
  sections: [
    {
      id: 'consents',
      questions: [
        { id: 'data', type: QuestionType.DECLARATION, hint: true },
        { id: 'electronic', type: QuestionType.DECLARATION, hint: true },
        { id: 'tax', type: QuestionType.DECLARATION, hint: true },
      ],
    },
  ],
};
