import { isCountryCode } from '../countries.ts';
import type { FieldIssue } from '../envelope.ts';
import { hasInvisibleCharacters, ValidationMessage } from '../validation-rules.ts';

/**
 * Questionnaire templates as data (issue 11, docs/decisions/020): a template is a versioned list of
 * sections of typed questions. Texts are never here: every label is a translation key in the
 * `questionnaires` part of the user-accounts namespace, derived from the template's code and the
 * question's id (see `textKeys`). Browser and server validate answers with the same functions.
 */

export const QuestionType = {
  /** One of `options`. */
  SINGLE: 'SINGLE',
  /** Any of `options` (at least one when required). */
  MULTI: 'MULTI',
  /** Free text, one paragraph. */
  TEXT: 'TEXT',
  /** A number within min..max. */
  NUMBER: 'NUMBER',
  /** A calendar date (YYYY-MM-DD), in the past unless `future`. */
  DATE: 'DATE',
  /** An ISO 3166 country code. */
  COUNTRY: 'COUNTRY',
  /** 'yes' or 'no'; follow-up questions say `showIf: { question, in: ['yes'] }`. */
  YES_NO: 'YES_NO',
  /** Evidence pictures uploaded through the documents module's safe path (their ids). */
  FILE: 'FILE',
  /** A statement to accept (true). */
  DECLARATION: 'DECLARATION',
} as const;
export type QuestionType = (typeof QuestionType)[keyof typeof QuestionType];

/**
 * What a template is for, which decides what a submission does:
 * - FORM: a reviewer decides (the submission is a review case, status PENDING);
 * - TEST: scored against the pass mark by the system at once; a fail shows what was wrong and opens
 *   a new attempt only after the cooling-off period;
 * - PROFILE: scored into a risk profile by the system at once;
 * - AGREEMENT: the acceptance of a versioned text, recorded with time and IP, at once.
 */
export const TemplateKind = { FORM: 'FORM', TEST: 'TEST', PROFILE: 'PROFILE', AGREEMENT: 'AGREEMENT' } as const;
export type TemplateKind = (typeof TemplateKind)[keyof typeof TemplateKind];

/** §7 scene_code: the context a questionnaire is asked in (onboarding, AML, investor status, …). */
export const QuestionnaireScene = {
  ONBOARDING: 'ONBOARDING',
  AML: 'AML',
  SUITABILITY: 'SUITABILITY',
  INVESTOR_STATUS: 'INVESTOR_STATUS',
  AGREEMENT: 'AGREEMENT',
} as const;
export type QuestionnaireScene = (typeof QuestionnaireScene)[keyof typeof QuestionnaireScene];

export interface Question {
  /** Stable within the template; part of its translation keys. */
  id: string;
  type: QuestionType;
  /** Default true. */
  required?: boolean;
  /** SINGLE / MULTI: option ids; labels at `t.<code>.o.<id>`, or `sets.<id>` for ids in SHARED_OPTIONS. */
  options?: readonly string[];
  /** Asked only when another question's answer is one of `in` (a yes/no follow-up, an "other" box). */
  showIf?: { question: string; in: readonly string[] };
  /** Whether `t.<code>.q.<id>_hint` exists (help under the label). */
  hint?: boolean;
  /** NUMBER bounds (inclusive). */
  min?: number;
  max?: number;
  /** TEXT: the longest answer (default 500). */
  maxLength?: number;
  /** DATE: a date that may lie ahead (default: today or earlier). */
  future?: boolean;
  /** FILE: how many pictures at most (default 3). */
  maxFiles?: number;
  /** TEST: the right option(s); a MULTI answer must be exactly this set. Explained at `q.<id>_why`. */
  correct?: readonly string[];
  /** PROFILE: points of each option towards the risk score. */
  points?: Readonly<Record<string, number>>;
}

export interface Section {
  /** Title at `t.<code>.s.<id>`. */
  id: string;
  questions: readonly Question[];
}

/** Risk profile bands of a PROFILE template: the first band whose `upTo` is not below the score. */
export interface RiskBand {
  profile: RiskProfile;
  upTo: number;
}

export const RiskProfile = { CONSERVATIVE: 'CONSERVATIVE', MODERATE: 'MODERATE', GROWTH: 'GROWTH', AGGRESSIVE: 'AGGRESSIVE' } as const;
export type RiskProfile = (typeof RiskProfile)[keyof typeof RiskProfile];

