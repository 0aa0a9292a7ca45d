import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { USER_CASES_SHOWN, type ConsoleCase } from '../../../../shared/api/console.ts';
import { Card } from '../../../components/ui/card.tsx';
import { formatDateTime } from '../format.ts';
import { CaseStatusBadge } from './status-badge.tsx';

/**
 * The user's other cases on a case page, newest first: what was asked of them and decided before
 * (an earlier rejection, a screening match, an EDD round), each a link to its own page.
 */
export function UserCasesCard({ cases }: { cases: ConsoleCase['userCases'] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card title={t('console.case.userCases.title')}>
      {cases.length === 0 ? (
        <p className="text-sm text-muted">{t('console.case.userCases.none')}</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-line" data-testid="user-cases">
            {cases.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-x-2 gap-y-1 py-2">
                <Link href={`/cases/${encodeURIComponent(c.id)}`} className="font-medium text-primary-ink underline underline-offset-2">
                  {t(`console.kinds.${c.kind}`, { defaultValue: c.kind })}
                  {c.level ? ` · ${t('console.level', { level: c.level })}` : ''}
                </Link>
                <CaseStatusBadge status={c.status} />
                <time dateTime={c.openedAt} className="w-full text-xs text-muted">
                  {formatDateTime(c.openedAt, i18n.language)}
                </time>
              </li>
            ))}
          </ul>
          {cases.length >= USER_CASES_SHOWN ? <p className="mt-2 text-xs text-muted">{t('console.case.userCases.newest', { count: USER_CASES_SHOWN })}</p> : null}
        </>
      )}
    </Card>
  );
}
