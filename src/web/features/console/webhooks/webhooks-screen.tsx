import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WebhookStatus, type CreateWebhookInput, type WebhookView } from '../../../../shared/api/webhooks.ts';
import { ConsoleRole, hasConsoleRole } from '../../../../shared/staff.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useBusinesses } from '../api/businesses.ts';
import { useConsoleMe } from '../api/get-console-me.ts';
import { useCreateWebhook, useDeleteWebhook, useRotateWebhookSecret, useSetWebhookStatus, useWebhooks } from '../api/webhooks.ts';
import { formatDateTime } from '../format.ts';
import { RotateSecret } from '../partners/rotate-secret.tsx';
import { SecretOnce } from '../partners/secret-once.tsx';
import { useConsoleTitle } from '../use-console-title.ts';
import { DeliveryLog } from './delivery-log.tsx';
import { FeedKeysCard } from './feed-keys.tsx';
import { WebhookForm } from './webhook-form.tsx';

const P = 'webhooks-console';

/** One endpoint in the list: where, whose events, which types, its state and counts; its actions. */
function EndpointItem({ endpoint, selected, onSelect, onDelete }: { endpoint: WebhookView; selected: boolean; onSelect: () => void; onDelete: () => void }) {
  const { t, i18n } = useTranslation();
  const setStatus = useSetWebhookStatus();
  const enabled = endpoint.status === WebhookStatus.ENABLED;
  const toggle = async () => {
    try {
      await setStatus.mutateAsync({ id: endpoint.id, status: enabled ? WebhookStatus.DISABLED : WebhookStatus.ENABLED });
      message({ content: t(enabled ? `${P}.disabledDone` : `${P}.enabledDone`), type: 'success' });
    } catch (e) {
      message({ content: errorMessage(t, e), type: 'error' });
    }
  };
  return (
    <li className="flex flex-col gap-2 border-t border-line py-3 first:border-t-0" data-testid={`webhook-${endpoint.id}`} aria-current={selected ? 'true' : undefined}>
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 font-mono text-sm break-all">{endpoint.url}</span>
        <Badge tone={enabled ? 'success' : 'neutral'}>{t(`${P}.status.${endpoint.status}`)}</Badge>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t(`${P}.list.scope`)}</dt>
        <dd>{endpoint.businessId === null ? t(`${P}.list.exchangeWide`) : t(`${P}.list.business`, { id: endpoint.businessId })}</dd>
        <dt className="text-muted">{t(`${P}.list.events`)}</dt>
        <dd className="break-all">{endpoint.events.includes('*') ? t(`${P}.list.allEvents`) : endpoint.events.join(', ')}</dd>
        <dt className="text-muted">{t(`${P}.list.counts`)}</dt>
        <dd data-testid="webhook-counts">{t(`${P}.list.countsValue`, { pending: endpoint.pendingDeliveries, failing: endpoint.failingDeliveries, dead: endpoint.deadDeliveries })}</dd>
        {endpoint.failingSince ? (
          <>
            <dt className="text-muted">{t(`${P}.list.failingSince`)}</dt>
            <dd>{formatDateTime(endpoint.failingSince, i18n.language)}</dd>
          </>
        ) : null}
      </dl>
      {endpoint.disabledBy ? <p className="text-sm text-muted">{t(endpoint.disabledBy === 'ADMINISTRATOR' ? `${P}.list.disabledByAdmin` : `${P}.list.disabledByFailures`)}</p> : null}
      <div className="flex flex-wrap gap-2">
        <Button size="small" variant={selected ? 'primary' : 'default'} onClick={onSelect} aria-expanded={selected} aria-label={t(`${P}.list.manageOf`, { url: endpoint.url })}>
          {t(`${P}.list.manage`)}
        </Button>
        <Button size="small" variant="default" loading={setStatus.isPending} onClick={() => void toggle()} aria-label={t(enabled ? `${P}.list.disableOf` : `${P}.list.enableOf`, { url: endpoint.url })}>
          {t(enabled ? `${P}.list.disable` : `${P}.list.enable`)}
        </Button>
        <Button size="small" variant="default" onClick={onDelete} aria-label={t(`${P}.list.deleteOf`, { url: endpoint.url })}>
          {t(`${P}.list.delete`)}
        </Button>
      </div>
    </li>
  );
}

/** "Delete this endpoint?": its secrets, deliveries and log go with it. */
function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookView; onClose: (deleted: boolean) => void }) {
  const { t } = useTranslation();
  const remove = useDeleteWebhook();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await remove.mutateAsync(endpoint.id);
      message({ content: t(`${P}.delete.done`), type: 'success' });
      onClose(true);
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };
  return (
    <Dialog
      open
      onClose={() => onClose(false)}
      title={t(`${P}.delete.title`)}
      description={t(`${P}.delete.body`, { url: endpoint.url })}
      footer={
        <>
          <Button variant="default" onClick={() => onClose(false)}>
            {t(`${P}.delete.cancel`)}
          </Button>
          <Button variant="primary" loading={remove.isPending} onClick={() => void confirm()}>
            {t(`${P}.delete.confirm`)}
          </Button>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
    </Dialog>
  );
}

