import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, startPageLoad } from './app/app.tsx';
import { ChunkErrorBoundary } from './app/chunk-error-boundary.tsx';
import { reserveHeaderSpace } from './app/header.tsx';
import { env } from './env.ts';
import { ensureGuid, getContainer, miniProgramAgentOf, platformOf, sdkAuthOf } from './lib/container/index.ts';
import { configureRequestContext } from './lib/http/index.ts';
import { initI18n } from './lib/i18n/index.ts';
import { LANGUAGE_QUERY_PARAM } from './lib/i18n/language.ts';
import { holdUntilFirstPaint } from './lib/page/first-paint.ts';
import { installPreloadRecovery } from './lib/preload/preload-recovery.ts';
import { useGlobalStore } from './store/global.ts';
import { dropSdkTokenFromAddress, keepSdkMarkerInAddress, sdkUserFields, startSdkSession } from './features/sdk/sdk-session.ts';
import { sdkSiteOf } from '../shared/sdk-page.ts';
import './styles.css';

// §1, §2: where we run decides the languages (SDK default es-ES), the platform header and the chrome.
const container = getContainer();
// §2, §3 SDK mode: the SDK page's parameters (or this tab's earlier SDK session) before any call.
const sdk = startSdkSession();
if (sdk) {
  useGlobalStore.getState().setUser(sdkUserFields(sdk));
  // A page of the flow opened without the business marker gets it back (a later reload in the frame).
  keepSdkMarkerInAddress();
  // The token now lives in the tab's session only: never in the address bar (decision 047).
  dropSdkTokenFromAddress();
}
// SDK mode has no language picker: the link's `lang` holds on every later page (and after a reload in the frame).
const search = sdk?.lang && !new URLSearchParams(window.location.search).has(LANGUAGE_QUERY_PARAM) ? `?${LANGUAGE_QUERY_PARAM}=${encodeURIComponent(sdk.lang)}` : window.location.search;
// §2 `site`: the SDK session's site decides the languages offered (and, sent with every call, the rules).
const sdkSite = sdkSiteOf(sdk?.site);
const translations = initI18n({ sdk: container.sdkView || sdk !== null, search, ...(sdkSite ? { region: sdkSite } : {}) });
const guid = ensureGuid();
configureRequestContext({
  platform: () => platformOf(container),
  miniProgramAgent: () => miniProgramAgentOf(container, env.company, navigator.userAgent),
  sdkAuth: () => {
    const auth = sdkAuthOf(useGlobalStore.getState().user, window.location.origin);
    return auth && sdkSite ? { ...auth, site: sdkSite } : auth;
  },
  guid: () => guid,
});
reserveHeaderSpace(sdk !== null);
// The Telegram setup and its SDK are their own chunks, loaded only inside Telegram.
const telegram = container.telegram;
if (telegram) {
  // The page works without the container features; a failed load is not an unhandled rejection.
  import('./lib/container/telegram.ts')
    .then(({ startTelegram }) => startTelegram(telegram))
    .catch((error: unknown) => console.warn('Telegram: load setup failed', error));
}
// §8: a failed chunk load (Vite's preload error event) reloads the page once, never in a loop.
installPreloadRecovery();
const render = () => {
  const root = createRoot(document.getElementById('root')!);
  // The first render as a transition (issue 32): React renders it in slices and yields to the browser
  // between them, instead of one task as long as the whole tree (a phone's main thread blocked for
  // hundreds of milliseconds while the page starts). Nothing is on screen yet to keep, so Suspense
  // fallbacks show as before.
  startTransition(() =>
    root.render(
      <StrictMode>
        <ChunkErrorBoundary>
          <App />
        </ChunkErrorBoundary>
      </StrictMode>,
    ),
  );
};
/**
 * How long the first render waits for the page's first reads (as a router's loaders: TanStack
 * Router shows its pending state after 1 s by default). Slower reads render the page with its
 * loading states, as before.
 */
const FIRST_READS_WAIT_MS = 1000;

/**
 * The page's reads start at once; the first render waits for the translations and, up to
 * FIRST_READS_WAIT_MS, for the page's first reads (issue 32, decision 069). Rendered before them, the
 * page committed a "Loading…" or skeleton fallback, and when the rest arrived React held the real
 * screen back for up to 300 ms after that commit (its Suspense reveal throttle): most of the time
 * from the data's arrival to the largest paint. A translation file that cannot be read after its
 * retries renders the page anyway (keys instead of text, as before).
 */
const start = () => {
  holdUntilFirstPaint();
  const firstReads = new Promise<void>((resolve) => {
    void startPageLoad().then(resolve);
    setTimeout(resolve, FIRST_READS_WAIT_MS);
  });
  void Promise.all([translations, firstReads]).then(render, render);
};
// §7: in SDK mode the KYC calls go to their integration variants (with the SDK headers above); the
// table of those is its own chunk, loaded only then, before anything renders (decision 033).
if (sdk) {
  void import('./features/sdk/sdk-api-path.ts').then(({ sdkApiPath }) => {
    configureRequestContext({ apiPath: sdkApiPath });
    start();
  });
} else {
  start();
}
