import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { redirectIfSignedOut } from '../lib/session/login-redirect.ts';

/** The app's one query cache: the provider's, and the page start's prefetches (app.tsx startPageLoad). */
export const queryClient = new QueryClient({
  // §4: a session that ends mid-flow (10007) goes to /login and comes back to the same address.
  queryCache: new QueryCache({ onError: (error) => void redirectIfSignedOut(error) }),
  mutationCache: new MutationCache({ onError: (error) => void redirectIfSignedOut(error) }),
  defaultOptions: {
    // Business errors are answers, not glitches: never retry them silently.
    queries: { retry: false, refetchOnWindowFocus: false },
    mutations: { retry: false },
  },
});
