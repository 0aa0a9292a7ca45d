import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import type { RfiView } from '../../../../shared/api/compliance-tasks.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { formatCalendarDate, formatDateTime } from '../format.ts';

/** The subject of an RFI case (decision 027). */
export type RfiCaseSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.RFI }>;

/**
 * What a reviewer reads: the question, the user's answer and pictures (opened through the console's
 * audited document path). Approve accepts the answer; reject asks again (the message to the user is
 * the next question).
 */
export function RfiMain({ subject, email }: { subject: RfiCaseSubject; email: string }) {
  const { t, i18n } = useTranslation();
  const { rfi } = subject;
  return (
    <>
      <Card title={t('compliance.console.question')}>
        <p className="whitespace-pre-line" data-testid="rfi-case-question">
          {rfi.question}
        </p>
        <p className="mt-2 text-sm text-muted">
          {t('compliance.rfi.due', { date: formatCalendarDate(rfi.dueDate, i18n.language) })} · {t(`compliance.rfi.status.${rfi.status}`)}
        </p>
      </Card>
      <Card title={t('compliance.console.answer')}>
        {rfi.answeredAt ? (
          <div className="flex flex-col gap-3">
            {rfi.answerText ? (
              <p className="whitespace-pre-line" data-testid="rfi-case-answer">
                {rfi.answerText}
              </p>
            ) : null}
            <p className="text-sm text-muted">{formatDateTime(rfi.answeredAt, i18n.language)}</p>
            {rfi.documents.length > 0 ? (
              <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2">
                {rfi.documents.map((d, index) => (
                  <li key={d.id}>
                    <a href={subject.documentPaths[d.id]} className="block overflow-hidden rounded-lg border border-line-strong">
                      <img src={subject.documentPaths[d.id]} alt={t('compliance.console.pictureAlt', { index: index + 1, email })} className="h-48 w-full object-contain" />
                    </a>
                  </li>
                ))}
              </ul>
            ) : null}
          </div>
        ) : (
          <p className="text-muted">{t('compliance.console.noAnswer')}</p>
        )}
      </Card>
    </>
  );
}

/** The side column: the earlier rounds of the same request. */
export function RfiAside({ subject }: { subject: RfiCaseSubject }) {
  const { t } = useTranslation();
  if (subject.earlier.length === 0) return null;
  return (
    <Card title={t('compliance.rfi.earlier')}>
      <ul className="flex flex-col gap-3 text-sm">
        {subject.earlier.map((r: RfiView) => (
          <li key={r.rfiId}>
            <p className="font-medium">
              {t('compliance.rfi.round', { round: r.round })} · {t(`compliance.rfi.status.${r.status}`)}
            </p>
            <p className="whitespace-pre-line">{r.question}</p>
            {r.answerText ? <p className="whitespace-pre-line text-muted">{r.answerText}</p> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
