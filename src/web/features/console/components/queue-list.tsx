import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ConsoleQueueItem } from '../../../../shared/api/console.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { CaseStatus } from '../../../../shared/review.ts';
import { Button } from '../../../components/ui/button.tsx';
import { isApiError } from '../../../lib/http/index.ts';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useAssignCase } from '../api/assign-case.ts';
import { countryLabel, formatDateTime } from '../format.ts';
import { caseHref } from '../queue-params.ts';
import { CaseTiming } from './case-timing.tsx';
import { AssigneeName } from './people.tsx';
import { CaseStatusBadge } from './status-badge.tsx';

export interface QueueListProps {
  items: readonly ConsoleQueueItem[];
  /** The signed-in reviewer: their cases say "You". */
  meId: string | undefined;
  /** The status the queue shows: pending rows tell how long they wait, decided ones how long the decision took. */
  status: CaseStatus;
  now: number;
}

function useItemLabels() {
  const { t, i18n } = useTranslation();
  return {
    kind: (item: ConsoleQueueItem) => t(`console.kinds.${item.kind}`, { defaultValue: item.kind }),
    level: (item: ConsoleQueueItem) => (item.level ? t('console.level', { level: item.level }) : ''),
    country: (item: ConsoleQueueItem) => (item.country ? countryLabel(item.country, i18n.language) : ''),
    document: (item: ConsoleQueueItem) => (item.documentType ? t(`console.documentTypes.${item.documentType}`, { defaultValue: item.documentType }) : ''),
    provider: (item: ConsoleQueueItem) => t(`console.providers.${item.provider}`, { defaultValue: item.provider }),
    submitted: (item: ConsoleQueueItem) => formatDateTime(item.openedAt, i18n.language),
  };
}

/**
 * "Take" on a pending case nobody has: the reviewer takes it without leaving the queue (the row
 * then says "You"). If someone was quicker (36001) or it was decided (10012), the queue is read
 * again and a message says so.
 */
function TakeButton({ item }: { item: ConsoleQueueItem }) {
  const { t } = useTranslation();
  const assign = useAssignCase();
  const take = async () => {
    try {
      await assign.mutateAsync(item.id);
      message({ content: t('console.assignment.assigned'), type: 'success' });
    } catch (error) {
      const code = isApiError(error) ? error.retCode : undefined;
      const content =
        code === RetCode.REVIEW_CASE_ASSIGNED ? t('console.queue.takeTaken') : code === RetCode.WRONG_STATE ? t('console.queue.takeDecided') : errorMessage(t, error);
      message({ content, type: 'error' });
    }
  };
  return (
    <Button size="x-small" variant="default" loading={assign.isPending} aria-label={t('console.queue.takeLabel', { email: item.email })} data-take="" onClick={() => void take()}>
      {t('console.queue.take')}
    </Button>
  );
}

const canTake = (item: ConsoleQueueItem) => item.status === CaseStatus.PENDING && item.assignee === null;

/** Desktop: a table; each row's applicant cell is the link to the case (Tab reaches every row). */
export function QueueTable({ items, meId, status, now }: QueueListProps) {
  const { t } = useTranslation();
  const label = useItemLabels();
  const th = 'px-3 py-2 text-start font-medium whitespace-nowrap text-muted';
  const td = 'px-3 py-2 align-top';
  const pending = status === CaseStatus.PENDING;
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-line md:block">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{pending ? t('console.queue.caption') : t('console.queue.captionDecided')}</caption>
        <thead className="bg-surface">
          <tr>
            <th scope="col" className={th}>
              {t('console.queue.columns.user')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.kind')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.level')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.country')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.document')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.provider')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.submitted')}
            </th>
            <th scope="col" className={th}>
              {pending ? t('console.queue.columns.waiting') : t('console.queue.columns.timeToDecision')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.assignee')}
            </th>
            {pending ? null : (
              <th scope="col" className={th}>
                {t('console.queue.columns.status')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-line hover:bg-surface/60 focus-within:bg-surface" data-testid="queue-row" data-queue-item="">
              <th scope="row" className={`${td} text-start font-normal`}>
                <Link href={caseHref(item.id)} data-queue-link="" className="font-medium break-all text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                  {item.email}
                </Link>
              </th>
              <td className={td}>{label.kind(item)}</td>
              <td className={`${td} whitespace-nowrap`}>{label.level(item)}</td>
              <td className={td}>{label.country(item)}</td>
              <td className={td}>{label.document(item)}</td>
              <td className={td}>{label.provider(item)}</td>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={item.openedAt}>{label.submitted(item)}</time>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                <CaseTiming item={item} now={now} />
              </td>
              <td className={td}>
                <span className="flex flex-wrap items-center gap-2" data-testid="queue-assignee">
                  <AssigneeName assignee={item.assignee} meId={meId} />
                  {canTake(item) ? <TakeButton item={item} /> : null}
                </span>
              </td>
              {pending ? null : (
                <td className={td}>
                  <CaseStatusBadge status={item.status} />
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * Phone: one card per case. The e-mail is the link to the case (its box stretches over the card, so
 * the whole card opens it); "Take" sits above that box as its own button.
 */
export function QueueCards({ items, meId, now }: QueueListProps) {
  const { t } = useTranslation();
  const label = useItemLabels();
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {items.map((item) => (
        <li key={item.id} data-testid="queue-card" data-queue-item="" className="relative rounded-lg border border-line bg-white p-4 focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-primary hover:border-muted">
          <div className="flex items-start justify-between gap-3">
            <Link href={caseHref(item.id)} data-queue-link="" className="min-w-0 font-medium break-all text-ink outline-none after:absolute after:inset-0 after:content-['']">
              {item.email}
            </Link>
            <CaseStatusBadge status={item.status} />
          </div>
          <p className="mt-1 text-sm text-muted">
            {[label.kind(item), label.level(item), label.document(item), label.country(item)].filter(Boolean).join(' · ')}
          </p>
          <p className="mt-1 text-sm text-muted">
            {label.provider(item)} · <time dateTime={item.openedAt}>{label.submitted(item)}</time>
          </p>
          <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
            <CaseTiming item={item} now={now} labelled className="font-medium text-ink" />
            <span className="flex items-center gap-2" data-testid="queue-assignee">
              <span className="text-muted">{t('console.assignee.label')}:</span>
              <AssigneeName assignee={item.assignee} meId={meId} />
              {canTake(item) ? (
                <span className="relative z-10">
                  <TakeButton item={item} />
                </span>
              ) : null}
            </span>
          </div>
        </li>
      ))}
    </ul>
  );
}
