import type { QueryClient } from '@tanstack/react-query';
import { useConsoleLayoutTitle } from './use-console-title.ts';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Redirect, Route, Switch, useLocation, useSearch } from 'wouter';
import { UserRole } from '../../../shared/api/accounts.ts';
import { APP_BASE } from '../../../shared/api/paths.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { Button } from '../../components/ui/button.tsx';
import { PageLoading } from '../../components/ui/spinner.tsx';
import { isApiError } from '../../lib/http/index.ts';
import { redirectToLogin } from '../../lib/session/login-redirect.ts';
import { useGlobalStore } from '../../store/global.ts';
import { consoleMeQuery, useConsoleMe } from './api/get-console-me.ts';
import { queueQuery } from './api/get-queue.ts';
import { workloadQuery } from './api/get-workload.ts';
import { parseQueueFilters, toQueueQuery } from './queue-params.ts';
import QueueScreen from './queue-screen.tsx';
import { ConsoleRole, hasConsoleRole } from '../../../shared/staff.ts';
import { useScrollToTopOnNewPage } from '../../lib/page/scroll-to-top.ts';
import { SEARCH_INPUT_ID } from './components/queue-search.tsx';
import { requestSearchFocus, useShortcuts } from './shortcuts.ts';

// The queue, where the console opens, comes with the layout; every other console page is its own
// chunk (issue 15: every route's own chunk at most 30 KB compressed; all of them in the layout's
// made it 43 KB).
const CaseScreen = lazy(() => import('./case-screen.tsx'));
const AdminScreen = lazy(() => import('./admin-screen.tsx'));
const PartnersScreen = lazy(() => import('./partners/partners-screen.tsx'));
const WebhooksScreen = lazy(() => import('./webhooks/webhooks-screen.tsx'));
const ReverificationRequestScreen = lazy(() => import('./reverification-request-screen.tsx'));
const RfiRequestScreen = lazy(() => import('./rfi-request-screen.tsx'));
const TaskRequestScreen = lazy(() => import('./task-request-screen.tsx'));
const EddRequestScreen = lazy(() => import('./edd-request-screen.tsx'));
const ExtrasScreen = lazy(() => import('./extras-screen.tsx'));
const UserScreen = lazy(() => import('./user-screen.tsx'));
// The `?` overlay: loaded when first opened.
const ShortcutsDialog = lazy(() => import('./components/shortcuts-dialog.tsx').then((m) => ({ default: m.ShortcutsDialog })));

/**
 * As the page starts (app.tsx startPageLoad): who the reviewer is and, where the console opens on the
 * queue (`path` '' or '/'), the queue page its address asks for and the workload, all at once.
 */
export function preload(client: QueryClient, path: string, search: string): Promise<unknown> {
  const me = client.prefetchQuery(consoleMeQuery());
  if (path !== '' && path !== '/') return me;
  return Promise.allSettled([me, client.prefetchQuery(queueQuery(toQueueQuery(parseQueueFilters(new URLSearchParams(search))))), client.prefetchQuery(workloadQuery)]);
}

/** Where a customer who opened the console goes instead: their own account area (§2 personal). */
const ACCOUNT_HOME = `${APP_BASE}/auth/personal`;

/** The console's own menu: the queue as it opens, and two views a reviewer returns to all day. */
const QUICK_LINKS = [
  { key: 'queue', search: '' },
  { key: 'mine', search: '?assignee=me' },
  { key: 'unassigned', search: '?assignee=unassigned' },
] as const;

/** A link to the queue with these filters; it is the current page when the queue shows exactly them. */
function QuickLink({ search, children }: { search: string; children: string }) {
  const [location] = useLocation();
  const current = useSearch();
  const active = location === '/' && (current ? `?${current}` : '') === search;
  return (
    <Link
      href={`/${search}`}
      aria-current={active ? 'page' : undefined}
      className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:font-semibold aria-[current=page]:text-ink"
    >
      {children}
    </Link>
  );
}

/** 10009 on the console: signed in, but as a customer. Said plainly, with the way back. */
function NoAccess() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="no-access-title" className="mx-auto my-12 flex max-w-md flex-col items-center gap-3 text-center">
      <h1 id="no-access-title" className="text-xl font-semibold">
        {t('console.noAccess.title')}
      </h1>
      <p className="text-muted">{t('console.noAccess.body')}</p>
      <Button variant="primary" href={ACCOUNT_HOME} className="mt-3">
        {t('console.noAccess.back')}
      </Button>
    </section>
  );
}

/**
 * The compliance console's shell, mounted at /user/accounts/console/ (its own chunk: customers never
 * download it). It asks the server who is signed in first: 10007 goes to /login and back (the same
 * rule as the /auth shell, §4), 10009 (a customer) gets "no access", a reviewer gets the queue and
 * the cases. The reviewer is put in the global store so the shared header shows the e-mail and
 * Log out.
 */
