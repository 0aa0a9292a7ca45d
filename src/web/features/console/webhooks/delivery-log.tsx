import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { WebhookView } from '../../../../shared/api/webhooks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Badge, type BadgeTone } from '../../../components/ui/status-badge.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useDeliveries, useRedeliver } from '../api/webhooks.ts';
import { formatDateTime } from '../format.ts';

const STATUS_TONE: Record<string, BadgeTone> = { DELIVERED: 'success', PENDING: 'warn', DEAD: 'danger' };

/** `datetime-local`'s value (the administrator's own clock) as the ISO instant the server expects. */
function localToIso(value: string): string | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** "Redeliver everything since <time>": the events of the endpoint's audience and types since then go again. */
function RedeliverSince({ endpoint }: { endpoint: WebhookView }) {
  const { t } = useTranslation();
  const p = 'webhooks-console.log';
  const redeliver = useRedeliver();
  const [since, setSince] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const iso = localToIso(since);
    if (!iso) return setError(t(`${p}.sinceRequired`));
    try {
      const { scheduled } = await redeliver.mutateAsync({ id: endpoint.id, body: { since: iso } });
      message({ content: t(`${p}.scheduled`, { n: scheduled }), type: 'success' });
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };
  return (
    <form aria-label={t(`${p}.sinceTitle`)} className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t(`${p}.since`)} error={error ?? undefined} className="min-w-0 flex-1">
        <TextInput type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
      </Field>
      <Button type="submit" variant="default" loading={redeliver.isPending}>
        {t(`${p}.redeliverSince`)}
      </Button>
    </form>
  );
}

/**
 * One endpoint's delivery log (decision 050): each event's delivery — type, status, attempts, the
 * last attempt's latency, HTTP status and answer, the next retry — newest first, read again every
 * few seconds; "Redeliver" sends one event again.
 */
export function DeliveryLog({ endpoint }: { endpoint: WebhookView }) {
  const { t, i18n } = useTranslation();
  const p = 'webhooks-console.log';
  const log = useDeliveries(endpoint.id);
  const redeliver = useRedeliver();
  const [failed, setFailed] = useState<string | null>(null);
  const again = async (eventId: string) => {
    setFailed(null);
    try {
      await redeliver.mutateAsync({ id: endpoint.id, body: { eventId } });
      message({ content: t(`${p}.scheduled`, { n: 1 }), type: 'success' });
      void log.refetch();
    } catch (e) {
      setFailed(errorMessage(t, e));
    }
  };
  const time = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : '—');

  return (
    <div className="flex flex-col gap-4">
      <RedeliverSince endpoint={endpoint} />
      {failed ? <Alert variant="error">{failed}</Alert> : null}
      {log.isPending ? (
        <LoadingBlock lines={4} />
      ) : log.isError ? (
        <LoadError title={t(`${p}.error`)} error={log.error} onRetry={() => void log.refetch()} />
      ) : log.data.deliveries.length === 0 ? (
        <p className="text-sm text-muted">{t(`${p}.empty`)}</p>
      ) : (
        // Wider than a phone: the table scrolls sideways inside its own region (reachable by keyboard).
        <div className="overflow-x-auto" role="region" aria-label={t(`${p}.title`)} tabIndex={0}>
          <table className="w-full min-w-[52rem] text-sm" data-testid="delivery-log">
            <thead>
              <tr className="text-muted">
                <th className="py-2 pe-3 text-start font-medium">{t(`${p}.type`)}</th>
                <th className="py-2 pe-3 text-start font-medium">{t(`${p}.status`)}</th>
                <th className="py-2 pe-3 text-end font-medium">{t(`${p}.attempts`)}</th>
                <th className="py-2 pe-3 text-end font-medium">{t(`${p}.latency`)}</th>
                <th className="py-2 pe-3 text-end font-medium">{t(`${p}.httpStatus`)}</th>
                <th className="py-2 pe-3 text-start font-medium">{t(`${p}.response`)}</th>
                <th className="py-2 pe-3 text-start font-medium">{t(`${p}.nextAttempt`)}</th>
                <th className="py-2" />
              </tr>
            </thead>
            <tbody>
              {log.data.deliveries.map((d) => (
                <tr key={d.id} className="border-t border-line align-top" data-testid={`delivery-${d.eventId}`}>
                  <td className="py-2 pe-3">
                    <code className="text-xs">{d.type}</code>
                    <div className="text-xs text-muted">{time(d.createdAt)}</div>
                  </td>
                  <td className="py-2 pe-3">
                    <Badge tone={STATUS_TONE[d.status] ?? 'neutral'}>{t(`${p}.statuses.${d.status}`, { defaultValue: d.status })}</Badge>
                  </td>
                  <td className="py-2 pe-3 text-end tabular-nums">{d.attempts}</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{d.lastLatencyMs === null ? '—' : t(`${p}.ms`, { ms: d.lastLatencyMs })}</td>
                  <td className="py-2 pe-3 text-end tabular-nums">{d.lastStatus ?? '—'}</td>
                  <td className="max-w-[16rem] py-2 pe-3">
                    <code className="block truncate text-xs" title={d.lastResponseExcerpt ?? d.lastError ?? undefined}>
                      {d.lastResponseExcerpt ?? d.lastError ?? '—'}
                    </code>
                  </td>
                  <td className="py-2 pe-3 text-xs">{d.status === 'PENDING' ? time(d.nextAttemptAt) : '—'}</td>
                  <td className="py-2 text-end">
                    <Button size="small" variant="default" onClick={() => void again(d.eventId)} aria-label={t(`${p}.redeliverOf`, { type: d.type, id: d.eventId })}>
                      {t(`${p}.redeliver`)}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
