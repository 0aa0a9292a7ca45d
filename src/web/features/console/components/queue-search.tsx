import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SearchMatch } from '../../../../shared/api/console-search.ts';
import { Button } from '../../../components/ui/button.tsx';
import { LoadError, LoadingBlock } from '../../../components/ui/load-states.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { useSearchUsers } from '../api/search-users.ts';
import { formatDateTime } from '../format.ts';
import { caseHref, userHref } from '../queue-params.ts';
import { CaseStatusBadge } from './status-badge.tsx';

/** The search box's id: the `/` shortcut focuses it. */
export const SEARCH_INPUT_ID = 'console-search';

/**
 * The queue's search box (decision 051): an e-mail, a name, a user id, a case id or a document
 * number. Submitting puts it in the address (`?q=`), so a search is shared and comes back with the
 * browser's back button; the server decides what the text is.
 */
export function QueueSearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  // The address changed (back button, a link): the box shows what is searched.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label={t('console.search.label')} onSubmit={submit} className="flex w-full max-w-xl items-center gap-2">
      <label htmlFor={SEARCH_INPUT_ID} className="sr-only">
        {t('console.search.label')}
      </label>
      <input
        id={SEARCH_INPUT_ID}
        type="search"
        name="q"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={254}
        autoComplete="off"
        spellCheck={false}
        placeholder={t('console.search.placeholder')}
        aria-keyshortcuts="/"
        className="h-9 min-w-0 flex-1 rounded-btn border border-line-strong bg-white px-3 text-sm focus-visible:outline-2 focus-visible:outline-primary"
      />
      <Button size="small" variant="primary" type="submit">
        {t('console.search.submit')}
      </Button>
    </form>
  );
}

/**
 * What a search found: each user with their name and newest cases (each a link to its page) and a
 * link to the user's page; a case id opens the case itself among them.
 */
export function QueueSearchResults({ q, onClear }: { q: string; onClear: () => void }) {
  const { t, i18n } = useTranslation();
  const result = useSearchUsers(q);
  const tooShort = q.length < 2;
  return (
    <section aria-labelledby="search-results-title" className="flex flex-col gap-2 rounded-lg border border-line p-3" data-testid="search-results">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="search-results-title" className="text-base font-semibold">
          {t('console.search.resultsTitle', { q })}
        </h2>
        <Button size="x-small" variant="default" onClick={onClear}>
          {t('console.search.clear')}
        </Button>
      </div>
      {tooShort ? (
        <p className="text-sm text-muted">{t('console.search.tooShort')}</p>
      ) : result.isPending ? (
        <LoadingBlock>
          <Skeleton className="h-12 w-full" />
        </LoadingBlock>
      ) : result.isError ? (
        <LoadError title={t('console.search.error')} error={result.error} onRetry={() => void result.refetch()} />
      ) : result.data.users.length === 0 ? (
        <p role="status" className="text-sm text-muted">
          {t('console.search.none')}
        </p>
      ) : (
        <>
          <p role="status" className="text-sm text-muted">
            {t(`console.search.found.${result.data.matchedBy as SearchMatch}`, { count: result.data.users.length })}
            {result.data.truncated ? ` ${t('console.search.truncated')}` : ''}
          </p>
          <ul className="m-0 flex list-none flex-col divide-y divide-line p-0">
            {result.data.users.map((user) => (
              <li key={user.id} className="flex flex-col gap-1 py-2" data-testid="search-user">
                <div className="flex flex-wrap items-baseline gap-x-3">
                  <Link href={userHref(user.id)} className="font-medium break-all text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                    {user.email}
                  </Link>
                  {user.name ? <span className="text-sm">{user.name}</span> : null}
                  <span className="font-mono text-xs text-muted">{user.id}</span>
                </div>
                {user.cases.length === 0 ? (
                  <p className="text-xs text-muted">{t('console.search.noCases')}</p>
                ) : (
                  <ul className="m-0 flex list-none flex-wrap gap-x-4 gap-y-1 p-0 text-sm" aria-label={t('console.search.casesOf', { email: user.email })}>
                    {user.cases.map((c) => (
                      <li key={c.id} className="flex items-center gap-2">
                        <Link
                          href={caseHref(c.id)}
                          aria-current={c.id === result.data.caseId ? 'true' : undefined}
                          className="text-info underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current=true]:font-semibold"
                        >
                          {t(`console.kinds.${c.kind}`, { defaultValue: c.kind })}
                          {c.level ? ` · ${t('console.level', { level: c.level })}` : ''}
                        </Link>
                        <CaseStatusBadge status={c.status} />
                        <time dateTime={c.openedAt} className="text-xs text-muted">
                          {formatDateTime(c.openedAt, i18n.language)}
                        </time>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
