import { z } from '../zod.ts';
import { QuestionnaireStatus } from '../kyc.ts';
import { ValidationMessage } from '../validation.ts';
import { passRuleOf, QuestionnaireScene, QuestionType, RiskProfile, TemplateKind, TEMPLATE_CODES, type Question, type QuestionnaireTemplate } from '../questionnaires/index.ts';

/**
 * §7 questionnaire calls (issue 11, decision 020): questionnaire-template-detail, create-questionnaire,
 * submit-questionnaire, questionnaire-token, and beyond §7 the draft save, the list and evidence
 * uploads. Answers are checked against the template by shared/questionnaires (validateAnswers) on
 * both sides; these schemas check their shape.
 */

export const templateCodeValue = z.enum(TEMPLATE_CODES as [string, ...string[]], { error: ValidationMessage.TYPE });
const requestIdValue = z.uuid({ error: ValidationMessage.TYPE });
/** §7 scene_code and biz_from: where the questionnaire was opened from (kept with the answers). */
const sceneCodeValue = z.string({ error: ValidationMessage.TYPE }).trim().max(64, { error: ValidationMessage.MAX_LENGTH }).regex(/^[\w.-]*$/, { error: ValidationMessage.TYPE });

/** One answer: by question type (shared/questionnaires/model.ts). */
export const answerValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.array(z.string().max(200)).max(20)]);
export const answersValue = z.record(z.string().max(64), answerValue).refine((v) => Object.keys(v).length <= 100, { error: ValidationMessage.RANGE });

/** The template as the renderer draws it (the exact version the answers belong to). */
export const questionValue = z.object({
  id: z.string(),
  type: z.enum(QuestionType),
  required: z.boolean().optional(),
  options: z.array(z.string()).optional(),
  showIf: z.object({ question: z.string(), in: z.array(z.string()) }).optional(),
  hint: z.boolean().optional(),
  min: z.number().optional(),
  max: z.number().optional(),
  maxLength: z.number().optional(),
  future: z.boolean().optional(),
  maxFiles: z.number().optional(),
  // Never sent: the right answers of a test and the points of a profile stay on the server.
});
export const templateValue = z.object({
  code: z.string(),
  version: z.number().int(),
  scene: z.enum(QuestionnaireScene),
  kind: z.enum(TemplateKind),
  passMark: z.number().optional(),
  /** TEST: how many questions are scored and how many right answers pass (passRuleOf); the answers themselves stay on the server. */
  passRule: z.object({ scored: z.number().int(), passScore: z.number().int() }).optional(),
  sections: z.array(z.object({ id: z.string(), questions: z.array(questionValue) })),
});
export type TemplateView = z.output<typeof templateValue>;

type QuestionView = TemplateView['sections'][number]['questions'][number];

/** A question without what only the server and reviewers know (right answers, points). */
export function publicQuestion(q: Question): QuestionView {
  const { correct: _correct, points: _points, options, showIf, ...rest } = q;
  return { ...rest, ...(options ? { options: [...options] } : {}), ...(showIf ? { showIf: { question: showIf.question, in: [...showIf.in] } } : {}) };
}

/** The template as the user's renderer gets it: never a test's right answers or a profile's points. */
export function publicTemplate(t: QuestionnaireTemplate): TemplateView {
  return {
    code: t.code,
    version: t.version,
    scene: t.scene,
    kind: t.kind,
    ...(t.passMark !== undefined ? { passMark: t.passMark } : {}),
    ...(t.kind === TemplateKind.TEST ? { passRule: passRuleOf(t) } : {}),
    sections: t.sections.map((s) => ({ id: s.id, questions: s.questions.map(publicQuestion) })),
  };
}


/** What the system made of a scored submission. */
export const questionnaireOutcome = z.object({
  score: z.number().int(),
  maxScore: z.number().int(),
  /** TEST: at the pass mark or above. */
  passed: z.boolean().nullable(),
  /** TEST: questions answered wrongly (the screen explains each). */
  wrong: z.array(z.string()),
  /** PROFILE: the risk profile. */
  profile: z.enum(RiskProfile).nullable(),
});
export type QuestionnaireOutcome = z.output<typeof questionnaireOutcome>;

/** An evidence picture of a FILE question. */
export const evidenceValue = z.object({ id: z.string(), questionId: z.string(), createdAt: z.string(), byteSize: z.number().int() });
export type EvidenceView = z.output<typeof evidenceValue>;

/** GET questionnaire-template-detail: `template_code`, and `request_id` (with `scene_code`) or `biz_from`. */
export const templateDetailQuery = z.object({
  template_code: templateCodeValue,
  request_id: requestIdValue.optional(),
  scene_code: sceneCodeValue.optional(),
  biz_from: sceneCodeValue.optional(),
});
export type TemplateDetailQuery = z.input<typeof templateDetailQuery>;

