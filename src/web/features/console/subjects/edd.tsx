import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../format.ts';
import { QuestionnaireMain } from './questionnaire.tsx';

/** The subject of an EDD case (decision 028). */
export type EddCaseSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.EDD }>;

/** A trigger's detail: a reviewer's note as written, or the re-assessment after a risk list load (`risk-list:v3`, decision 041) in words. */
function detailText(t: ReturnType<typeof useTranslation>['t'], detail: string): string {
  const list = /^risk-list:v(\d+)$/.exec(detail);
  return list ? t('edd.console.fromRiskList', { version: Number(list[1]) }) : detail;
}

/**
 * What a reviewer reads for an enhanced due diligence round: why the user is in EDD (the rules that
 * fired, with a reviewer's note), then each questionnaire sent for the round with its answers and
 * evidence, as a questionnaire case shows them.
 */
export function EddMain({ subject, email }: { subject: EddCaseSubject; email: string }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('edd.console.why')}>
        <ul className="flex flex-col gap-2" data-testid="edd-triggers">
          {subject.round.triggers.map((tr, index) => (
            <li key={`${tr.trigger}-${index}`}>
              <span className="font-medium">{t(`edd.trigger.${tr.trigger}`)}</span>
              {tr.detail ? <span className="block text-sm text-muted">{detailText(t, tr.detail)}</span> : null}
            </li>
          ))}
        </ul>
      </Card>
      {subject.questionnaires.map((q) => (
        <QuestionnaireMain key={q.questionnaire.id} subject={q} email={email} />
      ))}
    </>
  );
}

/** The side column: the round's facts and the user's earlier rounds. */
export function EddAside({ subject }: { subject: EddCaseSubject }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const r = subject.round;
  return (
    <Card title={t('edd.console.rounds')}>
      <ul className="flex flex-col gap-2 text-sm">
        <li>
          {t('edd.console.thisRound', { time: formatDateTime(r.createdAt, language) })} · {t(`edd.status.${r.status}`)}
          {r.submittedAt ? <span className="block text-muted">{t('edd.console.submittedAt', { time: formatDateTime(r.submittedAt, language) })}</span> : null}
        </li>
        {subject.previous.map((p) => (
          <li key={p.id} className="text-muted">
            {t('edd.console.earlierRound', { time: formatDateTime(p.createdAt, language) })}
            {p.outcome ? ` · ${t(`edd.status.${p.outcome}`, { defaultValue: p.outcome })}` : ''}
          </li>
        ))}
      </ul>
    </Card>
  );
}
