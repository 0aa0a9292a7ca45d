import { useTranslation } from 'react-i18next';
import type { TemplateView } from '../../../../shared/api/questionnaires.ts';
import { textKeys, type Answers } from '../../../../shared/questionnaires/model.ts';
import { Button } from '../../../components/ui/button.tsx';
import { countryName } from '../model/country-options.ts';
import { answerText, shownQuestions } from '../model/form.ts';

/**
 * Every asked question with its answer, part by part: the review page before sending (with a
 * "Change" per part) and the read-only view after.
 */
export function AnswerSummary({ template, answers, onEdit }: { template: TemplateView; answers: Answers; onEdit?: (section: number) => void }) {
  const { t, i18n } = useTranslation();
  const code = template.code;
  return (
    <div className="flex flex-col gap-5" data-testid="answer-summary">
      {template.sections.map((s, index) => (
        <section key={s.id} aria-labelledby={`summary-${s.id}`} className="flex flex-col gap-2">
          <div className="flex items-center justify-between gap-3">
            <h3 id={`summary-${s.id}`} className="font-semibold">
              {t(textKeys.section(code, s.id))}
            </h3>
            {onEdit ? (
              <Button type="button" size="small" onClick={() => onEdit(index)} aria-label={`${t('questionnaires.ui.edit')}: ${t(textKeys.section(code, s.id))}`}>
                {t('questionnaires.ui.edit')}
              </Button>
            ) : null}
          </div>
          <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-2">
            {shownQuestions(template, index, answers).map((q) => {
              const text = answerText(code, q, answers[q.id], (key, o) => t(key, o ?? {}), (c) => countryName(i18n.language, c));
              return (
                <div key={q.id} className="flex flex-col">
                  <dt className="text-sm text-muted">{t(textKeys.question(code, q.id))}</dt>
                  <dd className={text ? 'text-ink' : 'text-muted italic'}>{text ?? t('questionnaires.ui.notAnswered')}</dd>
                </div>
              );
            })}
          </dl>
        </section>
      ))}
    </div>
  );
}
