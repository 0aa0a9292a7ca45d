import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'wouter';
import { COUNTRY_CODES } from '../../../shared/countries.ts';
import { Provider } from '../../../shared/kyc.ts';
import { AssigneeFilter, CaseStatus, QUEUE_SORTS, type QueueSort } from '../../../shared/review.ts';
import { Button } from '../../components/ui/button.tsx';
import { Field } from '../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../components/ui/load-states.tsx';
import { Select } from '../../components/ui/select.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useConsoleMe } from './api/get-console-me.ts';
import { useQueue } from './api/get-queue.ts';
import { QueueCards, QueueTable } from './components/queue-list.tsx';
import { QueueSearchBox, QueueSearchResults, SEARCH_INPUT_ID } from './components/queue-search.tsx';
import { takeSearchFocusRequest, useNextCaseSetting, useShortcuts } from './shortcuts.ts';
import { useConsoleTitle } from './use-console-title.ts';
import { WorkloadPanel } from './components/workload-panel.tsx';
import { countryLabel, countryName } from './format.ts';
import { isFiltered, parseQueueFilters, QUEUE_PAGE_SIZE, queueSearch, rememberQueueIds, rememberQueueSearch, toQueueQuery, type QueueAssignee, type QueueFilters } from './queue-params.ts';
import { useNow } from './use-now.ts';
import { useSessionGuard } from './use-session-guard.ts';

/**
 * The review queue: pending cases oldest first (or decided ones, newest first), filtered by kind,
 * assignee (anyone, unassigned, mine), level, country and provider, 20 per page. The filters live in
 * the address, so a reload, a shared link and the browser's back button keep them. A table from the
 * `md` width, cards on a phone. Each row tells who has the case and how long it has waited (or how
 * long its decision took); a pending case nobody has can be taken from the row.
 */
