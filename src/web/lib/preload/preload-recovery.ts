import { create } from 'zustand';
import { MonitoringKind } from '../../../shared/monitoring-kind.ts';
import { reportToMonitoring } from '../monitoring/index.ts';

/** §8 "Failed asset preload dispatches a preload error event": Vite's name for it. */
export const PRELOAD_ERROR_EVENT = 'vite:preloadError';
/** When this tab last reloaded itself to recover (sessionStorage: per tab, survives the reload). */
export const PRELOAD_RELOAD_KEY = 'ua:preload-reload-at';
/** A second failure within this time after a recovery reload shows the reload state instead. */
export const PRELOAD_RELOAD_GUARD_MS = 60_000;

export type PreloadRecoveryState = 'idle' | 'reloading' | 'failed';

/** What the UI shows while recovering: nothing special, a spinner (reloading), or the reload state. */
export const usePreloadRecovery = create<{ state: PreloadRecoveryState }>()(() => ({ state: 'idle' }));

interface Deps {
  reload: () => void;
  storage: () => Storage | null;
  now: () => number;
}

const defaultDeps: Deps = {
  reload: () => window.location.reload(),
  storage: () => {
    try {
      return window.sessionStorage;
    } catch {
      return null;
    }
  },
  now: () => Date.now(),
};
let deps: Deps = defaultDeps;

/** Errors already handled, so the error boundary does not dispatch a second event for Vite's. */
const handled = new WeakSet<object>();

const CHUNK_ERROR = /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (?:CSS )?chunk [\w-]+ failed/i;

/** True for the errors browsers (and Vite) raise when a lazy chunk or its CSS cannot be loaded. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/**
 * Recovers from a failed chunk load, usually a new release whose old chunks are gone: reload the page
 * once; if it fails again within a minute of that reload, stop and show the reload state, so a page
 * that is really broken never reloads in a loop. Idempotent while a recovery is under way.
 */
export function recoverFromPreloadError(error?: unknown): PreloadRecoveryState {
  if (error && typeof error === 'object') handled.add(error);
  const current = usePreloadRecovery.getState().state;
  if (current !== 'idle') return current;
  reportToMonitoring({ kind: MonitoringKind.PRELOAD, message: 'preload error' });
  const storage = deps.storage();
  const now = deps.now();
  let last = Number.NaN;
  try {
    last = Number(storage?.getItem(PRELOAD_RELOAD_KEY));
  } catch {
    // Unreadable: treated as never reloaded, but see below.
  }
  const recentlyReloaded = Number.isFinite(last) && last > 0 && now - last < PRELOAD_RELOAD_GUARD_MS;
  if (recentlyReloaded || !storage) {
    // Without sessionStorage the guard cannot work: never reload automatically then.
    usePreloadRecovery.setState({ state: 'failed' });
    return 'failed';
  }
  try {
    storage.setItem(PRELOAD_RELOAD_KEY, String(now));
  } catch {
    usePreloadRecovery.setState({ state: 'failed' });
    return 'failed';
  }
  usePreloadRecovery.setState({ state: 'reloading' });
  deps.reload();
  return 'reloading';
}

/**
 * For the error boundary: a chunk error that has not been through the preload event yet (a lazy()
 * import Vite did not wrap) is dispatched as one, so every failed load takes the same path.
 */
export function dispatchPreloadError(error: unknown, target: EventTarget = window): void {
  if (error && typeof error === 'object' && handled.has(error)) return;
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as Event & { payload?: unknown };
  event.payload = error;
  target.dispatchEvent(event);
  // Nobody listening (recovery not installed): recover directly.
  if (!(error && typeof error === 'object' && handled.has(error))) recoverFromPreloadError(error);
}

/**
 * Listens for the preload error event (main.tsx calls this once). The event is not cancelled: the
 * failed import still rejects, so the error boundary around the lazy screen renders the spinner or
 * the reload state.
 */
export function installPreloadRecovery(options: Partial<Deps> = {}, target: EventTarget = window): () => void {
  deps = { ...defaultDeps, ...options };
  const listener = (event: Event) => {
    recoverFromPreloadError((event as Event & { payload?: unknown }).payload ?? event);
  };
  target.addEventListener(PRELOAD_ERROR_EVENT, listener);
  return () => {
    target.removeEventListener(PRELOAD_ERROR_EVENT, listener);
    deps = defaultDeps;
  };
}

/** For tests: back to the start (no recovery under way). */
export function resetPreloadRecovery(): void {
  usePreloadRecovery.setState({ state: 'idle' });
}
