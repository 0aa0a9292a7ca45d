import type { ConsoleQueueQuery } from '../../../../shared/api/console.ts';

/** TanStack Query keys of the console: everything under ['console'] so a decision can refresh it all. */
export const consoleKeys = {
  all: ['console'] as const,
  me: () => ['console', 'me'] as const,
  queues: () => ['console', 'queue'] as const,
  queue: (query: ConsoleQueueQuery) => ['console', 'queue', query] as const,
  cases: () => ['console', 'case'] as const,
  case: (id: string) => ['console', 'case', id] as const,
};

/** `:id` of a console path replaced by an application id (ids are UUIDs; encoded anyway: it comes from the URL). */
export function withId(path: string, id: string): string {
  return path.replace(':id', encodeURIComponent(id));
}
