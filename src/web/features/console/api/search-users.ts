import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleSearchResult } from '../../../../shared/api/console-search.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/** GET /v1/console/search?q=: users by e-mail, name, user id, case id or document number (decision 051). */
export const searchUsers = (q: string, signal?: AbortSignal) => http.get<ConsoleSearchResult>(ConsolePath.consoleSearch, { q }, { signal, silent: true });

export const searchQuery = (q: string) => queryOptions({ queryKey: consoleKeys.search(q), queryFn: ({ signal }) => searchUsers(q, signal), staleTime: 5_000 });

/** The search the address asks for; nothing is asked for a text under two characters. */
export const useSearchUsers = (q: string) => useQuery({ ...searchQuery(q), enabled: q.length >= 2 });
