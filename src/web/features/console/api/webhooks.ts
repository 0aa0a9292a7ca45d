import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, DeliveriesResult, FeedKeyListResult, FeedKeyResult, FeedKeySecretResult, RedeliverResult, WebhookListResult, WebhookResult, WebhookSecretResult, WebhookStatus } from '../../../../shared/api/webhooks.ts';
import { WebhookPath } from '../../../../shared/api/webhooks.ts';
import { http } from '../../../lib/http/index.ts';
import { consoleKeys, withId } from './keys.ts';

/** Webhook endpoints and their delivery log (decision 050, 056): administrators only; the server checks the role. */
const webhooksKey = [...consoleKeys.all, 'webhooks'] as const;
const deliveriesKey = (id: string) => [...webhooksKey, 'deliveries', id] as const;


export const useWebhooks = (enabled = true) =>
  useQuery(queryOptions({ queryKey: webhooksKey, enabled, queryFn: ({ signal }) => http.get<WebhookListResult>(WebhookPath.consoleWebhooks, undefined, { signal, silent: true }) }));

/** The log refreshes itself every few seconds while shown: a delivery under way shows its outcome without a reload. */
export const useDeliveries = (id: string) =>
  useQuery(
    queryOptions({
      queryKey: deliveriesKey(id),
      refetchInterval: 5_000,
      queryFn: ({ signal }) => http.get<DeliveriesResult>(withId(WebhookPath.consoleWebhookDeliveries, id), { limit: 50 }, { signal, silent: true }),
    }),
  );

/** Every change re-reads the list and the logs (status, counts and dates are the server's). */
function useWebhookMutation<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: webhooksKey }) });
}

/** A new endpoint: exchange-wide (`businessId` null) or one business's. The reply's secret is shown once. */
export const useCreateWebhook = () =>
  useWebhookMutation(({ businessId, body }: { businessId: string | null; body: CreateWebhookInput }) =>
    http.post<WebhookSecretResult>(businessId === null ? WebhookPath.consoleWebhooks : withId(WebhookPath.consoleBusinessWebhooks, businessId), body, { silent: true }),
  );

export const useSetWebhookStatus = () =>
  useWebhookMutation(({ id, status }: { id: string; status: WebhookStatus }) => http.post<WebhookResult>(withId(WebhookPath.consoleWebhook, id), { status }, { silent: true }));

export const useDeleteWebhook = () => useWebhookMutation((id: string) => http.post<Record<string, never>>(withId(WebhookPath.consoleWebhookDelete, id), {}, { silent: true }));

export const useRotateWebhookSecret = () =>
  useWebhookMutation(({ id, overlapMinutes }: { id: string; overlapMinutes: number }) => http.post<WebhookSecretResult>(withId(WebhookPath.consoleWebhookRotateSecret, id), { overlapMinutes }, { silent: true }));

export const useRedeliver = () =>
  useWebhookMutation(({ id, body }: { id: string; body: { eventId: string } | { since: string } }) =>
    http.post<RedeliverResult>(withId(WebhookPath.consoleWebhookRedeliver, id), body, { silent: true }),
  );

/** The exchange-wide events feed's keys (decision 056). */
const feedKeysKey = [...consoleKeys.all, 'events-feed-keys'] as const;

export const useFeedKeys = (enabled = true) =>
  useQuery(queryOptions({ queryKey: feedKeysKey, enabled, queryFn: ({ signal }) => http.get<FeedKeyListResult>(WebhookPath.consoleFeedKeys, undefined, { signal, silent: true }) }));

function useFeedKeyMutation<V, R>(call: (vars: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSettled: () => client.invalidateQueries({ queryKey: feedKeysKey }) });
}

/** A new key: the reply's `secret` is shown once. */
export const useIssueFeedKey = () => useFeedKeyMutation((name: string) => http.post<FeedKeySecretResult>(WebhookPath.consoleFeedKeys, { name }, { silent: true }));

export const useRevokeFeedKey = () => useFeedKeyMutation((id: string) => http.post<FeedKeyResult>(withId(WebhookPath.consoleFeedKeyRevoke, id), {}, { silent: true }));