export const templateDetailResult = z.object({
  /** The version the caller's current answers belong to (the newest when there are none). */
  template: templateValue,
  status: z.enum(QuestionnaireStatus),
  /** The current attempt (null before one is started). */
  requestId: z.string().nullable(),
  attempt: z.number().int(),
  answers: answersValue,
  evidence: z.array(evidenceValue),
  /** The answers may change now (a draft, or submitted and not yet under review). */
  editable: z.boolean(),
  /** Whether the caller must answer it (rules and events, decision 020). */
  due: z.boolean(),
  /** A new attempt or version may be started now. */
  canStart: z.boolean(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  outcome: questionnaireOutcome.nullable(),
  /** A failed test: when the next attempt opens. */
  retryAfter: z.string().nullable(),
  /** A reviewer's rejection: the message for the user, and whether a new version may follow. */
  rejection: z.object({ message: z.string(), final: z.boolean() }).nullable(),
});
export type TemplateDetailResult = z.output<typeof templateDetailResult>;

/** POST create-questionnaire. */
export const createQuestionnaireRequest = z.object({
  template_code: templateCodeValue,
  scene_code: sceneCodeValue.optional(),
  biz_from: sceneCodeValue.optional(),
});
export type CreateQuestionnaireRequest = z.input<typeof createQuestionnaireRequest>;
export const createQuestionnaireResult = z.object({ requestId: z.string(), status: z.enum(QuestionnaireStatus), attempt: z.number().int() });
export type CreateQuestionnaireResult = z.output<typeof createQuestionnaireResult>;

/**
 * §7 create-satos-questionnaire / query-satos-questionnaire (and their SDK variants): the Satos
 * custody onboarding asks the spot-trading appropriateness test (`standardQuest`) under scene
 * SATOS before the custody is opened (decision 025 addendum).
 */
export const SATOS_TEMPLATE_CODE = 'standardQuest';
export const SATOS_SCENE_CODE = 'SATOS';
export const createSatosQuestionnaireRequest = z.preprocess((v) => v ?? {}, z.object({ biz_from: sceneCodeValue.optional() }));
export const satosQuestionnaireResult = z.object({
  templateCode: z.string(),
  /** The attempt being answered or the last one; null before the first. */
  requestId: z.string().nullable(),
  status: z.enum(QuestionnaireStatus),
  /** APPROVED: passed (the custody may open); REJECTED: failed (a new attempt after the cooling-off). */
  retryAfter: z.string().nullable(),
});
export type SatosQuestionnaireResult = z.output<typeof satosQuestionnaireResult>;

/** POST save-questionnaire-draft (beyond §7): unfinished answers; only their shape is checked. */
export const saveDraftRequest = z.object({ request_id: requestIdValue, answers: answersValue });
export type SaveDraftRequest = z.input<typeof saveDraftRequest>;
export const saveDraftResult = z.object({ requestId: z.string(), savedAt: z.string() });
export type SaveDraftResult = z.output<typeof saveDraftResult>;

/** POST submit-questionnaire: every asked, required question answered. */
export const submitQuestionnaireRequest = z.object({ request_id: requestIdValue, answers: answersValue });
export type SubmitQuestionnaireRequest = z.input<typeof submitQuestionnaireRequest>;
export const submitQuestionnaireResult = z.object({
  requestId: z.string(),
  status: z.enum(QuestionnaireStatus),
  outcome: questionnaireOutcome.nullable(),
  retryAfter: z.string().nullable(),
});
export type SubmitQuestionnaireResult = z.output<typeof submitQuestionnaireResult>;

/** GET questionnaire-token?template_code: the handle (request_id) the caller answers under. */
export const questionnaireTokenQuery = z.object({ template_code: templateCodeValue });
export const questionnaireTokenResult = z.object({ token: z.string(), templateCode: z.string(), version: z.number().int() });
export type QuestionnaireTokenResult = z.output<typeof questionnaireTokenResult>;

/** GET questionnaire-list (beyond §7). */
export const questionnaireListResult = z.object({
  items: z.array(z.object({ templateCode: z.string(), scene: z.enum(QuestionnaireScene), kind: z.enum(TemplateKind), status: z.enum(QuestionnaireStatus), due: z.boolean() })),
});
export type QuestionnaireListResult = z.output<typeof questionnaireListResult>;

/** POST upload-questionnaire-evidence (multipart): text fields first, then the picture in `file`. */
export const uploadEvidenceFields = z.object({ request_id: requestIdValue, question_id: z.string({ error: ValidationMessage.REQUIRED }).min(1, { error: ValidationMessage.REQUIRED }).max(64) });
export const uploadEvidenceResult = evidenceValue;

/** POST delete-questionnaire-evidence. */
export const deleteEvidenceRequest = z.object({ request_id: requestIdValue, id: z.uuid({ error: ValidationMessage.TYPE }) });
export const deleteEvidenceResult = z.object({});
