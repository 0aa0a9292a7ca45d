import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedKeyView } from '../../../../shared/api/webhooks.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Badge } from '../../../components/ui/status-badge.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useFeedKeys, useIssueFeedKey, useRevokeFeedKey } from '../api/webhooks.ts';
import { formatDateTime } from '../format.ts';
import { SecretOnce } from '../partners/secret-once.tsx';

const P = 'webhooks-console.keys';

/** "Revoke this key?": the system using it can no longer read the feed. */
function RevokeDialog({ feedKey, onClose }: { feedKey: FeedKeyView; onClose: () => void }) {
  const { t } = useTranslation();
  const revoke = useRevokeFeedKey();
  const [error, setError] = useState<string | null>(null);
  const confirm = async () => {
    setError(null);
    try {
      await revoke.mutateAsync(feedKey.id);
      message({ content: t(`${P}.revokedDone`), type: 'success' });
      onClose();
    } catch (e) {
      setError(errorMessage(t, e));
    }
  };
  return (
    <Dialog
      open
      onClose={onClose}
      title={t(`${P}.confirmTitle`)}
      description={t(`${P}.confirmBody`, { name: feedKey.name })}
      footer={
        <>
          <Button variant="default" onClick={onClose}>
            {t(`${P}.cancel`)}
          </Button>
          <Button variant="primary" loading={revoke.isPending} onClick={() => void confirm()}>
            {t(`${P}.confirm`)}
          </Button>
        </>
      }
    >
      {error ? <Alert variant="error">{error}</Alert> : null}
    </Dialog>
  );
}

/**
 * The exchange-wide events feed's keys (decision 056): issue one (shown once: only its hash is kept),
 * see when each was last used, revoke after confirming.
 */
export function FeedKeysCard() {
  const { t, i18n } = useTranslation();
  const keys = useFeedKeys();
  const issue = useIssueFeedKey();
  const [name, setName] = useState('');
  const [error, setError] = useState<{ field: boolean; text: string } | null>(null);
  const [shown, setShown] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<FeedKeyView | null>(null);
  const at = (iso: string) => formatDateTime(iso, i18n.language);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (name.trim() === '') return setError({ field: true, text: t(`${P}.nameRequired`) });
    try {
      const result = await issue.mutateAsync(name.trim());
      setShown({ name: result.key.name, secret: result.secret });
      setName('');
      message({ content: t(`${P}.issued`), type: 'success' });
    } catch (e) {
      setError({ field: false, text: errorMessage(t, e) });
    }
  };

  return (
    <Card title={t(`${P}.title`)} description={t(`${P}.intro`)}>
      <div className="flex flex-col gap-4">
        {shown ? (
          <SecretOnce
            businessId=""
            secret={shown.secret}
            texts={{ title: t(`${P}.secretTitle`, { name: shown.name }), warning: t(`${P}.secretWarning`), label: t(`${P}.secretLabel`) }}
            onDone={() => setShown(null)}
          />
        ) : null}
        <form aria-label={t(`${P}.issue`)} className="flex flex-wrap items-end gap-2" onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t(`${P}.name`)} hint={t(`${P}.nameHint`)} error={error?.field ? error.text : undefined} className="min-w-0 flex-1">
            <TextInput value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Button type="submit" variant="primary" loading={issue.isPending}>
            {t(`${P}.issue`)}
          </Button>
        </form>
        {error && !error.field ? <Alert variant="error">{error.text}</Alert> : null}
        {keys.isPending ? (
          <LoadingBlock lines={2} />
        ) : keys.isError ? (
          <LoadError title={t(`${P}.error`)} error={keys.error} onRetry={() => void keys.refetch()} />
        ) : keys.data.keys.length === 0 ? (
          <p className="text-sm text-muted">{t(`${P}.empty`)}</p>
        ) : (
          <ul className="flex flex-col">
            {keys.data.keys.map((k) => (
              <li key={k.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 border-t border-line py-2 first:border-t-0" data-testid={`feed-key-${k.id}`}>
                <span className="font-medium">{k.name}</span>
                <code className="text-xs text-muted">efk_{k.id}</code>
                {k.revokedAt ? <Badge tone="neutral">{t(`${P}.revoked`, { at: at(k.revokedAt) })}</Badge> : null}
                <span className="text-sm text-muted">
                  {t(`${P}.created`, { at: at(k.createdAt) })} · {k.lastUsedAt ? t(`${P}.lastUsed`, { at: at(k.lastUsedAt) }) : t(`${P}.neverUsed`)}
                </span>
                {k.revokedAt ? null : (
                  <Button size="small" variant="default" className="ms-auto" onClick={() => setRevoking(k)} aria-label={t(`${P}.revokeOf`, { name: k.name })}>
                    {t(`${P}.revoke`)}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      {revoking ? <RevokeDialog feedKey={revoking} onClose={() => setRevoking(null)} /> : null}
    </Card>
  );
}
