import { QuestionnaireScene, QuestionType, TemplateKind, type QuestionnaireTemplate } from '../model.ts';

/** Onboarding and ongoing due diligence: what the account is for and who the client is (reviewed). */

const form = (code: string, scene: QuestionnaireTemplate['scene'], sections: QuestionnaireTemplate['sections']): QuestionnaireTemplate => ({ code, version: 1, scene, kind: TemplateKind.FORM, sections });

/** question: the account's purpose and expected activity (customer due diligence at onboarding). */
export const question = form('question', QuestionnaireScene.ONBOARDING, [
  {
    id: 'use',
    questions: [
      { id: 'purpose', type: QuestionType.SINGLE, options: ['invest', 'trade', 'payments', 'other'] },
      { id: 'purpose_other', type: QuestionType.TEXT, maxLength: 200, showIf: { question: 'purpose', in: ['other'] } },
      { id: 'frequency', type: QuestionType.SINGLE, options: ['monthly', 'weekly', 'daily'] },
      { id: 'yearly_amount', type: QuestionType.SINGLE, options: ['amt_low', 'amt_mid', 'amt_high', 'amt_top'] },
      { id: 'employment', type: QuestionType.SINGLE, options: ['employed', 'self_employed', 'student', 'retired', 'unemployed'] },
    ],
  },
]);

/** ocquestion: ongoing check, a periodic refresh of what we know. */
export const ocquestion = form('ocquestion', QuestionnaireScene.ONBOARDING, [
  {
    id: 'changes',
    questions: [
      { id: 'job_changed', type: QuestionType.YES_NO },
      { id: 'new_occupation', type: QuestionType.TEXT, maxLength: 100, showIf: { question: 'job_changed', in: ['yes'] } },
      { id: 'volume', type: QuestionType.SINGLE, options: ['same', 'higher', 'lower'] },
      { id: 'other_platforms', type: QuestionType.YES_NO, hint: true },
    ],
  },
]);

/** newquestion: an account coming back after a long silence. */
export const newquestion = form('newquestion', QuestionnaireScene.ONBOARDING, [
  {
    id: 'back',
    questions: [
      { id: 'reason', type: QuestionType.SINGLE, options: ['resume', 'withdraw', 'other'] },
      { id: 'same_residence', type: QuestionType.YES_NO },
      { id: 'new_country', type: QuestionType.COUNTRY, showIf: { question: 'same_residence', in: ['no'] } },
      { id: 'sole_control', type: QuestionType.YES_NO, hint: true },
    ],
  },
]);

/** personalquestion: personal and professional details the level-1 form does not ask. */
export const personalquestion = form('personalquestion', QuestionnaireScene.ONBOARDING, [
  {
    id: 'about',
    questions: [
      { id: 'employment', type: QuestionType.SINGLE, options: ['employed', 'self_employed', 'student', 'retired', 'unemployed'] },
      { id: 'employer', type: QuestionType.TEXT, maxLength: 100, showIf: { question: 'employment', in: ['employed', 'self_employed'] } },
      { id: 'education', type: QuestionType.SINGLE, options: ['school', 'degree', 'postgraduate'] },
      { id: 'dependants', type: QuestionType.NUMBER, min: 0, max: 20 },
    ],
  },
]);

/** residenceInfo: where and since when the client lives (residence-based rules and taxes). */
export const residenceInfo = form('residenceInfo', QuestionnaireScene.ONBOARDING, [
  {
    id: 'residence',
    questions: [
      { id: 'since', type: QuestionType.DATE },
      { id: 'previous_country', type: QuestionType.COUNTRY, required: false },
      { id: 'housing', type: QuestionType.SINGLE, options: ['own', 'rent', 'with_family'] },
      { id: 'second_residence', type: QuestionType.YES_NO },
      { id: 'second_country', type: QuestionType.COUNTRY, showIf: { question: 'second_residence', in: ['yes'] } },
    ],
  },
]);