export interface QuestionnaireTemplate {
  /** §7 template_code (the §2 route that shows it). */
  code: string;
  /** Answers are stored against the exact version they answered; a changed text or question is a new version. */
  version: number;
  scene: QuestionnaireScene;
  kind: TemplateKind;
  sections: readonly Section[];
  /** TEST: the share of points (percent) needed to pass. */
  passMark?: number;
  /** PROFILE: score bands, ascending. */
  riskBands?: readonly RiskBand[];
}

/** Options every template may use without its own text (`sets.<id>`): answers, sources, amounts, work. */
export const SHARED_OPTIONS = [
  'yes', 'no', 'other',
  'salary', 'business', 'savings', 'investments', 'inheritance',
  'amt_low', 'amt_mid', 'amt_high', 'amt_top',
  'employed', 'self_employed', 'student', 'retired', 'unemployed',
  'self', 'family',
] as const;
const SHARED = new Set<string>(SHARED_OPTIONS);

/** One answer as stored and sent: by question type (see QuestionType). */
export type AnswerValue = string | number | boolean | string[];
export type Answers = Readonly<Record<string, AnswerValue>>;

/** The translation keys of a template's texts, relative to the user-accounts namespace. */
export const textKeys = {
  title: (code: string) => `questionnaires.t.${code}.title`,
  intro: (code: string) => `questionnaires.t.${code}.intro`,
  section: (code: string, id: string) => `questionnaires.t.${code}.s.${id}`,
  question: (code: string, id: string) => `questionnaires.t.${code}.q.${id}`,
  hint: (code: string, id: string) => `questionnaires.t.${code}.q.${id}_hint`,
  why: (code: string, id: string) => `questionnaires.t.${code}.q.${id}_why`,
  option: (code: string, id: string) => (SHARED.has(id) ? `questionnaires.sets.${id}` : `questionnaires.t.${code}.o.${id}`),
};

/** Every translation key a template needs (the locale test checks each in every language). */
export function templateKeys(t: QuestionnaireTemplate): string[] {
  const keys = [textKeys.title(t.code), textKeys.intro(t.code)];
  for (const s of t.sections) {
    keys.push(textKeys.section(t.code, s.id));
    for (const q of s.questions) {
      keys.push(textKeys.question(t.code, q.id));
      if (q.hint) keys.push(textKeys.hint(t.code, q.id));
      if (q.correct) keys.push(textKeys.why(t.code, q.id));
      for (const o of q.options ?? []) keys.push(textKeys.option(t.code, o));
    }
  }
  return [...new Set(keys)];
}

export const allQuestions = (t: QuestionnaireTemplate): Question[] => t.sections.flatMap((s) => s.questions);

const asList = (v: AnswerValue | undefined): readonly string[] => (Array.isArray(v) ? v : typeof v === 'string' ? [v] : []);

/** Whether a question is asked, given the answers so far (its condition, and its condition's question's, hold). */
export function isShown(t: QuestionnaireTemplate, q: Question, answers: Answers, seen = new Set<string>()): boolean {
  if (!q.showIf) return true;
  if (seen.has(q.id)) return false;
  const parent = allQuestions(t).find((p) => p.id === q.showIf!.question);
  if (!parent || !isShown(t, parent, answers, new Set([...seen, q.id]))) return false;
  return asList(answers[parent.id]).some((v) => q.showIf!.in.includes(v));
}

/** The answers of questions that are asked: what is stored on submit (hidden follow-ups are dropped). */
export function shownAnswers(t: QuestionnaireTemplate, answers: Answers): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const q of allQuestions(t)) if (answers[q.id] !== undefined && isShown(t, q, answers)) out[q.id] = answers[q.id]!;
  return out;
}

