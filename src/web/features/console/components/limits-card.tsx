import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConsoleLimitsResult, ConsoleRatesResult, LimitsDocument } from '../../../../shared/api/limits.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field } from '../../../components/ui/field.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TextInput } from '../../../components/ui/text-input.tsx';
import { errorMessage, fieldIssues } from '../../../lib/i18n/error-message.ts';
import { message } from '../../../lib/notify/index.ts';
import { useLimits, useRates, useRefreshRates, useSaveLimits, useSetRates } from '../api/limits.ts';
import { formatDateTime } from '../format.ts';
import { Textarea } from './textarea.tsx';

type T = ReturnType<typeof useTranslation>['t'];

/** The server's refusal: each field problem as "path: message", else the error's text. */
function refusal(t: T, error: unknown): string {
  const issues = fieldIssues(error);
  if (issues.length === 0) return errorMessage(t, error);
  return issues.map((i) => `${i.path}: ${t(i.code.includes('.') ? i.code : `validation.${i.code}`, { name: i.path, defaultValue: i.code })}`).join('; ');
}

/** What the version in force gives on the main site (kyc-info's quotas). */
function Preview({ data }: { data: ConsoleLimitsResult }) {
  const { t } = useTranslation();
  return (
    <table className="w-full text-sm" data-testid="limits-preview">
      <caption className="text-start text-muted">{t('limits.console.previewCaption')}</caption>
      <thead>
        <tr className="text-muted">
          <th className="py-1 text-start font-medium">{t('limits.console.level')}</th>
          <th className="py-1 text-start font-medium">{t('limits.console.coins')}</th>
          <th className="py-1 text-end font-medium">USD</th>
        </tr>
      </thead>
      <tbody>
        {data.preview.map((q) => (
          <tr key={q.level} className="border-t border-line">
            <td className="py-1 pe-3">{q.level}</td>
            <td className="py-1 pe-3 tabular-nums" dir="ltr">
              {q.coinLimit.map((c) => `${c.limit} ${c.coin}`).join(' · ')}
            </td>
            <td className="py-1 text-end tabular-nums" dir="ltr">
              {q.usdLimit || '—'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * Withdrawal limits (decision 040) for administrators: the version in force, what it gives, its
 * history, and a new version edited as the LIMITS_FILE document (JSON) with a note. Saving from an
 * older version is refused (someone saved meanwhile); the server checks every entry.
 */
export function LimitsCard() {
  const { t, i18n } = useTranslation();
  const limits = useLimits();
  const save = useSaveLimits();
  const [text, setText] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (limits.isPending) return <LoadingBlock><Skeleton className="h-24 w-full" /></LoadingBlock>;
  if (limits.isError) return <LoadError title={t('limits.console.loadError')} error={limits.error} onRetry={() => void limits.refetch()} />;
  const data = limits.data;
  const cur = data.current;
  const editing = text ?? JSON.stringify(cur.document, null, 2);

  const submit = async () => {
    setProblem(null);
    let document: LimitsDocument;
    try {
      document = JSON.parse(editing) as LimitsDocument;
    } catch {
      setProblem(t('limits.console.notJson'));
      return;
    }
    try {
      await save.mutateAsync({ document, note, expectedVersion: cur.version });
      setText(null);
      setNote('');
      message({ content: t('limits.console.saved'), type: 'success' });
    } catch (e) {
      setProblem(refusal(t, e));
    }
  };

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="limits-card">
      <p data-testid="limits-current">
        {cur.version === 0
          ? t('limits.console.builtIn')
          : t('limits.console.current', { version: cur.version, source: t(`limits.console.source.${cur.source}`), at: cur.createdAt ? formatDateTime(cur.createdAt, i18n.language) : '', by: cur.createdBy ?? t('limits.console.bySystem') })}
      </p>
      <Preview data={data} />
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('limits.console.document')} hint={`${t('limits.console.documentFormat')} ${t('limits.console.documentHint')}`}>
          <Textarea rows={12} spellCheck={false} dir="ltr" className="font-mono text-xs" value={editing} onChange={(e) => setText(e.target.value)} />
        </Field>
        <Field label={t('limits.console.note')} required>
          <TextInput value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
        </Field>
        {problem ? (
          <Alert variant="error" title={t('limits.console.refused')}>
            {problem}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" variant="primary" loading={save.isPending} disabled={note.trim() === ''}>
            {t('limits.console.save')}
          </Button>
        </div>
      </form>
      {data.history.length > 0 ? (
        <details>
          <summary className="cursor-pointer font-medium">{t('limits.console.history')}</summary>
          <ul className="mt-2 flex flex-col gap-1">
            {data.history.map((h) => (
              <li key={h.version}>
                {t('limits.console.historyEntry', { version: h.version, source: t(`limits.console.source.${h.source}`), at: h.createdAt ? formatDateTime(h.createdAt, i18n.language) : '', by: h.createdBy ?? t('limits.console.bySystem'), note: h.note })}
              </li>
            ))}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function CurrentRates({ data }: { data: ConsoleRatesResult }) {
  const { t, i18n } = useTranslation();
  const c = data.current;
  if (!c) return <p data-testid="rates-current">{t('limits.console.noRates')}</p>;
  return (
    <div className="flex flex-col gap-2" data-testid="rates-current">
      <p>{t('limits.console.ratesCurrent', { source: t(`limits.console.ratesSource.${c.source}`), time: formatDateTime(c.time, i18n.language), count: Object.keys(c.rates).length, by: c.storedBy ?? t('limits.console.bySystem') })}</p>
      {c.stale ? <Alert variant="warn" title={t('limits.console.stale', { hours: data.maxAgeHours })} /> : null}
      <details>
        <summary className="cursor-pointer font-medium">{t('limits.console.ratesList')}</summary>
        <p className="mt-2 font-mono text-xs break-words" dir="ltr">
          {Object.entries(c.rates)
            .map(([code, rate]) => `${code} ${rate}`)
            .join(' · ')}
        </p>
      </details>
    </div>
  );
}

/**
 * Fiat rates (decision 040): those in force (source, their time, stale or not), how the last read of
 * RATES_URL went, a read now, and rates an administrator sets as a JSON object `{ "EUR": "0.92" }`
 * (from US dollars, as of now).
 */
export function RatesCard() {
  const { t, i18n } = useTranslation();
  const rates = useRates();
  const set = useSetRates();
  const refresh = useRefreshRates();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (rates.isPending) return <LoadingBlock><Skeleton className="h-24 w-full" /></LoadingBlock>;
  if (rates.isError) return <LoadError title={t('limits.console.ratesLoadError')} error={rates.error} onRetry={() => void rates.refetch()} />;
  const data = rates.data;

  const submit = async () => {
    setProblem(null);
    let parsed: Record<string, string>;
    try {
      parsed = JSON.parse(text) as Record<string, string>;
    } catch {
      setProblem(t('limits.console.notJson'));
      return;
    }
    try {
      await set.mutateAsync({ time: new Date().toISOString(), rates: parsed });
      setText('');
      message({ content: t('limits.console.ratesSaved'), type: 'success' });
    } catch (e) {
      setProblem(refusal(t, e));
    }
  };

  return (
    <div className="flex flex-col gap-4 text-sm" data-testid="rates-card">
      <CurrentRates data={data} />
      {data.feedHost ? (
        <div className="flex flex-wrap items-center gap-3">
          <span>
            {data.lastFetch
              ? t(data.lastFetch.ok ? 'limits.console.fetchOk' : 'limits.console.fetchFailed', { host: data.feedHost, at: formatDateTime(data.lastFetch.at, i18n.language), error: data.lastFetch.error })
              : t('limits.console.feed', { host: data.feedHost })}
          </span>
          <Button size="small" loading={refresh.isPending} onClick={() => refresh.mutate()}>
            {t('limits.console.refresh')}
          </Button>
        </div>
      ) : (
        <p className="text-muted">{t('limits.console.noFeed')}</p>
      )}
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <Field label={t('limits.console.setRates')} hint={t('limits.console.setRatesHint')}>
          <Textarea rows={4} spellCheck={false} dir="ltr" className="font-mono text-xs" value={text} placeholder={'{ "EUR": "0.92" }'} onChange={(e) => setText(e.target.value)} />
        </Field>
        {problem ? (
          <Alert variant="error" title={t('limits.console.refused')}>
            {problem}
          </Alert>
        ) : null}
        <div>
          <Button type="submit" variant="primary" loading={set.isPending} disabled={text.trim() === ''}>
            {t('limits.console.saveRates')}
          </Button>
        </div>
      </form>
    </div>
  );
}
