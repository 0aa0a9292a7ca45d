import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { LIMITATION_COMPLIANCE_TASK_OVERDUE, TaskRegion, type ComplianceTask } from '../../../shared/api/compliance-tasks.ts';
import { Alert } from '../../components/ui/alert.tsx';
import { buttonVariants } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { useDocumentTitle } from '../../lib/page/document-title.ts';
import { useCancelledTasks, useDoneTasks, useOpenTasks } from './api/tasks.ts';
import { formatDay } from './model/dates.ts';

/**
 * §2 complianceTasks: what the compliance team needs from the user, soonest due first, each with its
 * due date, whether it is overdue and a link to the page that completes it; the limitation an
 * overdue task brings; completed tasks below.
 */
export default function ComplianceTasksScreen() {
  const { t } = useTranslation();
  const open = useOpenTasks();
  useDocumentTitle(t('compliance.tasks.title'));
  return (
    <section aria-labelledby="tasks-title" className="flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <Link href="/personal" className="self-start text-sm font-medium text-primary-ink underline underline-offset-2">
          {t('compliance.tasks.back')}
        </Link>
        <h1 id="tasks-title" className="text-2xl font-semibold">
          {t('compliance.tasks.title')}
        </h1>
      </div>
      {open.isPending ? (
        <LoadingBlock lines={5} data-testid="tasks-loading" />
      ) : open.isError ? (
        <LoadError title={t('kyc.overview.loadError')} error={open.error} onRetry={() => void open.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          {open.data.limitation === LIMITATION_COMPLIANCE_TASK_OVERDUE ? (
            <Alert variant="error" data-testid="tasks-limited">
              {t('compliance.tasks.limited')}
            </Alert>
          ) : null}
          {open.data.tasks.length === 0 ? (
            <Alert variant="success" data-testid="no-tasks">
              {t('compliance.tasks.none')}
            </Alert>
          ) : (
            <>
              <p className="text-muted">{t('compliance.tasks.intro')}</p>
              <ul className="flex flex-col gap-3" data-testid="open-tasks">
                {open.data.tasks.map((task) => (
                  <li key={task.taskId}>
                    <TaskCard task={task} />
                  </li>
                ))}
              </ul>
              <p className="text-sm text-muted">{t('compliance.tasks.next')}</p>
            </>
          )}
          <DoneTasks />
          <CancelledTasks />
        </div>
      )}
    </section>
  );
}

function regionLabel(t: (key: string) => string, region: string): string {
  return region === TaskRegion.MAIN ? t('compliance.tasks.mainRegion') : region;
}

function TaskCard({ task }: { task: ComplianceTask }) {
  const { t, i18n } = useTranslation();
  const titleId = `task-${task.taskId}`;
  return (
    <Card>
      <article aria-labelledby={titleId} className="flex flex-col gap-2" data-task-type={task.taskType} data-overdue={task.overdue ? 'true' : 'false'}>
        <div className="flex flex-wrap items-center gap-2">
          <h2 id={titleId} className="text-lg font-semibold">
            {t(`compliance.tasks.type.${task.taskType}`)}
          </h2>
          {task.overdue ? <span className="rounded-full bg-danger/10 px-2 py-0.5 text-xs font-semibold text-danger">{t('compliance.tasks.overdue')}</span> : null}
        </div>
        <p className={task.overdue ? 'font-medium text-danger' : 'font-medium'}>{t('compliance.tasks.due', { date: formatDay(task.dueDate, i18n.language) })}</p>
        {task.message ? <p className="whitespace-pre-line">{task.message}</p> : null}
        <p className="text-sm text-muted">{t('compliance.tasks.region', { region: regionLabel(t, task.region) })}</p>
        <Link href={`/${task.route}`} className={`${buttonVariants({ variant: 'primary' })} self-start`}>
          {t('compliance.tasks.go')}
        </Link>
      </article>
    </Card>
  );
}

/** Completed tasks, most recent first; quiet when there are none or they cannot be read (the open ones matter). */
function DoneTasks() {
  const { t, i18n } = useTranslation();
  const done = useDoneTasks();
  const list = [...(done.data?.list ?? [])].sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  if (list.length === 0) return null;
  return (
    <Card title={t('compliance.tasks.done')}>
      <ul className="flex flex-col gap-2 text-sm" data-testid="done-tasks">
        {list.map((task) => (
          <li key={task.taskId}>
            {t(`compliance.tasks.type.${task.taskType}`)} · {t('compliance.tasks.completedOn', { date: formatDay((task.completedAt ?? '').slice(0, 10), i18n.language) })}
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** Tasks a reviewer cancelled, most recent first, each with the reason the reviewer gave (decision 052). */
function CancelledTasks() {
  const { t, i18n } = useTranslation();
  const cancelled = useCancelledTasks();
  const list = [...(cancelled.data?.list ?? [])].sort((a, b) => (b.completedAt ?? '').localeCompare(a.completedAt ?? ''));
  if (list.length === 0) return null;
  return (
    <Card title={t('compliance.tasks.cancelled')}>
      <ul className="flex flex-col gap-3 text-sm" data-testid="cancelled-tasks">
        {list.map((task) => (
          <li key={task.taskId} className="flex flex-col gap-1">
            <span>
              {t(`compliance.tasks.type.${task.taskType}`)} · {t('compliance.tasks.cancelledOn', { date: formatDay((task.completedAt ?? '').slice(0, 10), i18n.language) })}
            </span>
            {task.cancelReason ? (
              <span className="whitespace-pre-line text-muted">
                {t('compliance.tasks.cancelReason')}: {task.cancelReason}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
