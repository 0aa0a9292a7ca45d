import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleCase } from '../../../../shared/api/console.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/** GET /v1/console/cases/:id: the case (status, assignee, times), its subject (for a KYC application: submitted data, documents, steps, other applications), the decision and the history. */
export const getCase = (id: string, signal?: AbortSignal) => http.get<ConsoleCase>(withId(ConsolePath.consoleCase, id), undefined, { signal, silent: true });

export const caseQuery = (id: string) => queryOptions({ queryKey: consoleKeys.case(id), queryFn: ({ signal }) => getCase(id, signal) });

export const useCase = (id: string) => useQuery(caseQuery(id));
