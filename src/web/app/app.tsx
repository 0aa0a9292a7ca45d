import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { APP_BASE } from '../../shared/api/paths.ts';
import { NotifyHosts } from '../components/ui/notify-hosts.tsx';
import { MAIN_CONTENT_ID } from '../components/ui/page-frame.ts';
import { PageLoading } from '../components/ui/spinner.tsx';
import { CaptureKitContext, type CaptureKit } from '../lib/capture/capture-kit.ts';
import { redirectIfSignedOut } from '../lib/session/login-redirect.ts';
import { sdkAroundNav, sdkSession } from '../features/sdk/sdk-session.ts';
import { Footer, Header, usePageFrame } from './header.tsx';

const AuthLayout = lazy(() => import('./auth-layout.tsx'));
// The compliance console (reviewers only) is its own chunk: the user pages never download it.
const ConsoleLayout = lazy(() => import('../features/console/console-layout.tsx'));
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

const queryClient = new QueryClient({
  // §4: a session that ends mid-flow (10007) goes to /login and comes back to the same address.
  queryCache: new QueryCache({ onError: (error) => void redirectIfSignedOut(error) }),
  mutationCache: new MutationCache({ onError: (error) => void redirectIfSignedOut(error) }),
  defaultOptions: {
    // Business errors are answers, not glitches: never retry them silently.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

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
