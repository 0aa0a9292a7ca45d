import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleReviewer } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/**
 * GET /v1/console/me: who the reviewer is, and which kinds of case this server reviews (the queue's
 * kind filter offers those). 10007: not signed in; 10009: signed in, but not a reviewer.
 * silent: the console shell shows every outcome itself.
 */
export const getConsoleMe = (signal?: AbortSignal) => http.get<ConsoleReviewer>(ConsolePath.consoleMe, undefined, { signal, silent: true });

export const consoleMeQuery = () => queryOptions({ queryKey: consoleKeys.me(), queryFn: ({ signal }) => getConsoleMe(signal), staleTime: 5 * 60_000 });

export const useConsoleMe = () => useQuery(consoleMeQuery());
