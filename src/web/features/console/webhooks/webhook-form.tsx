import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateWebhookInput } from '../../../../shared/api/webhooks.ts';
import { DOMAIN_EVENT_TYPES, type DomainEventType } from '../../../../shared/events.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { RadioGroup } from '../../../components/ui/radio-group.tsx';
import { Select } from '../../../components/ui/select.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { errorMessage } from '../../../lib/i18n/error-message.ts';

/** The scope select's value for an exchange-wide endpoint (business ids are lowercase words, never this). */
export const EXCHANGE_WIDE = '*exchange*';

export interface WebhookFormProps {
  /** The registered businesses: a per-business endpoint receives only that partner's applicants' events. */
  businesses: readonly { id: string; name: string }[];
  onSubmit: (scope: string | null, body: CreateWebhookInput) => Promise<unknown>;
  onCancel: () => void;
}

/**
 * A new endpoint: its URL, whose events (the exchange's or one business's) and which types (every
 * type, present and future, or some of the catalogue's). The server checks the URL again (SSRF).
 */
export function WebhookForm({ businesses, onSubmit, onCancel }: WebhookFormProps) {
  const { t } = useTranslation();
  const p = 'webhooks-console.form';
  const [url, setUrl] = useState('');
  const [scope, setScope] = useState(EXCHANGE_WIDE);
  const [which, setWhich] = useState<'all' | 'some'>('all');
  const [types, setTypes] = useState<DomainEventType[]>([]);
  const [problem, setProblem] = useState<{ field: 'url' | 'types' | null; text: string } | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    if (!/^https?:\/\/\S+$/i.test(url.trim())) return setProblem({ field: 'url', text: t(`${p}.urlInvalid`) });
    if (which === 'some' && types.length === 0) return setProblem({ field: 'types', text: t(`${p}.typesRequired`) });
    setPending(true);
    try {
      const events = which === 'all' ? (['*'] as ['*']) : types;
      await onSubmit(scope === EXCHANGE_WIDE ? null : scope, { url: url.trim(), events });
    } catch (e) {
      setProblem({ field: null, text: errorMessage(t, e) });
    } finally {
      setPending(false);
    }
  };
  const toggle = (type: DomainEventType, on: boolean) => setTypes((now) => (on ? [...now, type] : now.filter((x) => x !== type)));

  return (
    <form aria-label={t(`${p}.title`)} className="flex flex-col gap-4" onSubmit={(e) => void submit(e)} noValidate>
      <Field label={t(`${p}.url`)} hint={t(`${p}.urlHint`)} error={problem?.field === 'url' ? problem.text : undefined} required>
        <TextInput type="url" inputMode="url" autoComplete="off" spellCheck={false} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://" />
      </Field>
      <Field label={t(`${p}.scope`)} hint={t(`${p}.scopeHint`)}>
        <Select value={scope} onChange={(e) => setScope(e.target.value)}>
          <option value={EXCHANGE_WIDE}>{t(`${p}.exchangeWide`)}</option>
          {businesses.map((b) => (
            <option key={b.id} value={b.id}>
              {t(`${p}.businessOption`, { name: b.name, id: b.id })}
            </option>
          ))}
        </Select>
      </Field>
      <RadioGroup
        legend={t(`${p}.events`)}
        name="webhook-events"
        value={which}
        onValueChange={(v) => setWhich(v)}
        options={[
          { value: 'all', label: t(`${p}.allEvents`) },
          { value: 'some', label: t(`${p}.someEvents`) },
        ]}
      />
      {which === 'some' ? (
        <fieldset className="flex flex-col gap-2" aria-describedby={problem?.field === 'types' ? 'webhook-types-error' : undefined}>
          <legend className="mb-1 text-sm font-medium">{t(`${p}.types`)}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            {DOMAIN_EVENT_TYPES.map((type) => (
              <Checkbox key={type} label={<code className="text-xs break-all">{type}</code>} checked={types.includes(type)} onChange={(e) => toggle(type, e.target.checked)} />
            ))}
          </div>
          {problem?.field === 'types' ? (
            <p id="webhook-types-error" className="text-sm text-danger">
              {problem.text}
            </p>
          ) : null}
        </fieldset>
      ) : null}
      {problem?.field === null ? <Alert variant="error">{problem.text}</Alert> : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="primary" loading={pending}>
          {t(`${p}.submit`)}
        </Button>
        <Button type="button" variant="default" onClick={onCancel}>
          {t(`${p}.cancel`)}
        </Button>
      </div>
    </form>
  );
}
