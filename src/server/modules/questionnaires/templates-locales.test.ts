import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TranslationNamespace } from '../../../shared/api/paths.ts';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import { allQuestions, QuestionType, TemplateKind, TEMPLATE_VERSIONS, templateKeys, validateAnswers, type Answers, type QuestionnaireTemplate } from '../../../shared/questionnaires/index.ts';
import { RiskProfile } from '../../../shared/questionnaires/model.ts';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { loadNamespace } from '../../plugins/translations.ts';

/**
 * Every template's texts exist in every shipped language (issue 11), the templates are well-formed
 * (unique ids, conditions on earlier questions, options where needed, scoring where the kind needs
 * it), and a complete set of answers validates.
 */
const LOCALES = path.resolve('locales');

function lookup(data: Record<string, unknown>, key: string): unknown {
  return key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), data);
}

/** A valid answer for every question, follow-ups included (first option, a sentence, a past date, …). */
function completeAnswers(t: QuestionnaireTemplate): Answers {
  const out: Record<string, Answers[string]> = {};
  for (const q of allQuestions(t)) {
    out[q.id] =
      q.type === QuestionType.SINGLE ? q.options![0]! : q.type === QuestionType.MULTI ? [q.options![0]!] : q.type === QuestionType.YES_NO ? 'no' : q.type === QuestionType.NUMBER ? (q.min ?? 0) : q.type === QuestionType.DATE ? '2020-01-01' : q.type === QuestionType.COUNTRY ? 'DE' : q.type === QuestionType.DECLARATION ? true : q.type === QuestionType.FILE ? [] : 'An answer';
  }
  return out;
}

describe('questionnaire templates', () => {
  it.each(SHIPPED_LANGUAGES)('%s has every text of every template, the statuses and the risk profiles', async (lng) => {
    const data = (await loadNamespace(LOCALES, TranslationNamespace.USER_ACCOUNTS, lng))!;
    const keys = [
      ...TEMPLATE_VERSIONS.flatMap(templateKeys),
      ...Object.values(QuestionnaireStatus).map((s) => `questionnaires.status.${s}`),
      ...Object.values(RiskProfile).flatMap((p) => [`questionnaires.profile.${p}.title`, `questionnaires.profile.${p}.text`]),
    ];
    const missing = keys.filter((k) => typeof lookup(data, k) !== 'string' || String(lookup(data, k)).trim() === '');
    expect(missing).toEqual([]);
  });

  it.each(TEMPLATE_VERSIONS.map((t) => [`${t.code} v${t.version}`, t] as const))('%s is well-formed and its complete answers validate', (_name, t) => {
    const ids = allQuestions(t).map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
    allQuestions(t).forEach((q, i) => {
      if (q.type === QuestionType.SINGLE || q.type === QuestionType.MULTI) expect(q.options?.length, q.id).toBeGreaterThan(1);
      if (q.showIf) expect(ids.slice(0, i), `${q.id} depends on an earlier question`).toContain(q.showIf.question);
      if (q.correct) expect(q.options).toEqual(expect.arrayContaining([...q.correct]));
    });
    if (t.kind === TemplateKind.TEST) expect(allQuestions(t).filter((q) => q.correct).length).toBeGreaterThan(0);
    if (t.kind === TemplateKind.PROFILE) expect(t.riskBands?.length).toBeGreaterThan(0);
    if (t.kind === TemplateKind.AGREEMENT) expect(allQuestions(t).every((q) => q.type === QuestionType.DECLARATION)).toBe(true);
    const answers = completeAnswers(t);
    const requiredFiles = allQuestions(t).filter((q) => q.type === QuestionType.FILE && q.required !== false).map((q) => q.id);
    const issues = validateAnswers(t, answers, { complete: true, today: '2030-01-01' }).filter((i) => !requiredFiles.includes(i.path));
    expect(issues).toEqual([]);
    // And an empty submission names every required question.
    expect(validateAnswers(t, {}, { complete: true, today: '2030-01-01' }).length).toBeGreaterThan(0);
  });
});

describe('who must answer: the rules', () => {
  it('name only templates that exist, and sites, countries and events that exist', async () => {
    const { QUESTIONNAIRE_RULES, RequirementEvent } = await import('./rules.ts');
    const codes = new Set(TEMPLATE_VERSIONS.map((t) => t.code));
    for (const r of QUESTIONNAIRE_RULES) {
      expect(codes.has(r.template), r.template).toBe(true);
      if (r.event) expect(Object.values(RequirementEvent)).toContain(r.event);
      for (const s of r.sites ?? []) expect(['MAIN', 'HKG', 'ARE']).toContain(s);
    }
  });

  it('a site rule needs its site, country and level; an event rule its event', async () => {
    const { dueTemplates, RequirementEvent } = await import('./rules.ts');
    expect(dueTemplates({ site: 'MAIN', country: 'DE', level: 2, events: [] })).toEqual([]);
    expect(dueTemplates({ site: 'MAIN', country: 'GB', level: 0, events: [] })).toEqual([]);
    expect(dueTemplates({ site: 'MAIN', country: 'GB', level: 1, events: [] })).toEqual(['crypto-knowledge-test']);
    expect(dueTemplates({ site: 'HKG', country: 'HK', level: 1, events: [] })).toEqual(['risk-tolerance-test', 'client-agreement', 'question', 'rcQuestionnaire']);
    expect(dueTemplates({ site: 'MAIN', country: 'DE', level: 1, events: [{ templateCode: 'nsquestion', cause: RequirementEvent.NAME_SCREENING_HIT }] })).toEqual(['nsquestion']);
  });

  it('the name-screening questions come first: whether the match is the user is asked before anything else due', async () => {
    const { dueTemplates, RequirementEvent } = await import('./rules.ts');
    const hit = { templateCode: 'nsquestion', cause: RequirementEvent.NAME_SCREENING_HIT };
    const edd = [{ templateCode: 'sourceOfFundsWealth', cause: RequirementEvent.HIGH_RISK }, { templateCode: 'eddQuestionnaire', cause: RequirementEvent.HIGH_RISK }];
    expect(dueTemplates({ site: 'HKG', country: 'HK', level: 1, events: [...edd, hit] })).toEqual(['nsquestion', 'risk-tolerance-test', 'client-agreement', 'question', 'rcQuestionnaire', 'eddQuestionnaire', 'sourceOfFundsWealth']);
  });
});
