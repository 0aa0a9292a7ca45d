import { useTranslation } from 'react-i18next';
import type { BoundedCount, ConsoleWorkloadKind } from '../../../../shared/api/console.ts';
import type { SubjectKind } from '../../../../shared/review.ts';
import { LoadError } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useConsoleMe } from '../api/get-console-me.ts';
import { useWorkload } from '../api/get-workload.ts';
import { formatDuration, formatDateTime, isoDuration, secondsSince } from '../format.ts';

export interface WorkloadPanelProps {
  /** The kind the queue is filtered by, if any: its card is marked as the one shown. */
  selected: SubjectKind | '';
  /** Shows that kind's pending cases in the queue below. */
  onSelect: (kind: SubjectKind) => void;
  now: number;
}

/**
 * The reviewers' dashboard (decision 030): one card per kind this server reviews, with how many
 * cases wait, how many have waited over one and over three days (marked: they are late), the oldest
 * one's age and how many wait for a second look. A card's title shows that kind's pending cases.
 * Issue 28 (decision 051): a row of small counters, so the cases below are in view at 1280×800; on
 * a narrow screen the row scrolls sideways instead of pushing the cases down.
 */
export function WorkloadPanel({ selected, onSelect, now }: WorkloadPanelProps) {
  const { t } = useTranslation();
  const workload = useWorkload();
  // One card per kind this server reviews (console/me lists the same kinds, decision 030).
  const kinds = useConsoleMe().data?.subjectKinds.length ?? 4;
  const grid = 'm-0 grid list-none auto-cols-[minmax(9.5rem,1fr)] grid-flow-col gap-2 overflow-x-auto p-0 pb-1';

  return (
    <section aria-labelledby="workload-title" className="flex min-w-0 flex-col gap-1">
      <h2 id="workload-title" className="sr-only">
        {t('console.workload.title')}
      </h2>
      {workload.isPending ? (
        // The loaded cards' grid and height (one card: title and five figures), so the queue's
        // filters below do not move when the figures arrive (layout shift, issue 15).
        <div aria-busy="true" className={grid}>
          {Array.from({ length: kinds }, (_, i) => (
            <Skeleton key={i} className="h-[118px] w-full" />
          ))}
        </div>
      ) : workload.isError ? (
        <LoadError title={t('console.workload.error')} error={workload.error} onRetry={() => void workload.refetch()} />
      ) : (
        // A scrolling row is reachable by keyboard (its buttons are), so it needs no tabindex of its own.
        <ul className={grid} data-testid="workload">
          {workload.data.kinds.map((k) => (
            <WorkloadCard key={k.kind} row={k} current={selected === k.kind} onSelect={onSelect} now={now} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WorkloadCard({ row, current, onSelect, now }: { row: ConsoleWorkloadKind; current: boolean; onSelect: (kind: SubjectKind) => void; now: number }) {
  const { t, i18n } = useTranslation();
  const kind = t(`console.kinds.${row.kind}`, { defaultValue: row.kind });
  // A lower bound (the server stops counting, decision 030) reads "10000+".
  const figure = (c: BoundedCount) => (c.atLeast ? `${c.count.toLocaleString(i18n.language)}+` : c.count.toLocaleString(i18n.language));
  const age = row.oldestOpenedAt ? secondsSince(row.oldestOpenedAt, now) : null;
  const late = row.waitingOverOneDay.count > 0;

  return (
    <li data-testid={`workload-${row.kind}`} className={`flex flex-col gap-1 rounded-lg border px-2.5 py-2 ${current ? 'border-primary ring-1 ring-primary' : 'border-line'}`}>
      <button
        type="button"
        onClick={() => onSelect(row.kind)}
        aria-pressed={current}
        aria-label={t('console.workload.show', { kind })}
        className="truncate text-start text-sm font-semibold underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2"
        title={kind}
      >
        {kind}
      </button>
      <dl className="m-0 grid grid-cols-[1fr_auto] gap-x-2 text-xs leading-4">
        <dt className="text-muted">{t('console.workload.waiting')}</dt>
        <dd className="m-0 text-right font-semibold tabular-nums">{figure(row.pending)}</dd>
        <dt className="text-muted">{t('console.workload.overOneDay')}</dt>
        <dd className={`m-0 text-right tabular-nums ${late ? 'font-semibold' : ''}`}>{figure(row.waitingOverOneDay)}</dd>
        <dt className="text-muted">{t('console.workload.overThreeDays')}</dt>
        <dd className={`m-0 text-right tabular-nums ${row.waitingOverThreeDays.count > 0 ? 'font-semibold text-danger' : ''}`}>{figure(row.waitingOverThreeDays)}</dd>
        <dt className="text-muted">{t('console.workload.oldest')}</dt>
        <dd className="m-0 text-right tabular-nums">
          {age === null || !row.oldestOpenedAt ? (
            t('console.workload.none')
          ) : (
            <time dateTime={isoDuration(age)} title={formatDateTime(row.oldestOpenedAt, i18n.language)}>
              {formatDuration(age, t)}
            </time>
          )}
        </dd>
        <dt className="text-muted">{t('console.workload.secondLook')}</dt>
        <dd className="m-0 text-right tabular-nums">{row.awaitingSecondLook.toLocaleString(i18n.language)}</dd>
      </dl>
    </li>
  );
}
