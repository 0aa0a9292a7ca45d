import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'wouter';
import type { ConsoleQueueItem } from '../../../shared/api/console.ts';
import { ApplicationStatus } from '../../../shared/api/applications.ts';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { Provider } from '../../../shared/kyc.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useQueue } from './api/get-queue.ts';
import { ApplicationStatusBadge } from './components/application-status-badge.tsx';
import { countryLabel, countryName, formatDateTime } from './format.ts';
import { useSessionGuard } from './use-session-guard.ts';
import { parseQueueFilters, QUEUE_PAGE_SIZE, queueSearch, rememberQueueSearch, toQueueQuery, type QueueFilters } from './queue-params.ts';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';

const caseHref = (id: string) => `/applications/${id}`;

/**
 * The review queue: pending applications oldest first (or decided ones, newest first), filtered by
 * level, country and provider, 20 per page. The filters live in the address, so a reload, a shared
 * link and the browser's back button keep them. A table from the `md` width, cards on a phone.
 */
export default function QueueScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = parseQueueFilters(params);
  const search = queueSearch(filters);
  const queue = useQueue(toQueueQuery(filters));
  const sessionEnded = useSessionGuard(queue.error);

  useEffect(() => rememberQueueSearch(search), [search]);

  const update = (change: Partial<QueueFilters>) => {
    // Any filter change starts again at page 1.
    const next = { ...filters, page: 1, ...change };
    setParams(new URLSearchParams(queueSearch(next)));
  };

  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryLabel(code, i18n.language), name: countryName(code, i18n.language) })).sort((a, b) =>
        a.name.localeCompare(b.name, i18n.language),
      ),
    [i18n.language],
  );
  const any = { value: '', label: t('console.queue.any') };
  const filtered = filters.level !== '' || filters.country !== '' || filters.provider !== '' || filters.status !== ApplicationStatus.PENDING;
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / QUEUE_PAGE_SIZE)) : 1;

  return (
    <section aria-labelledby="queue-title" className="flex flex-col gap-5">
      <h1 id="queue-title" className="text-2xl font-semibold">
        {t('console.queue.title')}
      </h1>

      <form role="search" aria-label={t('console.queue.filters')} onSubmit={(e) => e.preventDefault()} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <Field label={t('console.queue.status')}>
          <Select
            name="status"
            value={filters.status}
            onChange={(e) => update({ status: e.target.value as ApplicationStatus })}
            options={Object.values(ApplicationStatus).map((s) => ({ value: s, label: t(`console.status.${s}`) }))}
          />
        </Field>
        <Field label={t('console.queue.level')}>
          <Select
            name="level"
            value={filters.level}
            onChange={(e) => update({ level: e.target.value as QueueFilters['level'] })}
            options={[any, { value: '1', label: t('console.level', { level: 1 }) }, { value: '2', label: t('console.level', { level: 2 }) }]}
          />
        </Field>
        <Field label={t('console.queue.country')}>
          <Select name="country" value={filters.country} onChange={(e) => update({ country: e.target.value })} options={[any, ...countries]} />
        </Field>
        <Field label={t('console.queue.provider')}>
          <Select
            name="provider"
            value={filters.provider}
            onChange={(e) => update({ provider: e.target.value as QueueFilters['provider'] })}
            options={[any, ...Object.values(Provider).map((p) => ({ value: p, label: t(`console.providers.${p}`) }))]}
          />
        </Field>
        {filtered ? (
          <div className="sm:col-span-2 lg:col-span-4">
            <Button size="small" variant="default" onClick={() => setParams(new URLSearchParams())}>
              {t('console.queue.reset')}
            </Button>
          </div>
        ) : null}
      </form>

      {queue.isPending || sessionEnded ? (
        <LoadingBlock className="flex flex-col gap-3">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </LoadingBlock>
      ) : queue.isError ? (
        <LoadError title={t('console.queue.error')} error={queue.error} onRetry={() => void queue.refetch()} />
      ) : (
        <div aria-busy={queue.isFetching} className={queue.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <p role="status" className="mb-3 text-sm text-muted">
            {t('console.queue.total', { count: queue.data.total })}
          </p>
          {queue.data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line-strong p-8 text-center text-muted">
              {filtered ? t('console.queue.empty') : t('console.queue.emptyPending')}
            </p>
          ) : (
            <>
              <QueueTable items={queue.data.items} language={i18n.language} />
              <QueueCards items={queue.data.items} language={i18n.language} />
            </>
          )}
          {pages > 1 || filters.page > 1 ? (
            <nav aria-label={t('console.queue.pagination')} className="mt-4 flex items-center justify-between gap-3">
              <Button size="small" variant="default" disabled={filters.page <= 1} onClick={() => update({ page: filters.page - 1 })}>
                {t('console.queue.previous')}
              </Button>
              <span className="text-sm text-muted">{t('console.queue.page', { page: filters.page, pages })}</span>
              <Button size="small" variant="default" disabled={filters.page >= pages} onClick={() => update({ page: filters.page + 1 })}>
                {t('console.queue.next')}
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}

function useItemLabels(language: string) {
  const { t } = useTranslation();
  return {
    level: (item: ConsoleQueueItem) => t('console.level', { level: item.level }),
    country: (item: ConsoleQueueItem) => countryLabel(item.country, language),
    document: (item: ConsoleQueueItem) => t(`console.documentTypes.${item.documentType}`, { defaultValue: item.documentType }),
    provider: (item: ConsoleQueueItem) => t(`console.providers.${item.provider}`, { defaultValue: item.provider }),
    submitted: (item: ConsoleQueueItem) => formatDateTime(item.submittedAt, language),
  };
}

/** Desktop: a table; each row's user cell is the link to the case (Tab reaches every row). */
function QueueTable({ items, language }: { items: readonly ConsoleQueueItem[]; language: string }) {
  const { t } = useTranslation();
  const label = useItemLabels(language);
  const th = 'px-3 py-2 text-start font-medium text-muted';
  return (
    <div className="hidden overflow-x-auto rounded-lg border border-line md:block">
      <table className="w-full border-collapse text-sm">
        <caption className="sr-only">{t('console.queue.caption')}</caption>
        <thead className="bg-surface">
          <tr>
            <th scope="col" className={th}>
              {t('console.queue.columns.submitted')}
            </th>
            <th scope="col" className={th}>
              {t('console.queue.columns.user')}
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
              {t('console.queue.columns.status')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => (
            <tr key={item.id} className="border-t border-line hover:bg-surface/60" data-testid="queue-row">
              <td className="px-3 py-3 whitespace-nowrap">
                <time dateTime={item.submittedAt}>{label.submitted(item)}</time>
              </td>
              <th scope="row" className="px-3 py-3 text-start font-normal">
                <Link href={caseHref(item.id)} className="font-medium break-all text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                  {item.email}
                </Link>
              </th>
              <td className="px-3 py-3 whitespace-nowrap">{label.level(item)}</td>
              <td className="px-3 py-3">{label.country(item)}</td>
              <td className="px-3 py-3">{label.document(item)}</td>
              <td className="px-3 py-3">{label.provider(item)}</td>
              <td className="px-3 py-3">
                <ApplicationStatusBadge status={item.status} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Phone: one card per application; the whole card is the link. */
function QueueCards({ items, language }: { items: readonly ConsoleQueueItem[]; language: string }) {
  const label = useItemLabels(language);
  return (
    <ul className="flex flex-col gap-3 md:hidden">
      {items.map((item) => (
        <li key={item.id} data-testid="queue-card">
          <Link
            href={caseHref(item.id)}
            className="block rounded-lg border border-line bg-white p-4 outline-offset-2 hover:border-muted focus-visible:outline-2 focus-visible:outline-primary"
          >
            <span className="flex items-start justify-between gap-3">
              <span className="min-w-0 font-medium break-all text-ink">{item.email}</span>
              <ApplicationStatusBadge status={item.status} />
            </span>
            <span className="mt-1 block text-sm text-muted">
              {label.level(item)} · {label.document(item)} · {label.country(item)}
            </span>
            <span className="mt-1 block text-sm text-muted">
              {label.provider(item)} · <time dateTime={item.submittedAt}>{label.submitted(item)}</time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
