import { useTranslation } from 'react-i18next';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import type { ScreeningMatchStatus } from '../../../../shared/api/screening.ts';
import { SubjectKind } from '../../../../shared/review.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { Facts } from '../components/facts.tsx';
import { countryLabel, formatCalendarDate, formatDateTime } from '../format.ts';

/** The subject of a SCREENING case: a verified user's name and date of birth matched a list entry (decision 026). */
export type ScreeningSubject = Extract<ConsoleCase['subject'], { kind: typeof SubjectKind.SCREENING }>;

const DOB_TONE: Record<ScreeningSubject['hits'][number]['dob'], BadgeTone> = { MATCH: 'danger', UNKNOWN: 'warn', MISMATCH: 'success' };

/**
 * What a reviewer compares (decision 026): our verified name and date of birth next to each list
 * entry it matched, with the score and whether the dates agree. Approve = a false positive (another
 * person); reject = a true match (the account is restricted).
 */
export function ScreeningMain({ subject }: { subject: ScreeningSubject }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const date = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? <time dateTime={value}>{formatCalendarDate(value, language)}</time> : value);
  return (
    <>
      <Card title={t('console.screening.ours')} data-testid="screening-ours">
        <Facts
          rows={[
            [t('console.screening.name'), subject.ours.name],
            [t('console.case.personal.dateOfBirth'), date(subject.ours.dateOfBirth)],
          ]}
        />
      </Card>
      {subject.hits.map((hit) => (
        <Card key={hit.entryId} title={t('console.screening.entry', { name: hit.name })} data-testid="screening-hit">
          <div className="mb-3 flex flex-wrap items-center gap-2">
            <Badge tone="brand">{t('console.screening.score', { score: Math.round(hit.score) })}</Badge>
            <Badge tone={DOB_TONE[hit.dob]}>{t(`console.screening.dob.${hit.dob}`)}</Badge>
          </div>
          <Facts
            rows={[
              [t('console.screening.matchedName'), hit.matchedName],
              [t('console.screening.aliases'), hit.aliases.join(' · ')],
              // List dates are often a year or a month only: shown as the list gives them.
              [t('console.case.personal.dateOfBirth'), hit.birthDates.join(', ')],
              [t('console.screening.countries'), hit.countries.map((c) => countryLabel(c.toUpperCase(), language) || c).join(', ')],
              [t('console.screening.sanctions'), hit.sanctions],
              [t('console.screening.source'), `${hit.dataset} · ${hit.entryId}`],
            ]}
          />
        </Card>
      ))}
    </>
  );
}

const STATUS_TONE: Record<ScreeningMatchStatus, BadgeTone> = { PENDING: 'warn', CLEARED: 'success', CONFIRMED: 'danger' };

/** The side column: the match's status and the list versions (matched, and in use now). */
export function ScreeningAside({ subject }: { subject: ScreeningSubject }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('console.screening.title')}>
      <Badge tone={STATUS_TONE[subject.match.status]}>{t(`console.screening.status.${subject.match.status}`)}</Badge>
      <div className="mt-3">
        <Facts
          stacked
          rows={[
            // With the list's source: a file's name, or the yente dataset version that answered (decision 043).
            [t('console.screening.listVersion'), subject.match.listSource ? `${subject.match.listVersion} · ${subject.match.listSource}` : String(subject.match.listVersion)],
            [t('console.screening.currentVersion'), subject.currentListVersion === null ? '' : String(subject.currentListVersion)],
            [t('console.screening.screenedAt'), <time key="at" dateTime={subject.match.createdAt}>{formatDateTime(subject.match.createdAt, i18n.language)}</time>],
          ]}
        />
      </div>
    </Card>
  );
}
