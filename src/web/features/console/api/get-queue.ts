import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleQueuePage, ConsoleQueueQuery } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/**
 * GET /v1/console/cases: review cases, pending oldest first (decided: newest first), filtered by
 * status, kind, assignee, level, country and provider; paged.
 */
export const getQueue = (query: ConsoleQueueQuery, signal?: AbortSignal) => http.get<ConsoleQueuePage>(ConsolePath.consoleCases, { ...query }, { signal, silent: true });

/** Fresh for a few seconds: the console's start prefetches the page it opens on (console-layout preload); every change of a case refreshes it. */
export const queueQuery = (query: ConsoleQueueQuery) => queryOptions({ queryKey: consoleKeys.queue(query), queryFn: ({ signal }) => getQueue(query, signal), staleTime: 5_000 });

/** The queue page; while another page or filter loads, the previous rows stay (marked busy). */
export const useQueue = (query: ConsoleQueueQuery) => useQuery({ ...queueQuery(query), placeholderData: keepPreviousData });