/**
 * Console administration of webhook endpoints (issue 29, decisions 050 and 056): the list
 * (exchange-wide and per business), registration with the signing secret shown once, rotation with
 * an overlap, enable/disable, deletion, each endpoint's delivery log with redelivery; and the keys
 * of the exchange-wide events feed. Administrators only: the server refuses anyone else.
 */
export default function WebhooksScreen() {
  const { t, i18n } = useTranslation();
  const me = useConsoleMe();
  const isAdmin = me.data ? hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR) : false;
  const list = useWebhooks(isAdmin);
  const businesses = useBusinesses(isAdmin);
  const create = useCreateWebhook();
  const rotate = useRotateWebhookSecret();
  const [registering, setRegistering] = useState(false);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<WebhookView | null>(null);
  const [shown, setShown] = useState<{ url: string; secret: string; previousUntil: string | null } | null>(null);

  useConsoleTitle(t(`${P}.title`));

  if (me.data && !isAdmin) return <Alert variant="warn" title={t(`${P}.onlyAdmins`)}>{t(`${P}.onlyAdminsBody`)}</Alert>;

  const register = async (businessId: string | null, body: CreateWebhookInput) => {
    const result = await create.mutateAsync({ businessId, body });
    setShown({ url: body.url, secret: result.secret, previousUntil: null });
    setRegistering(false);
    message({ content: t(`${P}.registered`), type: 'success' });
  };
  const rotateSecret = async (endpoint: WebhookView, overlapMinutes: number) => {
    const result = await rotate.mutateAsync({ id: endpoint.id, overlapMinutes });
    setShown({ url: endpoint.url, secret: result.secret, previousUntil: overlapMinutes > 0 ? new Date(Date.now() + overlapMinutes * 60_000).toISOString() : null });
  };
  const selected = list.data?.webhooks.find((w) => w.id === selectedId) ?? null;

  return (
    <section aria-labelledby="webhooks-title" className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 id="webhooks-title" className="text-2xl font-semibold">
          {t(`${P}.title`)}
        </h1>
        {registering ? null : (
          <Button variant="primary" onClick={() => setRegistering(true)}>
            {t(`${P}.register`)}
          </Button>
        )}
      </div>
      <p className="text-muted">{t(`${P}.intro`)}</p>
      {shown ? (
        <SecretOnce
          businessId=""
          secret={shown.secret}
          texts={{
            title: t(`${P}.secret.title`, { url: shown.url }),
            warning: `${t(`${P}.secret.warning`)}${shown.previousUntil ? ` ${t(`${P}.secret.overlap`, { at: formatDateTime(shown.previousUntil, i18n.language) })}` : ''}`,
            label: t(`${P}.secret.label`),
          }}
          onDone={() => setShown(null)}
        />
      ) : null}
      {registering ? (
        <Card title={t(`${P}.form.title`)}>
          <WebhookForm businesses={businesses.data?.businesses ?? []} onSubmit={register} onCancel={() => setRegistering(false)} />
        </Card>
      ) : null}
      <Card title={t(`${P}.list.title`)}>
        {list.isPending ? (
          <LoadingBlock>
            <Skeleton className="h-24 w-full" />
          </LoadingBlock>
        ) : list.isError ? (
          <LoadError title={t(`${P}.list.error`)} error={list.error} onRetry={() => void list.refetch()} />
        ) : list.data.webhooks.length === 0 ? (
          <p className="text-sm text-muted">{t(`${P}.list.empty`)}</p>
        ) : (
          <ul className="flex flex-col">
            {list.data.webhooks.map((w) => (
              <EndpointItem key={w.id} endpoint={w} selected={w.id === selectedId} onSelect={() => setSelectedId(w.id === selectedId ? null : w.id)} onDelete={() => setDeleting(w)} />
            ))}
          </ul>
        )}
      </Card>
      {selected ? (
        <>
          <Card title={t(`${P}.log.titleOf`, { url: selected.url })} key={`log-${selected.id}`}>
            <DeliveryLog endpoint={selected} />
          </Card>
          <Card title={t(`${P}.rotate.title`)} description={t(`${P}.rotate.body`)} key={`rotate-${selected.id}`}>
            <RotateSecret business={selected} onRotate={(minutes) => rotateSecret(selected, minutes)} />
          </Card>
        </>
      ) : null}
      <FeedKeysCard />
      {deleting ? (
        <DeleteDialog
          endpoint={deleting}
          onClose={(deleted) => {
            if (deleted && deleting.id === selectedId) setSelectedId(null);
            setDeleting(null);
          }}
        />
      ) : null}
    </section>
  );
}
