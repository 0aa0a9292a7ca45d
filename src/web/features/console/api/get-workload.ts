import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleWorkload } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/** GET /v1/console/workload: pending counts and ages per kind (decision 030). silent: the panel shows its own error. */
export const getWorkload = (signal?: AbortSignal) => http.get<ConsoleWorkload>(ConsolePath.consoleWorkload, undefined, { signal, silent: true });

/**
 * Read again every minute (cases arrive while a reviewer works) and, being under the queue's key,
 * after every decision, take or give-back that refreshes the queue.
 */
/** Fresh for a few seconds: the console's start prefetches it (console-layout preload); a decision refreshes it. */
export const workloadQuery = queryOptions({ queryKey: consoleKeys.workload(), queryFn: ({ signal }) => getWorkload(signal), staleTime: 5_000 });

export const useWorkload = () => useQuery({ ...workloadQuery, refetchInterval: 60_000 });
