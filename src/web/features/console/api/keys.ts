import type { QueryClient } from '@tanstack/react-query';
import type { ConsoleQueueQuery } from '../../../../shared/api/console.ts';

/** TanStack Query keys of the console: everything under ['console'] so a decision can refresh it all. */
export const consoleKeys = {
  all: ['console'] as const,
  me: () => ['console', 'me'] as const,
  queues: () => ['console', 'queue'] as const,
  queue: (query: ConsoleQueueQuery) => ['console', 'queue', query] as const,
  /** Under the queue's key: whatever refreshes the queue refreshes the dashboard too. */
  workload: () => ['console', 'queue', 'workload'] as const,
  /** Under the queue's key: a decision refreshes what a search shows of the user's cases. */
  search: (q: string) => ['console', 'queue', 'search', q] as const,
  cases: () => ['console', 'case'] as const,
  case: (id: string) => ['console', 'case', id] as const,
  /** Decision 051's user view, under the cases' key (a decision on any case reads it again). */
  user: (id: string) => ['console', 'case', 'user', id] as const,
};

/** `:id` of a console path replaced by a case id (ids are UUIDs; encoded anyway: it comes from the URL). */
export function withId(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}

/**
 * After a case changed (taken, released, decided) — or a call about it failed, which usually means
 * it changed under us (10012, 36001) — every queue page and the case are read again. A decision also
 * changes the user's steps, shown on the user's other cases: `allCases` reads those again too.
 */
export function refreshAfterCaseChange(client: QueryClient, caseId: string, { allCases = false } = {}): Promise<unknown> {
  return Promise.all([
    client.invalidateQueries({ queryKey: consoleKeys.queues() }),
    client.invalidateQueries({ queryKey: allCases ? consoleKeys.cases() : consoleKeys.case(caseId) }),
  ]);
}
