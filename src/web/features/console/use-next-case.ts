import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { CaseStatus } from '../../../shared/review.ts';
import { queueQuery } from './api/get-queue.ts';
import { caseHref, lastQueueFilters, queueHref, queueIds, toQueueQuery } from './queue-params.ts';

/**
 * Moving between the cases of the view the reviewer came from (decision 051): the queue's filters
 * and order as they were in the address.
 * - `next(after)`: after a decision, the first case of that view's first page, read again, that is
 *   still pending, waits for no second look and is nobody else's; none left: back to the queue.
 * - `step(current, ±1)`: j / k on a case page, through the rows of the queue page last shown.
 */
export function useCaseNavigation(meId: string | undefined) {
  const client = useQueryClient();
  const [, navigate] = useLocation();

  async function next(after: string): Promise<void> {
    const filters = { ...lastQueueFilters(), page: 1, cursor: '' };
    try {
      const page = await client.fetchQuery({ ...queueQuery(toQueueQuery(filters)), staleTime: 0 });
      const open = page.items.find((i) => i.id !== after && i.status === CaseStatus.PENDING && i.awaitingSecondLook === null && (i.assignee === null || i.assignee.id === meId));
      navigate(open ? caseHref(open.id) : queueHref());
    } catch {
      // The queue could not be read: the reviewer goes back to it and sees why there.
      navigate(queueHref());
    }
  }

  function step(current: string, by: 1 | -1): void {
    const ids = queueIds();
    const at = ids.indexOf(current);
    const target = at === -1 ? (by === 1 ? ids[0] : undefined) : ids[at + by];
    if (target) navigate(caseHref(target));
  }

  return { next, step };
}