export default function ConsoleLayout() {
  const { t } = useTranslation();
  const me = useConsoleMe();
  const setUser = useGlobalStore((s) => s.setUser);
  const code = isApiError(me.error) ? me.error.retCode : undefined;
  const notLoggedIn = code === RetCode.NOT_LOGGED_IN;
  const [path, navigate] = useLocation();
  useScrollToTopOnNewPage(path);
  const [help, setHelp] = useState(false);
  // Decision 051: `?` lists the shortcuts; `/` goes to the search box (from any page: the queue opens with it).
  useShortcuts(
    {
      help: () => setHelp(true),
      search: () => {
        const box = document.getElementById(SEARCH_INPUT_ID);
        if (box) return box.focus();
        requestSearchFocus();
        navigate('/');
      },
    },
    me.data !== undefined,
  );

  useEffect(() => {
    if (me.data) setUser({ id: me.data.id, email: me.data.email, role: UserRole.REVIEWER });
  }, [me.data, setUser]);
  useEffect(() => {
    if (notLoggedIn) redirectToLogin();
  }, [notLoggedIn]);
  useConsoleLayoutTitle();

  if (me.isPending || notLoggedIn) return <PageLoading />;
  if (code === RetCode.NO_PERMISSION) return <NoAccess />;
  if (me.isError) {
    return (
      <div role="alert" className="mx-auto my-16 max-w-md px-4 text-center">
        <h1 className="text-lg font-semibold">{t('console.loadError.title')}</h1>
        <p className="mt-2 text-muted">{t('console.loadError.body')}</p>
        <Button variant="primary" className="mt-6" onClick={() => void me.refetch()}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      {/* Issue 28: the role badge and the shortcuts' button sit beside the menu, not in it, and never wrap. */}
      <div className="flex items-start justify-between gap-3 border-b border-line pb-2">
        <nav aria-label={t('console.title')} className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-5 gap-y-2">
            <span className="text-sm font-semibold tracking-wide text-primary-ink uppercase">{t('console.title')}</span>
            <ul className="flex flex-wrap items-center gap-4 text-sm">
              {QUICK_LINKS.map(({ key, search }) => (
                <li key={key}>
                  <QuickLink search={search}>{t(`console.nav.${key}`)}</QuickLink>
                </li>
              ))}
              {/* Four-eyes (decision 018): proposals waiting for a second reviewer. */}
              <li>
                <QuickLink search="?secondLook=true">{t('records.nav.secondLook')}</QuickLink>
              </li>
              {/* Decision 017: ask a verified user to send a document again. */}
              <li>
                <Link
                  href="/reverification"
                  className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:font-semibold aria-[current=page]:text-ink"
                >
                  {t('reverification.console.open')}
                </Link>
              </li>
              {/* Decision 027: ask a user a question or for a document. */}
              <li>
                <Link
                  href="/rfi"
                  className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:font-semibold aria-[current=page]:text-ink"
                >
                  {t('compliance.console.title')}
                </Link>
              </li>
              <li>
                <Link
                  href="/tasks"
                  className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:font-semibold aria-[current=page]:text-ink"
                >
                  {t('compliance.console.taskTitle')}
                </Link>
              </li>
              {/* Decision 028: put a user into enhanced due diligence. */}
              <li>
                <Link
                  href="/edd"
                  className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary aria-[current=page]:font-semibold aria-[current=page]:text-ink"
                >
                  {t('edd.console.open')}
                </Link>
              </li>
              {/* Account extras (decision 025): member tags, custody, VIP; announcements, agreements, partners. */}
              <li>
                <Link href="/extras" className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                  {t('extras.console.nav')}
                </Link>
              </li>
              {hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR) ? (
                <li>
                  <Link href="/admin" className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                    {t('records.nav.admin')}
                  </Link>
                </li>
              ) : null}
              {/* Decision 021: the businesses (partners) that embed the flow; administrators only. */}
              {hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR) ? (
                <li>
                  <Link href="/businesses" className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                    {t('partners-console.nav')}
                  </Link>
                </li>
              ) : null}
              {/* Decisions 050/056: webhook endpoints, their delivery log, the feed's keys; administrators only. */}
              {hasConsoleRole(me.data.role, ConsoleRole.ADMINISTRATOR) ? (
                <li>
                  <Link href="/webhooks" className="rounded-sm text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary">
                    {t('webhooks-console.nav')}
                  </Link>
                </li>
              ) : null}
            </ul>
          </div>
        </nav>
        <div className="flex shrink-0 items-center gap-2">
          <button
            type="button"
            onClick={() => setHelp(true)}
            aria-keyshortcuts="?"
            className="rounded-btn px-2 py-0.5 text-sm whitespace-nowrap text-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-2 focus-visible:outline-primary"
          >
            {t('console.shortcuts.open')}
          </button>
          <span className="rounded-full border border-line-strong px-2 py-0.5 text-xs font-medium whitespace-nowrap text-muted" data-testid="console-role">
            {t(`records.roles.${me.data.role}`)}
          </span>
        </div>
      </div>
      {help ? (
        <Suspense fallback={null}>
          <ShortcutsDialog open onClose={() => setHelp(false)} />
        </Suspense>
      ) : null}
      <Suspense fallback={<PageLoading />}>
        <Switch>
          <Route path="/" component={QueueScreen} />
          <Route path="/cases/:id" component={CaseScreen} />
          <Route path="/users/:id" component={UserScreen} />
          <Route path="/admin" component={AdminScreen} />
          <Route path="/businesses" component={PartnersScreen} />
          <Route path="/webhooks" component={WebhooksScreen} />
          <Route path="/reverification" component={ReverificationRequestScreen} />
          <Route path="/rfi" component={RfiRequestScreen} />
          <Route path="/tasks" component={TaskRequestScreen} />
          <Route path="/edd" component={EddRequestScreen} />
          <Route path="/extras" component={ExtrasScreen} />
          <Route>
            <Redirect to="/" replace />
          </Route>
        </Switch>
      </Suspense>
    </div>
  );
}
