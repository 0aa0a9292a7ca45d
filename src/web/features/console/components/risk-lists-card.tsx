import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_LIST_INVALID, type RiskListInfo } from '../../../../shared/api/risk-lists.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage, fieldIssues } from '../../../lib/i18n/error-message.ts';
import { useLoadRiskLists, useReassess, useRiskLists } from '../api/admin.ts';
import { formatDateTime } from '../format.ts';

type T = ReturnType<typeof useTranslation>['t'];

/** A refused file: "At $.lists[0].countries[3]: …" with the kind of problem translated; anything else by its code. */
function refusalText(t: T, error: unknown): string {
  const issue = fieldIssues(error).find((f) => f.path === 'file' && f.code === RISK_LIST_INVALID);
  const params = issue?.params as { at?: string; kind?: string; value?: string } | undefined;
  if (!params?.kind) return errorMessage(t, error);
  return `${t('records.admin.riskLists.at', { at: params.at ?? '$' })} ${t(`records.admin.riskLists.problem.${params.kind}`, { value: params.value ?? '' })}`;
}

/** Country names in the console's language (the codes stay beside them: the file holds codes). */
function countryNames(codes: readonly string[], language: string): string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([language], { type: 'region' });
  } catch {
    names = null;
  }
  return codes.map((c) => `${names?.of(c) ?? c} (${c})`).join(', ');
}

/** A date YYYY-MM-DD in the console's language, without a time zone shift. */
const formatDay = (day: string, language: string) => new Date(`${day}T12:00:00Z`).toLocaleDateString(language, { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

function Current({ info }: { info: RiskListInfo }) {
  const { t, i18n } = useTranslation();
  const reassess = useReassess();
  const c = info.current;
  if (!c) return <p className="text-sm text-muted">{t('records.admin.riskLists.none')}</p>;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="risk-lists-current">
      {c.stale ? (
        <Alert variant="warn" role="status" title={t('records.admin.riskLists.staleTitle')}>
          {t('records.admin.riskLists.staleBody', { date: formatDay(c.publishedOn, i18n.language) })}
        </Alert>
      ) : null}
      <p>
        {t('records.admin.riskLists.current', { version: c.version, file: c.fileName, at: formatDateTime(c.loadedAt, i18n.language), by: c.loadedBy ?? t('records.admin.riskLists.byCli') })}
      </p>
      <p className="text-muted">{t('records.admin.riskLists.reflects', { text: c.reflects })}</p>
      <ul className="flex flex-col gap-2">
        {c.lists.map((l) => (
          <li key={l.code} className="rounded-btn border border-line p-3">
            <p className="font-medium">{t('records.admin.riskLists.list', { name: l.name, count: l.countries.length, date: formatDay(l.publishedOn, i18n.language) })}</p>
            <p className="mt-1 break-words text-muted">{countryNames(l.countries, i18n.language)}</p>
            <a className="mt-1 inline-block break-all text-primary-ink underline" href={l.sourceUrl} target="_blank" rel="noopener noreferrer">
              {t('records.admin.riskLists.source')}: {l.sourceUrl}
            </a>
          </li>
        ))}
      </ul>
      <p className="font-mono text-xs break-all text-muted">SHA-256 {c.sha256}</p>
      {info.reassessing ? (
        <p role="status">{t('records.admin.riskLists.reassessing')}</p>
      ) : c.reassessedAt ? (
        <p role="status">{t('records.admin.riskLists.reassessed', { at: formatDateTime(c.reassessedAt, i18n.language), count: c.enteredEdd ?? 0 })}</p>
      ) : (
        <div className="flex flex-wrap items-center gap-3" role="status">
          <span>{t('records.admin.riskLists.notReassessed')}</span>
          <Button size="small" loading={reassess.isPending} onClick={() => reassess.mutate()}>
            {t('records.admin.riskLists.reassess')}
          </Button>
        </div>
      )}
      {reassess.isError ? <Alert variant="error" title={t('records.admin.riskLists.loadError')}>{errorMessage(t, reassess.error)}</Alert> : null}
    </div>
  );
}

/**
 * The country risk lists (decision 041) for administrators: each list in use with its source and
 * publication date, a warning when the lists are older than four months, whether the verified users
 * were re-assessed against this version, and a new version loaded from a file. A refused file says
 * where and what is wrong; the lists in use then stay.
 */
export function RiskListsCard() {
  const { t } = useTranslation();
  const lists = useRiskLists();
  const load = useLoadRiskLists();
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();

  const submit = async () => {
    if (!file) return;
    setLoaded(null);
    try {
      const info = await load.mutateAsync(file);
      setLoaded(info.current?.version ?? null);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch {
      // Shown under the field (load.error).
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-muted">{t('records.admin.riskLists.intro')}</p>
      {lists.isPending ? (
        <LoadingBlock>
          <Skeleton className="h-12 w-full" />
        </LoadingBlock>
      ) : lists.isError ? (
        <LoadError title={t('records.admin.riskLists.error')} error={lists.error} onRetry={() => void lists.refetch()} />
      ) : (
        <Current info={lists.data} />
      )}
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('records.admin.riskLists.file')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".json,application/json"
          aria-invalid={load.isError || undefined}
          aria-describedby={load.isError ? errorId : undefined}
          className="text-sm file:me-3 file:rounded-btn file:border file:border-line-strong file:bg-surface file:px-3 file:py-1.5"
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            load.reset();
            setLoaded(null);
          }}
        />
        {load.isError ? (
          <p id={errorId} className="text-sm text-danger" role="alert">
            {refusalText(t, load.error)}
          </p>
        ) : null}
        <Button type="submit" variant="primary" className="self-start" disabled={!file} loading={load.isPending}>
          {t('records.admin.riskLists.load')}
        </Button>
        {loaded !== null ? (
          <Alert variant="success" title={t('records.admin.riskLists.loaded', { version: loaded })}>
            {t('records.admin.riskLists.loadedBody')}
          </Alert>
        ) : null}
      </form>
    </div>
  );
}
