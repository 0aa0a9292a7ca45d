import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { QuestionType, textKeys } from '../../../../shared/questionnaires/model.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { countryLabel, formatDateTime } from '../format.ts';

/** The subject of a QUESTIONNAIRE case (decision 020). */
export type QuestionnaireCaseSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.QUESTIONNAIRE }>;

/**
 * What a reviewer reads: each asked question of the template version the user answered, with the
 * answer; for a test the right answer and whether it was met, for a profile the points; the
 * evidence pictures; the score or risk profile. Texts are the questionnaire's own translations.
 */
export function QuestionnaireMain({ subject, email }: { subject: QuestionnaireCaseSubject; email: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const { template, answers, outcome } = subject;
  const code = template.code;
  const option = (o: string) => t(textKeys.option(code, o));
  const shown = (v: unknown): string => {
    if (v === undefined || v === null || v === '') return t('questionnaires.ui.notAnswered');
    if (v === true) return t('questionnaires.ui.accepted');
    if (Array.isArray(v)) return v.map((x) => option(String(x))).join(', ');
    return String(v);
  };
  return (
    <>
      {outcome ? (
        <Card title={t('questionnaires.console.result')}>
          <p data-testid="questionnaire-score">
            {t('questionnaires.console.score', { score: outcome.score, max: outcome.maxScore })}
            {outcome.passed !== null ? ` · ${outcome.passed ? t('questionnaires.console.passed') : t('questionnaires.console.failed')}` : ''}
            {outcome.profile ? ` · ${t(`questionnaires.profile.${outcome.profile}.title`)}` : ''}
          </p>
        </Card>
      ) : null}
      <Card title={t('questionnaires.console.answers', { title: t(textKeys.title(code)) })}>
        <div className="flex flex-col gap-5">
          {template.sections.map((s) => (
            <section key={s.id} aria-labelledby={`qs-${s.id}`} className="flex flex-col gap-2">
              <h3 id={`qs-${s.id}`} className="font-semibold">
                {t(textKeys.section(code, s.id))}
              </h3>
              <dl className="flex flex-col gap-3">
                {s.questions
                  .filter((q) => answers[q.id] !== undefined || !q.showIf)
                  .map((q) => {
                    const value = answers[q.id];
                    const right = q.correct ? [...q.correct].sort().join() === [...(Array.isArray(value) ? value : [String(value ?? '')])].sort().join() : null;
                    return (
                      <div key={q.id} data-question={q.id} data-correct={right === null ? undefined : String(right)}>
                        <dt className="text-sm text-muted">{t(textKeys.question(code, q.id))}</dt>
                        <dd className="text-ink">
                          {q.type === QuestionType.FILE
                            ? t('questionnaires.ui.fileCount', { count: Array.isArray(value) ? value.length : 0, max: q.maxFiles ?? 3 })
                            : q.type === QuestionType.COUNTRY && typeof value === 'string'
                              ? countryLabel(value, language)
                              : q.type === QuestionType.SINGLE || q.type === QuestionType.YES_NO
                                ? value === undefined
                                  ? t('questionnaires.ui.notAnswered')
                                  : option(String(value))
                                : shown(value)}
                          {right !== null ? (
                            <span className={right ? 'ms-2 text-success' : 'ms-2 text-danger'}>
                              {right ? t('questionnaires.console.right') : t('questionnaires.console.wrong', { answer: q.correct!.map(option).join(', ') })}
                            </span>
                          ) : null}
                          {q.points && typeof value === 'string' ? <span className="ms-2 text-muted">{t('questionnaires.console.points', { points: q.points[value] ?? 0 })}</span> : null}
                        </dd>
                      </div>
                    );
                  })}
              </dl>
            </section>
          ))}
        </div>
      </Card>
      {subject.evidence.length > 0 ? (
        <Card title={t('questionnaires.console.evidence')}>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            {subject.evidence.map((e, index) => (
              <li key={e.id} className="flex flex-col gap-1">
                <a href={e.downloadPath} className="block overflow-hidden rounded-lg border border-line-strong">
                  <img src={e.downloadPath} alt={t('questionnaires.console.evidenceAlt', { index: index + 1, email })} className="h-48 w-full object-contain" />
                </a>
                <span className="text-xs text-muted">{formatDateTime(e.createdAt, language)}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </>
  );
}

/** The side column: the attempt's facts and the user's earlier attempts at this template. */
export function QuestionnaireAside({ subject }: { subject: QuestionnaireCaseSubject }) {
  const { t, i18n } = useTranslation();
  const q = subject.questionnaire;
  return (
    <Card title={t('questionnaires.console.attempts')}>
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          {t('questionnaires.console.attempt', { attempt: q.attempt })} · {t(`questionnaires.status.${q.status}`)}
          {q.submittedIp ? <span className="block text-muted">{t('questionnaires.console.ip', { ip: q.submittedIp })}</span> : null}
        </li>
        {subject.previous.map((p) => (
          <li key={p.id} className="text-muted">
            {t('questionnaires.console.attempt', { attempt: p.attempt })}
            {p.submittedAt ? ` · ${formatDateTime(p.submittedAt, i18n.language)}` : ''}
            {p.outcome ? ` · ${t(`questionnaires.status.${p.outcome}`, { defaultValue: p.outcome })}` : ''}
          </li>
        ))}
      </ul>
    </Card>
  );
}
