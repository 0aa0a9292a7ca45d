import { QuestionnaireScene, QuestionType, RiskProfile, TemplateKind, type QuestionnaireTemplate } from '../model.ts';

/**
 * Appropriateness (knowledge) and suitability (risk tolerance): what a regulated exchange asks before
 * offering crypto-assets or leveraged products to a retail client.
 */

/** Scored: 6 questions, passed with 5 right (80 %); a fail waits out the cooling-off period. */
export const cryptoKnowledgeTest: QuestionnaireTemplate = {
  code: 'crypto-knowledge-test',
  version: 1,
  scene: QuestionnaireScene.SUITABILITY,
  kind: TemplateKind.TEST,
  passMark: 80,
  sections: [
    {
      id: 'basics',
      questions: [
        { id: 'custody', type: QuestionType.SINGLE, options: ['custody_exchange', 'custody_you', 'custody_bank'], correct: ['custody_exchange'] },
        { id: 'volatility', type: QuestionType.SINGLE, options: ['vol_further', 'vol_floor', 'vol_refund'], correct: ['vol_further'] },
        { id: 'irreversible', type: QuestionType.SINGLE, options: ['irr_lost', 'irr_undo', 'irr_bank'], correct: ['irr_lost'] },
      ],
    },
    {
      id: 'risks',
      questions: [
        { id: 'leverage', type: QuestionType.SINGLE, options: ['lev_liquidated', 'lev_small', 'lev_nothing'], correct: ['lev_liquidated'] },
        { id: 'protection', type: QuestionType.SINGLE, options: ['prot_no', 'prot_yes'], correct: ['prot_no'] },
        { id: 'phishing', type: QuestionType.SINGLE, options: ['phish_refuse', 'phish_share'], correct: ['phish_refuse'] },
      ],
    },
  ],
};

/** Scored into a risk profile (no right or wrong answers). */
export const riskToleranceTest: QuestionnaireTemplate = {
  code: 'risk-tolerance-test',
  version: 1,
  scene: QuestionnaireScene.SUITABILITY,
  kind: TemplateKind.PROFILE,
  riskBands: [
    { profile: RiskProfile.CONSERVATIVE, upTo: 2 },
    { profile: RiskProfile.MODERATE, upTo: 5 },
    { profile: RiskProfile.GROWTH, upTo: 8 },
    { profile: RiskProfile.AGGRESSIVE, upTo: 10 },
  ],
  sections: [
    {
      id: 'you',
      questions: [
        { id: 'horizon', type: QuestionType.SINGLE, options: ['h_short', 'h_mid', 'h_long'], points: { h_short: 0, h_mid: 1, h_long: 2 } },
        { id: 'share', type: QuestionType.SINGLE, options: ['share_small', 'share_mid', 'share_large'], points: { share_small: 0, share_mid: 1, share_large: 2 } },
        { id: 'drop', type: QuestionType.SINGLE, options: ['drop_sell', 'drop_hold', 'drop_buy'], points: { drop_sell: 0, drop_hold: 1, drop_buy: 2 } },
        { id: 'goal', type: QuestionType.SINGLE, options: ['goal_keep', 'goal_balance', 'goal_growth'], points: { goal_keep: 0, goal_balance: 1, goal_growth: 2 } },
        { id: 'experience', type: QuestionType.SINGLE, options: ['exp_never', 'exp_some', 'exp_often'], points: { exp_never: 0, exp_some: 1, exp_often: 2 } },
      ],
    },
  ],
};
