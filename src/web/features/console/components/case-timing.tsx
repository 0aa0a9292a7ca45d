import { useTranslation } from 'react-i18next';
import type { ConsoleQueueItem } from '../../../../shared/api/console.ts';
import { CaseStatus } from '../../../../shared/review.ts';
import { formatDateTime, formatDuration, isoDuration, secondsSince } from '../format.ts';

type Timed = Pick<ConsoleQueueItem, 'status' | 'openedAt' | 'decidedAt' | 'secondsToDecision'>;

/**
 * How long a case took: for a pending case how long it has waited (now − opened), for a decided one
 * the time from submission to decision. Humanised ("2 h 5 min", "3 d"); the exact submission and
 * decision times are in the title, the exact duration in `dateTime`. `labelled` adds the words
 * ("Waiting 2 h 5 min", "Decided in 3 d") where no column header says which it is.
 */
export function CaseTiming({ item, now, labelled = false, className }: { item: Timed; now: number; labelled?: boolean; className?: string }) {
  const { t, i18n } = useTranslation();
  const pending = item.status === CaseStatus.PENDING;
  const seconds = pending ? secondsSince(item.openedAt, now) : (item.secondsToDecision ?? (item.decidedAt ? secondsSince(item.openedAt, Date.parse(item.decidedAt)) : null));
  if (seconds === null) return null;
  const submitted = formatDateTime(item.openedAt, i18n.language);
  const title =
    !pending && item.decidedAt
      ? t('console.timing.decidedTitle', { submitted, decided: formatDateTime(item.decidedAt, i18n.language) })
      : t('console.timing.waitingTitle', { submitted });
  const duration = formatDuration(seconds, t);
  return (
    <time dateTime={isoDuration(seconds)} title={title} className={className} data-testid="case-timing">
      {labelled ? t(pending ? 'console.timing.waiting' : 'console.timing.decidedIn', { duration }) : duration}
    </time>
  );
}
