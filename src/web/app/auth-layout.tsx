import { useQuery, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useLayoutEffect, useMemo, type ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from 'react-lazy-with-preload';
import { useTranslation } from 'react-i18next';
import { Redirect, Route, Switch } from 'wouter';
import { CONSOLE_BASE } from '../../shared/api/paths.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import { PageLoading } from '../components/ui/spinner.tsx';
import { isApiError } from '../lib/http/index.ts';
import { redirectToLogin } from '../lib/session/login-redirect.ts';
import { logout } from '../lib/session/logout.ts';
import { useGlobalStore } from '../store/global.ts';
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx';
import { fiatRateQuery, storeFiatRate } from './fiat-rate.ts';
import { profileQuery, storeProfile } from './profile.ts';
import { sdkSession } from '../features/sdk/sdk-session.ts';
import { authRoutesFor, type ChildRoute } from './routes.ts';

/**
 * The screen at `path` (under /auth) starts loading with its reads (`search`, the address's query):
 * its chunk is the same one the route's lazy component asks for later, so nothing loads twice
 * (app.tsx startPageLoad).
 */
export async function preloadScreen(path: string, search: string, client: QueryClient): Promise<void> {
  const name = path.split(/[/?#]/, 1)[0];
  const route = authRoutesFor(sdkSession() !== null).find((r) => r.path === name);
  if (!route) return;
  // Loaded here, the screen renders without suspending (see SCREENS).
  await Promise.allSettled([screenOf(route).preload(), route.load().then((screen) => screen.preload?.(client, search.replace(/^\?/, '')))]);
}

/**
 * Every route's screen, made once: preloadable (react-lazy-with-preload), so the one the page opens
 * on, loaded as the page starts (preloadScreen), renders at once when the profile arrives. A lazy
 * screen suspended in that render, even with its chunk in: React committed the "Loading…" fallback
 * and then held the screen back for up to 300 ms (its Suspense reveal throttle; issue 32).
 */
const SCREENS = new Map<string, PreloadableComponent<ComponentType>>();
function screenOf(route: ChildRoute): PreloadableComponent<ComponentType> {
  let screen = SCREENS.get(route.path);
  if (!screen) SCREENS.set(route.path, (screen = lazyWithPreload(route.load)));
  return screen;
}

/**
 * The /auth parent route (§2, §4): loads the profile first; success stores it (currency_code empty
 * -> USD), 10007 redirects to login, anything else sets profileError and offers a retry.
 */
export default function AuthLayout() {
  const { t } = useTranslation();
  const profile = useQuery(profileQuery);
  const setUser = useGlobalStore((s) => s.setUser);
  const notLoggedIn = isApiError(profile.error) && profile.error.retCode === RetCode.NOT_LOGGED_IN;
  // A compliance reviewer has no account pages: user routes answer 10009 for that role.
  const reviewer = isApiError(profile.error) && profile.error.retCode === RetCode.NO_PERMISSION;

  // The screens read the user from the store (the SDK session's token info signs the SDK calls; the
  // level 1 flow remembers the chosen document per user id), so they render only once it is there
  // (userStored). With the profile read before the first render (main.tsx), a layout effect stores it
  // and the store's update renders the screens before the browser paints. Rendered with this layout,
  // a screen saw the empty user of before the profile: the flow lost the document chosen before a reload.
  const storedId = useGlobalStore((s) => s.user.id);
  const userStored = profile.data !== undefined && storedId === profile.data.id;
  useLayoutEffect(() => {
    if (profile.data) storeProfile(profile.data);
  }, [profile.data]);

  // Decision 040: the exchange's rate for the user's currency sets the §3 rate (not in SDK mode, whose
  // profile is in USD). Without an answer amounts stay in US dollars, which the screens say.
  const sdk = profile.data?.isSdk === true;
  const fiat = useQuery({ ...fiatRateQuery, enabled: profile.isSuccess && !sdk });
  useEffect(() => {
    if (fiat.data) storeFiatRate(fiat.data);
  }, [fiat.data]);

  useEffect(() => {
    if (!profile.error) return;
    if (notLoggedIn) redirectToLogin();
    else setUser({ ...useGlobalStore.getState().user, profileError: true });
  }, [profile.error, notLoggedIn, setUser]);

  // SDK mode (the SDK session, known before the profile): the verification steps only; any other
  // page of the account falls through to the step list (issue 27, decision 047).
  const inSdk = sdkSession() !== null;
  const screens = useMemo(() => authRoutesFor(inSdk).map((r) => ({ path: r.path, Screen: screenOf(r) })), [inSdk]);

  // §8: a child screen whose chunk fails to load reloads the page once, else offers a reload.
  // The same element while only the profile's or the rate's state changes: React skips the screen
  // below instead of rendering it again for each (the screens read what they need themselves; a
  // render of the whole page per answer was a long task on a phone: issue 32, decision 064).
  const routes = useMemo(
    () => (
      <ChunkErrorBoundary>
        <Suspense fallback={<PageLoading />}>
          <Switch>
            <Route path="/">
              <Redirect to="/personal" replace />
            </Route>
            {screens.map(({ path, Screen }) => (
              <Route key={path} path={`/${path}`} component={Screen} />
            ))}
            <Route>
              <Redirect to="/personal" replace />
            </Route>
          </Switch>
        </Suspense>
      </ChunkErrorBoundary>
    ),
    [screens],
  );

  if (profile.isPending || notLoggedIn) return <PageLoading />;
  if (reviewer) {
    return (
      <section aria-labelledby="reviewer-account-title" className="mx-auto my-16 max-w-md px-4 text-center">
        <h1 id="reviewer-account-title" className="text-lg font-semibold">
          {t('console.reviewerAccount.title')}
        </h1>
        <p className="mt-2 text-muted">{t('console.reviewerAccount.body')}</p>
        <div className="mt-6 flex flex-col items-center gap-3">
          <a href={`${CONSOLE_BASE}/`} className="inline-flex h-10 items-center rounded-btn bg-primary px-6 font-medium text-primary-fg hover:bg-primary-hover">
            {t('console.reviewerAccount.open')}
          </a>
          <button type="button" onClick={() => void logout()} className="text-sm text-muted underline underline-offset-2 hover:text-ink">
            {t('common.logout')}
          </button>
        </div>
      </section>
    );
  }
  if (profile.isError) {
    return (
      <div role="alert" className="mx-auto my-16 max-w-md px-4 text-center">
        <h1 className="text-lg font-semibold">{t('common.profileError.title')}</h1>
        <p className="mt-2 text-muted">{t('common.profileError.body')}</p>
        <button
          type="button"
          onClick={() => void profile.refetch()}
          className="mt-6 h-10 rounded-btn bg-primary px-6 font-medium text-primary-fg hover:bg-primary-hover"
        >
          {t('common.retry')}
        </button>
      </div>
    );
  }
  // Nothing painted meanwhile: the layout effect's update renders the screens before the browser paints.
  if (!userStored) return null;
  return routes;
}
