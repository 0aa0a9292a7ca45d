import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import type { ConsoleUserView } from '../../../shared/api/console-user.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { Skeleton, SkeletonText } from '../../components/ui/skeleton.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { useUserView } from './api/get-user-view.ts';
import { AuditHistory } from './components/audit-history.tsx';
import { BackLink } from './components/back-link.tsx';
import { DocumentGallery } from './components/document-gallery.tsx';
import { Facts } from './components/facts.tsx';
import { CaseStatusBadge } from './components/status-badge.tsx';
import { formatCalendarDate, formatDateTime } from './format.ts';
import { caseHref } from './queue-params.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { useSessionGuard } from './use-session-guard.ts';

/**
 * One user as the compliance team sees them (issue 28, decision 051): who they are, the limitation,
 * screening and EDD states, every case of every kind (each a link), the compliance tasks and the
 * timeline of all of their cases. Reached from a case's header and from the queue's search.
 */
export default function UserScreen() {
  const { t } = useTranslation();
  const { id } = useParams<{ id: string }>();
  const query = useUserView(id);
  const sessionEnded = useSessionGuard(query.error);
  useConsoleTitle(query.data ? t('console.user.title', { email: query.data.user.email }) : t('console.user.loading'));

  if (query.isPending || sessionEnded) {
    return (
      <LoadingBlock className="flex flex-col gap-4">
        <Skeleton className="h-8 w-64" />
        <SkeletonText lines={6} />
      </LoadingBlock>
    );
  }
  if (query.isError) {
    const missing = isApiError(query.error) && (query.error.retCode === RetCode.NOT_FOUND || query.error.retCode === RetCode.PARAMS_ERROR);
    return (
      <div className="flex flex-col gap-4">
        <BackLink />
        {missing ? <Alert variant="warn" title={t('console.user.notFound')} /> : <LoadError title={t('console.user.error')} error={query.error} onRetry={() => void query.refetch()} />}
      </div>
    );
  }
  return <UserView data={query.data} />;
}


function UserView({ data }: { data: ConsoleUserView }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const people = new Map<string, string>([[data.user.id, data.user.email]]);
  for (const entry of data.timeline) if (entry.actorId && entry.actorEmail) people.set(entry.actorId, entry.actorEmail);
  const limited = data.limitation.limitation !== 'LIMITATION_DEFAULT';

  return (
    <article aria-labelledby="user-title" className="flex flex-col gap-5">
      <BackLink />
      <header>
        <p className="text-xs font-medium tracking-wide text-muted uppercase">{t('console.user.kicker')}</p>
        <h1 id="user-title" className="text-2xl font-semibold break-all">
          {data.user.email}
        </h1>
        {data.user.name ? <p className="mt-1 text-sm">{data.user.name}</p> : null}
      </header>

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-5 lg:col-span-2">
          <Card title={t('console.user.cases')}>
            {data.cases.length === 0 ? (
              <p className="text-sm text-muted">{t('console.case.userCases.none')}</p>
            ) : (
              <ul className="m-0 flex list-none flex-col divide-y divide-line p-0" data-testid="user-view-cases">
                {data.cases.map((c) => (
                  <li key={c.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2 text-sm">
                    <Link href={caseHref(c.id)} className="font-medium text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                      {t(`console.kinds.${c.kind}`, { defaultValue: c.kind })}
                      {c.level ? ` · ${t('console.level', { level: c.level })}` : ''}
                    </Link>
                    <CaseStatusBadge status={c.status} />
                    <span className="text-xs text-muted">
                      <time dateTime={c.openedAt}>{formatDateTime(c.openedAt, language)}</time>
                      {c.decidedAt ? (
                        <>
                          {' → '}
                          <time dateTime={c.decidedAt}>{formatDateTime(c.decidedAt, language)}</time>
                        </>
                      ) : null}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title={t('console.user.documents')}>
            <DocumentGallery documents={data.documents} email={data.user.email} />
          </Card>

          <Card title={t('console.user.tasks')}>
            {data.tasks.length === 0 ? (
              <p className="text-sm text-muted">{t('console.user.noTasks')}</p>
            ) : (
              <ul className="m-0 flex list-none flex-col divide-y divide-line p-0" data-testid="user-view-tasks">
                {data.tasks.map((task) => (
                  <li key={task.taskId} className="flex flex-wrap items-baseline gap-x-3 gap-y-1 py-2 text-sm">
                    <span className="font-medium">{t(`console.user.taskTypes.${task.taskType}`)}</span>
                    <span>{t(`console.user.taskStatus.${task.status}`)}</span>
                    <span className={task.overdue ? 'font-semibold text-danger' : 'text-muted'}>
                      {task.overdue ? t('console.user.overdue', { date: formatCalendarDate(task.dueDate, language) }) : t('console.user.due', { date: formatCalendarDate(task.dueDate, language) })}
                    </span>
                    {task.message ? <q className="w-full text-muted">{task.message}</q> : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>

          <Card title={t('console.user.timeline')}>
            <AuditHistory entries={data.timeline} people={people} />
          </Card>
        </div>

        <aside className="flex min-w-0 flex-col gap-5" aria-label={t('console.user.aside')}>
          <Card title={t('console.user.account')}>
            <Facts
              stacked
              rows={[
                [t('console.case.summary.userId'), <span key="id" className="font-mono text-xs break-all">{data.user.id}</span>],
                [t('console.case.summary.accountCreated'), <time key="created" dateTime={data.user.createdAt}>{formatDateTime(data.user.createdAt, language)}</time>],
                [t('console.user.level'), data.level > 0 ? t('console.level', { level: data.level }) : t('console.user.noLevel')],
                [
                  t('console.user.limitation'),
                  <span key="limitation" className={limited ? 'font-semibold text-danger' : undefined} data-testid="user-view-limitation">
                    {t(`console.user.limitations.${data.limitation.limitation}`, { defaultValue: data.limitation.limitation })}
                    {data.limitation.reasons.length > 0 ? ` (${data.limitation.reasons.join(', ')})` : ''}
                  </span>,
                ],
                [t('console.user.screening'), data.screening ? t(`console.user.screeningStatus.${data.screening.status}`, { defaultValue: data.screening.status }) : t('console.user.off')],
                [t('console.user.edd'), data.edd ? t(`edd.status.${data.edd.status}`, { defaultValue: data.edd.status }) : t('console.user.off')],
              ]}
            />
          </Card>
        </aside>
      </div>
    </article>
  );
}
