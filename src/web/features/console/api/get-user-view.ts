import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleUserView } from '../../../../shared/api/console-user.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/** GET /v1/console/users/:id: the user's cases of every kind, tasks, states, limitation and timeline (decision 051). */
export const getUserView = (id: string, signal?: AbortSignal) => http.get<ConsoleUserView>(withId(ConsolePath.consoleUser, id), undefined, { signal, silent: true });

/** Under the cases' key: a decision on one of the user's cases refreshes the page. */
export const userViewQuery = (id: string) => queryOptions({ queryKey: consoleKeys.user(id), queryFn: ({ signal }) => getUserView(id, signal) });

export const useUserView = (id: string) => useQuery(userViewQuery(id));
