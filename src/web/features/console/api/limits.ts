import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ConsoleLimitsResult, ConsoleRatesResult, LimitsDocument } from '../../../../shared/api/limits.ts';
import { ConsolePath } from '../../../../shared/api/console-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys } from './keys.ts';

/** Limits and rates (decision 040): administrators only. */
const limitsKey = [...consoleKeys.all, 'limits'] as const;
const ratesKey = [...consoleKeys.all, 'rates'] as const;

export const useLimits = () => useQuery(queryOptions({ queryKey: limitsKey, queryFn: ({ signal }) => http.get<ConsoleLimitsResult>(ConsolePath.consoleLimits, undefined, { signal, silent: true }) }));

export function useSaveLimits() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { document: LimitsDocument; note: string; expectedVersion: number }) => http.put<ConsoleLimitsResult>(ConsolePath.consoleLimits, input, { silent: true }),
    onSuccess: (result) => client.setQueryData(limitsKey, result),
  });
}

export const useRates = () => useQuery(queryOptions({ queryKey: ratesKey, queryFn: ({ signal }) => http.get<ConsoleRatesResult>(ConsolePath.consoleRates, undefined, { signal, silent: true }) }));

export function useSetRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { time: string; rates: Record<string, string> }) => http.put<ConsoleRatesResult>(ConsolePath.consoleRates, input, { silent: true }),
    onSuccess: (result) => client.setQueryData(ratesKey, result),
  });
}

export function useRefreshRates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.post<ConsoleRatesResult>(ConsolePath.consoleRatesRefresh, {}, { silent: true }),
    onSuccess: (result) => client.setQueryData(ratesKey, result),
  });
}