export default function QueueScreen() {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const filters = parseQueueFilters(params);
  const search = queueSearch(filters);
  const queue = useQueue(toQueueQuery(filters));
  const me = useConsoleMe();
  const now = useNow();
  const sessionEnded = useSessionGuard(queue.error);

  useEffect(() => rememberQueueSearch(search), [search]);
  useConsoleTitle(t('console.queue.title'));
  const items = queue.data?.items;
  useEffect(() => rememberQueueIds(items?.map((i) => i.id) ?? []), [items]);
  // "/" pressed on another console page brought the reviewer here: the search box takes focus.
  useEffect(() => {
    if (takeSearchFocusRequest()) document.getElementById(SEARCH_INPUT_ID)?.focus();
  }, []);
  // Decision 051: j / k move through the rows, t takes the row that has focus (Enter opens it).
  useShortcuts({ next: () => moveRow(1), previous: () => moveRow(-1), take: takeFocusedRow });

  const update = (change: Partial<QueueFilters>) => {
    // Any filter change starts again at page 1 (no cursor: the first page is read from the start).
    const next = { ...filters, page: 1, cursor: '', ...change };
    setParams(new URLSearchParams(queueSearch(next)));
  };
  const sorts = QUEUE_SORTS.map((value) => ({ value, label: t(`console.queue.sorts.${value.replace('-', 'reversed_')}`) }));

  const countries = useMemo(
    () =>
      COUNTRY_CODES.map((code) => ({ value: code, label: countryLabel(code, i18n.language), name: countryName(code, i18n.language) })).sort((a, b) =>
        a.name.localeCompare(b.name, i18n.language),
      ),
    [i18n.language],
  );
  const any = { value: '', label: t('console.queue.any') };
  // The kinds this server reviews (console/me); a kind from the address stays selectable.
  const kinds = [...new Set([...(me.data?.subjectKinds ?? []), ...(filters.kind ? [filters.kind] : [])])];
  const filtered = isFiltered(filters);
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / QUEUE_PAGE_SIZE)) : 1;
  // Above some way past the page the server stops counting (decision 024): the total and the page
  // count are then lower bounds, shown with "+", and "next" stays open.
  const more = queue.data?.totalIsLowerBound === true;
  const plus = (n: number) => (more ? `${n}+` : n);
  const emptyText = !filtered
    ? t('console.queue.emptyPending')
    : filters.assignee === AssigneeFilter.ME && filters.status === CaseStatus.PENDING
      ? t('console.queue.emptyMine')
      : t('console.queue.empty');

  return (
    <section aria-labelledby="queue-title" className="flex flex-col gap-3">
      {/* Issue 28: title and search on one line, the counters in a row, the filters in one row from
          the xl width: the first cases are in view at 1280×800. */}
      {/* Keyboard users reach the first case in one step (also: j), past the search, counters and filters. */}
      <button
        type="button"
        onClick={() => moveRow(1)}
        className="sr-only self-start rounded-btn bg-white px-3 py-1 text-sm text-info underline focus:not-sr-only focus-visible:outline-2 focus-visible:outline-primary"
      >
        {t('console.queue.skipToCases')}
      </button>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <h1 id="queue-title" className="text-xl font-semibold">
          {t('console.queue.title')}
        </h1>
        <QueueSearchBox value={filters.q} onSearch={(q) => update({ q })} />
      </div>

      {filters.q ? <QueueSearchResults q={filters.q} onClear={() => update({ q: '' })} /> : null}

      <WorkloadPanel selected={filters.kind} onSelect={(kind) => update({ kind, status: CaseStatus.PENDING })} now={now} />

      <form role="search" aria-label={t('console.queue.filters')} onSubmit={(e) => e.preventDefault()} className="grid grid-cols-2 gap-x-3 gap-y-2 sm:grid-cols-4 xl:grid-cols-7">
        <Field label={t('console.queue.status')}>
          <Select
            name="status"
            value={filters.status}
            onChange={(e) => update({ status: e.target.value as CaseStatus })}
            options={Object.values(CaseStatus).map((s) => ({ value: s, label: t(`console.status.${s}`) }))}
          />
        </Field>
        <Field label={t('console.queue.assignee')}>
          <Select
            name="assignee"
            value={filters.assignee}
            onChange={(e) => update({ assignee: e.target.value as QueueAssignee })}
            options={Object.values(AssigneeFilter).map((a) => ({ value: a, label: t(`console.queue.assigneeOptions.${a}`) }))}
          />
        </Field>
        <Field label={t('console.queue.kind')}>
          <Select
            name="kind"
            value={filters.kind}
            onChange={(e) => update({ kind: e.target.value as QueueFilters['kind'] })}
            options={[any, ...kinds.map((k) => ({ value: k, label: t(`console.kinds.${k}`) }))]}
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
        <Field label={t('console.queue.sort')}>
          <Select name="sort" value={filters.sort} onChange={(e) => update({ sort: e.target.value as QueueSort })} options={sorts} />
        </Field>
        {filtered ? (
          <div className="col-span-2 sm:col-span-4 xl:col-span-7">
            <Button size="small" variant="default" onClick={() => setParams(new URLSearchParams(queueSearch({ ...parseQueueFilters(new URLSearchParams()), sort: filters.sort, q: filters.q })))}>
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
          <div className="mb-2 flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <p role="status" className="text-sm text-muted">
              {t('console.queue.total', { count: queue.data.total, replace: { count: plus(queue.data.total) } })}
            </p>
            <NextCaseSetting />
          </div>
          {queue.data.items.length === 0 ? (
            <p className="rounded-lg border border-dashed border-line-strong p-8 text-center text-muted">{emptyText}</p>
          ) : (
            <>
              <QueueTable items={queue.data.items} meId={me.data?.id} status={filters.status} now={now} />
              <QueueCards items={queue.data.items} meId={me.data?.id} status={filters.status} now={now} />
            </>
          )}
          {pages > 1 || more || filters.page > 1 ? (
            <nav aria-label={t('console.queue.pagination')} className="mt-4 flex items-center justify-between gap-3">
              {/* Keyset paging (decision 024): each way follows the server's cursor; page 1 is read from the start. */}
              <Button
                size="small"
                variant="default"
                // While a page loads, the cursors shown are the page before's: wait for its own.
                disabled={filters.page <= 1 || queue.isPlaceholderData}
                onClick={() => update({ page: filters.page - 1, cursor: filters.page - 1 > 1 ? (queue.data.prevCursor ?? '') : '' })}
              >
                {t('console.queue.previous')}
              </Button>
              <span className="text-sm text-muted">{t('console.queue.page', { page: filters.page, pages: plus(pages) })}</span>
              <Button
                size="small"
                variant="default"
                disabled={queue.data.nextCursor === null || queue.isPlaceholderData}
                onClick={() => update({ page: filters.page + 1, cursor: queue.data.nextCursor ?? '' })}
              >
                {t('console.queue.next')}
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </section>
  );
}

/** The visible rows' links to their cases (the table from the md width, the cards below it), in order. */
function rowLinks(): HTMLAnchorElement[] {
  return Array.from(document.querySelectorAll<HTMLAnchorElement>('a[data-queue-link]')).filter((a) => a.getClientRects().length > 0);
}

/** j / k: focus the next or previous row's link (from none: the first row). */
function moveRow(by: 1 | -1): void {
  const links = rowLinks();
  const at = links.findIndex((a) => a === document.activeElement);
  const target = at === -1 ? links[0] : links[Math.min(links.length - 1, Math.max(0, at + by))];
  target?.focus();
}

/** t: take the case of the row that has focus, when nobody has it. */
function takeFocusedRow(): void {
  const row = (document.activeElement as HTMLElement | null)?.closest('[data-queue-item]');
  row?.querySelector<HTMLButtonElement>('button[data-take]')?.click();
}

/** Decision 051: the setting that opens the next case of this view after a decision (also on the ? overlay). */
function NextCaseSetting() {
  const { t } = useTranslation();
  const [on, setOn] = useNextCaseSetting();
  return (
    <label className="flex cursor-pointer items-center gap-2 text-sm">
      <input type="checkbox" checked={on} onChange={(e) => setOn(e.target.checked)} className="size-4 cursor-pointer" />
      {t('console.shortcuts.nextCase')}
    </label>
  );
}
