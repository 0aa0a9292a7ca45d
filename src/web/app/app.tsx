import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { lazyWithPreload } from 'react-lazy-with-preload';
import { Redirect, Route, Router, Switch } from 'wouter';
import { APP_BASE, CONSOLE_BASE } from '../../shared/api/paths.ts';
import { NotifyHosts } from '../components/ui/notify-hosts.tsx';
import { MAIN_CONTENT_ID } from '../components/ui/page-frame.ts';
import { PageLoading } from '../components/ui/spinner.tsx';
import { firstScreenCommitted } from '../lib/page/first-paint.ts';
import { CaptureKitContext, type CaptureKit } from '../lib/capture/capture-kit.ts';
import { sdkAroundNav, sdkSession } from '../features/sdk/sdk-session.ts';
import { Footer, Header, usePageFrame } from './header.tsx';
import { fiatRateQuery, storeFiatRate } from './fiat-rate.ts';
import { profileQuery, storeProfile } from './profile.ts';
import { queryClient } from './query-client.ts';

const loadAuthLayout = () => import('./auth-layout.tsx');
// Preloadable (react-lazy-with-preload): loaded as the page starts, it then renders at once instead of
// suspending for a microtask. A suspension in the render the profile's answer causes (a synchronous
// one) commits the fallback, and React holds the screen back for up to 300 ms after a fallback's
// commit (its Suspense reveal throttle): the personal page's largest paint came that much later.
const AuthLayout = lazyWithPreload(loadAuthLayout);
// The compliance console (reviewers only) is its own chunk: the user pages never download it.
const loadConsoleLayout = () => import('../features/console/console-layout.tsx');
const ConsoleLayout = lazyWithPreload(loadConsoleLayout);
// The help centre (decision 015): public pages, their own chunk.
const HelpScreen = lazy(() => import('../features/help/help-screen.tsx'));
// §2 SDK view: no header or footer; the SDK bar (partner's name, way back, events to the parent) instead.
const SdkBar = lazy(() => import('../features/sdk/sdk-bar.tsx'));
// The phone's side of "continue on your phone" (decision 023): public, its own chunk.
const HandoffScreen = lazy(() => import('../features/capture/handoff-screen.tsx'));

/**
 * The capture feature's pieces for the KYC screens (decision 023), each loaded on first use: the
 * first page carries none of them (features do not import each other; the app wires them).
 */
const captureKit: CaptureKit = {
  HandoffPanel: lazy(() => import('../features/capture/handoff-panel.tsx')),
  DocumentCamera: lazy(() => import('../features/capture/document-camera.tsx')),
  SelfieCapture: lazy(() => import('../features/capture/selfie-capture.tsx')),
  checkPicture: async (file, purpose) => (await import('../features/capture/model/check-file.ts')).checkFile(file, purpose),
};

const AUTH_BASE = `${APP_BASE}/auth/`;

/**
 * Fetch as the page starts, not as it renders (issue 32): on an account page the profile, the /auth
 * layout's chunk and then the screen's own chunk and data start at once, instead of each waiting for
 * the one before to render (translations, then the layout, then the profile, then the screen, then its
 * data: five round trips before the first figure on a phone). Call once, before the first render, with
 * the request context configured (SDK mode reads its profile through the integration paths). Settles
 * (never rejects) when the page's first reads and chunks are in: main.tsx renders then (or after
 * FIRST_READS_WAIT_MS), so the first screen is drawn whole instead of skeleton first.
 */
export async function startPageLoad({ pathname, search }: Pick<Location, 'pathname' | 'search'> = window.location): Promise<void> {
  // A chunk that fails here fails again when the route renders, where the chunk error boundary shows it.
  if (pathname.startsWith(AUTH_BASE)) {
    // The profile and the rate go in the store as they arrive, before the first render: the screens'
    // first render has them (stored by the /auth layout's effects, they rendered every screen again
    // in one task). The exchange's rate (decision 040) is read with the profile, not after it, so
    // amounts show in the user's currency in the first paint; SDK mode has none (its profile is in
    // US dollars).
    // A failed read is the layout's to show (fetchQuery keeps it in the cache; allSettled takes the rejection).
    await Promise.allSettled([
      queryClient.fetchQuery(profileQuery).then(storeProfile),
      sdkSession() ? null : queryClient.fetchQuery(fiatRateQuery).then(storeFiatRate),
      AuthLayout.preload(),
      loadAuthLayout().then(({ preloadScreen }) => preloadScreen(pathname.slice(AUTH_BASE.length), search, queryClient)),
    ]);
  } else if (pathname === CONSOLE_BASE || pathname.startsWith(`${CONSOLE_BASE}/`)) {
    await Promise.allSettled([ConsoleLayout.preload(), loadConsoleLayout().then(({ preload }) => preload(queryClient, pathname.slice(CONSOLE_BASE.length), search))]);
  }
}

/** The page's main region, in the header's frame (the console is wider); only it re-renders on navigation. */
function Main({ children }: { children: ReactNode }) {
  const frame = usePageFrame();
  // tabIndex -1: the skip link moves focus here, so the next Tab continues inside the content.
  // At least the screen's height below the header (issue 15, layout shift): the footer starts below
  // the fold instead of showing under a short loading state and being pushed away as the page fills.
  return (
    <main id={MAIN_CONTENT_ID} tabIndex={-1} className={`${frame} min-h-[calc(100dvh-57px)] py-6 outline-none`}>
      {children}
    </main>
  );
}

/** The account area mounted at /user/accounts/ (§2). */
export function App() {
  // The whole first screen is in this commit (main.tsx waits for its reads): what waits for the
  // first paint (lib/page/first-paint.ts) can start once the browser has drawn it.
  useEffect(firstScreenCommitted, []);
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>
        <Header />
        <Main>
          {/* SDK mode keeps its business marker in every address (a reload inside the partner's frame). */}
          <Router base={APP_BASE} aroundNav={sdkAroundNav}>
            {/* The SDK session, not only the container's flag: a frame denied storage knows it from its own name (a reload). */}
            {sdkSession() ? <SdkBar /> : null}
            <Switch>
              <Route path="/auth" nest>
                <CaptureKitContext value={captureKit}>
                  <AuthLayout />
                </CaptureKitContext>
              </Route>
              <Route path="/capture/handoff">
                <HandoffScreen />
              </Route>
              <Route path="/console" nest>
                <ConsoleLayout />
              </Route>
              <Route path="/help" nest>
                <HelpScreen />
              </Route>
              <Route>
                <Redirect to="/auth/personal" replace />
              </Route>
            </Switch>
          </Router>
        </Main>
        <Footer />
        <NotifyHosts />
      </Suspense>
    </QueryClientProvider>
  );
}