const isEmpty = (v: AnswerValue | undefined) => v === undefined || v === '' || (Array.isArray(v) && v.length === 0) || v === false;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** One answer's problem (a §5 validation message key), or null. `today` is YYYY-MM-DD. */
export function answerIssue(q: Question, v: AnswerValue | undefined, today: string): string | null {
  if (isEmpty(v)) return q.required === false ? null : ValidationMessage.REQUIRED;
  switch (q.type) {
    case QuestionType.SINGLE:
      return typeof v === 'string' && q.options?.includes(v) ? null : ValidationMessage.TYPE;
    case QuestionType.YES_NO:
      return v === 'yes' || v === 'no' ? null : ValidationMessage.TYPE;
    case QuestionType.MULTI:
      return Array.isArray(v) && v.every((x) => q.options?.includes(x)) && new Set(v).size === v.length ? null : ValidationMessage.TYPE;
    case QuestionType.TEXT: {
      if (typeof v !== 'string') return ValidationMessage.TYPE;
      if (hasInvisibleCharacters(v, { multiline: true })) return ValidationMessage.INVISIBLE_CHARACTERS;
      return v.trim().length > (q.maxLength ?? 500) ? ValidationMessage.MAX_LENGTH : v.trim() === '' && q.required !== false ? ValidationMessage.REQUIRED : null;
    }
    case QuestionType.NUMBER:
      if (typeof v !== 'number' || !Number.isFinite(v)) return ValidationMessage.TYPE;
      return (q.min !== undefined && v < q.min) || (q.max !== undefined && v > q.max) ? ValidationMessage.RANGE : null;
    case QuestionType.DATE:
      if (typeof v !== 'string' || !DATE.test(v) || Number.isNaN(Date.parse(`${v}T00:00:00Z`))) return ValidationMessage.TYPE;
      return !q.future && v > today ? ValidationMessage.RANGE : null;
    case QuestionType.COUNTRY:
      return typeof v === 'string' && isCountryCode(v) ? null : ValidationMessage.TYPE;
    case QuestionType.FILE:
      if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) return ValidationMessage.TYPE;
      return v.length > (q.maxFiles ?? 3) ? ValidationMessage.RANGE : null;
    case QuestionType.DECLARATION:
      return v === true ? null : ValidationMessage.REQUIRED;
  }
  return ValidationMessage.TYPE;
}

/**
 * Checks answers against a template. `complete`: every asked, required question must be answered
 * (submit); otherwise only what is there must be well-formed (a draft). Unknown question ids are refused.
 */
export function validateAnswers(t: QuestionnaireTemplate, answers: Answers, { complete, today }: { complete: boolean; today: string }): FieldIssue[] {
  const issues: FieldIssue[] = [];
  const ids = new Set(allQuestions(t).map((q) => q.id));
  for (const key of Object.keys(answers)) if (!ids.has(key)) issues.push({ path: key, code: ValidationMessage.TYPE });
  for (const q of allQuestions(t)) {
    const v = answers[q.id];
    if (!complete && isEmpty(v)) continue;
    if (complete && !isShown(t, q, answers)) continue;
    const issue = answerIssue(q, v, today);
    if (issue) issues.push({ path: q.id, code: issue });
  }
  return issues;
}

export interface TestScore {
  score: number;
  maxScore: number;
  passed: boolean;
  /** Question ids answered wrongly (their `_why` explains the right answer). */
  wrong: string[];
}

/**
 * TEST templates: how many questions are scored and how many right answers pass (the pass mark is a
 * percentage of them). Screens say this from the template, so the wording never states a number of
 * its own that a template change would make wrong (issue 27).
 */
export function passRuleOf(t: QuestionnaireTemplate): { scored: number; passScore: number } {
  const scored = allQuestions(t).filter((q) => q.correct).length;
  return { scored, passScore: Math.ceil(((t.passMark ?? 100) * scored) / 100) };
}

/** TEST templates: one point per question answered exactly right; passed at the pass mark (percent). */
export function scoreTest(t: QuestionnaireTemplate, answers: Answers): TestScore {
  const scored = allQuestions(t).filter((q) => q.correct);
  const wrong = scored.filter((q) => {
    const given = [...asList(answers[q.id])].sort();
    const right = [...q.correct!].sort();
    return given.length !== right.length || given.some((v, i) => v !== right[i]);
  });
  const score = scored.length - wrong.length;
  return { score, maxScore: scored.length, passed: score * 100 >= (t.passMark ?? 100) * scored.length, wrong: wrong.map((q) => q.id) };
}

/** PROFILE templates: the sum of the chosen options' points, and its band. */
export function scoreProfile(t: QuestionnaireTemplate, answers: Answers): { score: number; maxScore: number; profile: RiskProfile } {
  let score = 0;
  let maxScore = 0;
  for (const q of allQuestions(t)) {
    if (!q.points) continue;
    maxScore += Math.max(...Object.values(q.points));
    for (const v of asList(answers[q.id])) score += q.points[v] ?? 0;
  }
  const bands = t.riskBands ?? [];
  const profile = bands.find((b) => score <= b.upTo)?.profile ?? bands.at(-1)?.profile ?? RiskProfile.CONSERVATIVE;
  return { score, maxScore, profile };
}
