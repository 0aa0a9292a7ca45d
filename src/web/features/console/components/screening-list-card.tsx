import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SCREENING_LIST_INVALID, type ScreeningListInfo } from '../../../../shared/api/screening.ts';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { errorMessage, fieldIssues } from '../../../lib/i18n/error-message.ts';
import { useLoadScreeningList, useRescreen, useScreeningList } from '../api/admin.ts';
import { formatDateTime } from '../format.ts';

/** A refused file: "Line 12: …" with the kind of problem translated; anything else by its code. */
function refusalText(t: ReturnType<typeof useTranslation>['t'], error: unknown): string {
  const issue = fieldIssues(error).find((f) => f.path === 'file' && f.code === SCREENING_LIST_INVALID);
  const params = issue?.params as { line?: number; kind?: string; value?: string } | undefined;
  if (!params?.kind) return errorMessage(t, error);
  return `${t('records.admin.screening.line', { line: params.line ?? 1 })} ${t(`records.admin.screening.problem.${params.kind}`, { value: params.value ?? '' })}`;
}

/**
 * The background re-screening against the list in use (decision 044), as the server reports it:
 * screened of all verified users, and whether a server is at it (with its rate and the end that
 * rate gives, once a batch is recorded) or the next pass of a server will take it.
 */
function RescreenProgress({ progress }: { progress: NonNullable<ScreeningListInfo['rescreen']> }) {
  const { t, i18n } = useTranslation();
  const label = t('records.admin.screening.progress', { screened: progress.screened.toLocaleString(i18n.language), total: progress.total.toLocaleString(i18n.language) });
  return (
    <div className="flex flex-col gap-1" data-testid="screening-rescreen-progress">
      <span>{label}</span>
      <progress className="h-2 w-full max-w-md accent-primary" value={progress.screened} max={Math.max(1, progress.total)} aria-label={label} />
      <span className="text-muted">
        {progress.state === 'WAITING'
          ? t('records.admin.screening.waiting')
          : progress.perSecond !== null && progress.estimatedEnd !== null
            ? t('records.admin.screening.running', { rate: progress.perSecond.toLocaleString(i18n.language, { maximumFractionDigits: 1 }), end: formatDateTime(progress.estimatedEnd, i18n.language) })
            : t('records.admin.screening.runningNoRate')}
      </span>
    </div>
  );
}

function CurrentList({ info }: { info: ScreeningListInfo }) {
  const { t, i18n } = useTranslation();
  const rescreen = useRescreen();
  const c = info.current;
  if (!c) return <p className="text-sm text-muted">{t(info.engine === 'yente' ? 'records.admin.screening.yenteNone' : 'records.admin.screening.none')}</p>;
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="screening-list-current">
      {c.yente ? (
        // Decision 043: a version of yente's dataset, as its catalog gave it (which data produced a hit).
        <p>
          {t('records.admin.screening.yenteCurrent', {
            version: c.version,
            dataset: c.yente.dataset,
            datasetVersion: c.yente.datasetVersion,
            count: c.entryCount,
            at: formatDateTime(c.loadedAt, i18n.language),
          })}
        </p>
      ) : (
        <>
          <p>
            {t('records.admin.screening.current', {
              version: c.version,
              file: c.source,
              count: c.entryCount,
              at: formatDateTime(c.loadedAt, i18n.language),
              by: c.loadedBy ?? t('records.admin.screening.byCli'),
            })}
          </p>
          <p className="font-mono text-xs break-all text-muted">SHA-256 {c.sha256}</p>
        </>
      )}
      {info.usersToScreen > 0 ? (
        <div className="flex flex-col gap-2" role="status">
          {info.rescreen ? <RescreenProgress progress={info.rescreen} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            <span>{t('records.admin.screening.toScreen', { count: info.usersToScreen })}</span>
            {info.rescreen?.state === 'RUNNING' ? null : (
              <Button size="small" loading={rescreen.isPending} onClick={() => rescreen.mutate()}>
                {t('records.admin.screening.rescreen')}
              </Button>
            )}
          </div>
        </div>
      ) : (
        <p role="status">{t('records.admin.screening.allScreened')}</p>
      )}
      {rescreen.isError ? <Alert variant="error" title={t('records.admin.screening.loadError')}>{errorMessage(t, rescreen.error)}</Alert> : null}
    </div>
  );
}

/**
 * The sanctions/PEP list (decision 026) for administrators: the version in use, how many verified
 * users are still to be screened against it (refreshed while some are), and a new version loaded
 * from a file. A refused file says at which line and what is wrong; the list in use then stays.
 * With the yente engine (decision 043) the card says which version of yente's dataset is in use and
 * offers no upload.
 */
export function ScreeningListCard() {
  const { t } = useTranslation();
  const list = useScreeningList();
  const load = useLoadScreeningList();
  const [file, setFile] = useState<File | null>(null);
  const [loaded, setLoaded] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const errorId = useId();
  // Decision 043: with yente the list lives there; nothing is loaded here (the server refuses it too).
  // The form waits for the answer that says which engine it is (shown if that answer fails).
  const yente = list.data?.engine === 'yente';
  const uploads = list.data ? !yente : list.isError;

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
      <p className="text-sm text-muted">{t(yente ? 'records.admin.screening.yenteIntro' : 'records.admin.screening.intro')}</p>
      {list.isPending ? (
        <LoadingBlock>
          <Skeleton className="h-12 w-full" />
        </LoadingBlock>
      ) : list.isError ? (
        <LoadError title={t('records.admin.screening.error')} error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <CurrentList info={list.data} />
      )}
      {!uploads ? null : (
      <form
        className="flex flex-col gap-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <label htmlFor={inputId} className="text-sm font-medium">
          {t('records.admin.screening.file')}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
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
          {t('records.admin.screening.load')}
        </Button>
        {loaded !== null ? (
          <Alert variant="success" title={t('records.admin.screening.loaded', { version: loaded })}>
            {t('records.admin.screening.loadedBody')}
          </Alert>
        ) : null}
      </form>
      )}
    </div>
  );
}
