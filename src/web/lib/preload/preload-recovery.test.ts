import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setMonitoringSink, type MonitoringReport } from '../monitoring/index.ts';
import {
  dispatchPreloadError,
  installPreloadRecovery,
  isChunkLoadError,
  PRELOAD_ERROR_EVENT,
  PRELOAD_RELOAD_KEY,
  recoverFromPreloadError,
  resetPreloadRecovery,
  usePreloadRecovery,
} from './preload-recovery.ts';

let now = 1_000_000;
const reload = vi.fn();
const reports: MonitoringReport[] = [];
let uninstall: () => void;

beforeEach(() => {
  now = 1_000_000;
  reload.mockClear();
  reports.length = 0;
  sessionStorage.clear();
  resetPreloadRecovery();
  setMonitoringSink((r) => reports.push(r));
  uninstall = installPreloadRecovery({ reload, now: () => now });
});
afterEach(() => {
  uninstall();
  setMonitoringSink(null);
});

/** As Vite does it: a cancelable event with the error as payload. */
function vitePreloadError(error: Error) {
  const event = new Event(PRELOAD_ERROR_EVENT, { cancelable: true }) as Event & { payload: Error };
  event.payload = error;
  window.dispatchEvent(event);
  return event;
}
const chunkError = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/user/accounts/assets/kyc-abc.js');

describe('the preload error event (§8)', () => {
  it('reloads once, remembering it in sessionStorage, and reports it', () => {
    const event = vitePreloadError(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(sessionStorage.getItem(PRELOAD_RELOAD_KEY)).toBe(String(now));
    expect(usePreloadRecovery.getState().state).toBe('reloading');
    expect(reports).toMatchObject([{ kind: 'preload', message: 'preload error' }]);
    // Not cancelled: the import still fails, so the error boundary can show the state.
    expect(event.defaultPrevented).toBe(false);
  });

  it('never loops: a failure within a minute after that reload shows the reload state', () => {
    vitePreloadError(chunkError());
    // The page reloaded: a new page, same tab (sessionStorage kept).
    resetPreloadRecovery();
    now += 5_000;
    vitePreloadError(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
    expect(usePreloadRecovery.getState().state).toBe('failed');
  });

  it('recovers automatically again after a minute (e.g. the next release)', () => {
    vitePreloadError(chunkError());
    resetPreloadRecovery();
    now += 60_000;
    vitePreloadError(chunkError());
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('several failures at once reload only once', () => {
    vitePreloadError(chunkError());
    vitePreloadError(chunkError());
    recoverFromPreloadError(chunkError());
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('without sessionStorage it never reloads by itself', () => {
    uninstall();
    uninstall = installPreloadRecovery({ reload, now: () => now, storage: () => null });
    vitePreloadError(chunkError());
    expect(reload).not.toHaveBeenCalled();
    expect(usePreloadRecovery.getState().state).toBe('failed');
  });
});

describe('dispatchPreloadError (for lazy() failures Vite did not see)', () => {
  it('dispatches the event once per error', () => {
    const seen = vi.fn();
    window.addEventListener(PRELOAD_ERROR_EVENT, seen);
    const error = chunkError();
    dispatchPreloadError(error);
    expect(seen).toHaveBeenCalledTimes(1);
    dispatchPreloadError(error);
    expect(seen).toHaveBeenCalledTimes(1);
    window.removeEventListener(PRELOAD_ERROR_EVENT, seen);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('does not dispatch again an error Vite already dispatched', () => {
    const error = chunkError();
    vitePreloadError(error);
    const seen = vi.fn();
    window.addEventListener(PRELOAD_ERROR_EVENT, seen);
    dispatchPreloadError(error);
    window.removeEventListener(PRELOAD_ERROR_EVENT, seen);
    expect(seen).not.toHaveBeenCalled();
  });
});

describe('isChunkLoadError', () => {
  it.each([
    ['Failed to fetch dynamically imported module: https://x/a.js', true], // Chromium
    ['error loading dynamically imported module: https://x/a.js', true], // Firefox
    ['Importing a module script failed.', true], // Safari
    ['Unable to preload CSS for /assets/a.css', true], // Vite
    ['Cannot read properties of undefined', false],
  ])('%s -> %s', (message, expected) => {
    expect(isChunkLoadError(new TypeError(message))).toBe(expected);
  });

  it('only errors', () => {
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});
