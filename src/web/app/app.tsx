import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { Redirect, Route, Router, Switch } from 'wouter';
import { APP_BASE } from '../../shared/api/paths.ts';
import { NotifyHosts } from '../components/ui/notify-hosts.tsx';
import { PageLoading } from '../components/ui/spinner.tsx';
import { Footer, Header, useContentWidth } from './header.tsx';

const AuthLayout = lazy(() => import('./auth-layout.tsx'));
// The compliance console (reviewers only) is its own chunk: the user pages never download it.
const ConsoleLayout = lazy(() => import('../features/console/console-layout.tsx'));

const queryClient = new QueryClient({
  defaultOptions: {
    // Business errors are answers, not glitches: never retry them silently.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});

/** The page's main region, as wide as the header (the console is wider); only it re-renders on navigation. */
function Main({ children }: { children: ReactNode }) {
  const width = useContentWidth();
  return <main className={`mx-auto w-full ${width} px-4 py-6`}>{children}</main>;
}

/** The account area mounted at /user/accounts/ (§2). */
export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <Suspense fallback={<PageLoading />}>
        <Header />
        <Main>
          <Router base={APP_BASE}>
            <Switch>
              <Route path="/auth" nest>
                <AuthLayout />
              </Route>
              <Route path="/console" nest>
                <ConsoleLayout />
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
