import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessListResult, BusinessResult, BusinessSecretResult, CreateBusinessRequest, UpdateBusinessRequest } from '../../../../shared/api/integration-admin.ts';
import { PartnerConsolePath } from '../../../../shared/integration-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/** The business (partner) registry (decision 021): administrators only; the server checks the role. */
const businessesKey = [...consoleKeys.all, 'businesses'] as const;

export const useBusinesses = (enabled = true) =>
  useQuery(queryOptions({ queryKey: businessesKey, enabled, queryFn: ({ signal }) => http.get<BusinessListResult>(PartnerConsolePath.consoleBusinesses, undefined, { signal, silent: true }) }));

/** Every change re-reads the list (status, dates and the secret's age are the server's). */
function useBusinessMutation<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: businessesKey }) });
}

export const useCreateBusiness = () => useBusinessMutation((body: CreateBusinessRequest) => http.post<BusinessSecretResult>(PartnerConsolePath.consoleBusinesses, body, { silent: true }));

export const useUpdateBusiness = () =>
  useBusinessMutation(({ id, body }: { id: string; body: UpdateBusinessRequest }) => http.post<BusinessResult>(withId(PartnerConsolePath.consoleBusiness, id), body, { silent: true }));

export const useRotateSecret = () =>
  useBusinessMutation(({ id, overlapMinutes }: { id: string; overlapMinutes: number }) =>
    http.post<BusinessSecretResult>(withId(PartnerConsolePath.consoleBusinessRotateSecret, id), { overlapMinutes }, { silent: true }),
  );
