import type { TemplateView } from '../../../../shared/api/questionnaires.ts';
import { answerIssue, isShown, QuestionType, textKeys, type Answers, type Question, type QuestionnaireTemplate } from '../../../../shared/questionnaires/model.ts';

/** The renderer's rules over shared/questionnaires: which questions a section asks now, and their problems. */

export const asTemplate = (t: TemplateView): QuestionnaireTemplate => t;

/** The questions of a section that are asked, given the answers so far. */
export function shownQuestions(t: TemplateView, sectionIndex: number, answers: Answers): Question[] {
  return (t.sections[sectionIndex]?.questions ?? []).filter((q) => isShown(asTemplate(t), q, answers));
}

/** Problems of one section's asked questions (question id -> validation key), as the server checks them on submit. */
export function sectionIssues(t: TemplateView, sectionIndex: number, answers: Answers, today: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const q of shownQuestions(t, sectionIndex, answers)) {
    const issue = answerIssue(q, answers[q.id], today);
    if (issue) out[q.id] = issue;
  }
  return out;
}

/** The first section with a problem (the review page sends the user there), or -1. */
export function firstSectionWithIssues(t: TemplateView, answers: Answers, today: string): number {
  return t.sections.findIndex((_, i) => Object.keys(sectionIssues(t, i, answers, today)).length > 0);
}

/** Drops answers of questions no longer asked (a follow-up whose condition changed), as the server stores them. */
export function withoutHidden(t: TemplateView, answers: Answers): Record<string, Answers[string]> {
  const out: Record<string, Answers[string]> = {};
  for (const s of t.sections) for (const q of s.questions) if (answers[q.id] !== undefined && isShown(asTemplate(t), q, answers)) out[q.id] = answers[q.id]!;
  return out;
}

/** The answer as text for the review page and the console: option labels, dates, numbers, files. */
export function answerText(code: string, q: Question, value: Answers[string] | undefined, t: (key: string, o?: Record<string, unknown>) => string, countryName: (c: string) => string): string | null {
  if (value === undefined || value === '' || (Array.isArray(value) && value.length === 0)) return null;
  switch (q.type) {
    case QuestionType.SINGLE:
    case QuestionType.MULTI:
    case QuestionType.YES_NO:
      return (Array.isArray(value) ? value : [String(value)]).map((v) => t(textKeys.option(code, v))).join(', ');
    case QuestionType.DECLARATION:
      return value === true ? t('questionnaires.ui.accepted') : null;
    case QuestionType.FILE:
      return t('questionnaires.ui.fileCount', { count: (value as string[]).length, max: q.maxFiles ?? 3 });
    case QuestionType.COUNTRY:
      return countryName(String(value));
    default:
      return String(value);
  }
}
