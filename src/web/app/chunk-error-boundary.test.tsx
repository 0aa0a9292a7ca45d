import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component, lazy, Suspense, type ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { initTestI18n, translations } from '../lib/http/testing.ts';
import { setMonitoringSink } from '../lib/monitoring/index.ts';
import { installPreloadRecovery, PRELOAD_ERROR_EVENT, PRELOAD_RELOAD_KEY, resetPreloadRecovery } from '../lib/preload/preload-recovery.ts';
import { ChunkErrorBoundary } from './chunk-error-boundary.tsx';

const { errorsEn } = translations;
const reload = vi.fn();
let uninstall: () => void;

beforeAll(initTestI18n);
beforeEach(() => {
  reload.mockClear();
  sessionStorage.clear();
  resetPreloadRecovery();
  setMonitoringSink(() => undefined);
  uninstall = installPreloadRecovery({ reload });
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // React logs caught errors
});
afterEach(() => {
  uninstall();
  setMonitoringSink(null);
  vi.restoreAllMocks();
});

const brokenChunk = () =>
  lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: http://localhost/user/accounts/assets/x.js')));

function renderScreen(Screen: React.ComponentType) {
  return render(
    <ChunkErrorBoundary>
      <Suspense fallback={<p>loading</p>}>
        <Screen />
      </Suspense>
    </ChunkErrorBoundary>,
  );
}

it('a lazy screen whose chunk fails dispatches the preload error event and reloads once', async () => {
  const seen = vi.fn();
  window.addEventListener(PRELOAD_ERROR_EVENT, seen);
  renderScreen(brokenChunk());
  expect(await screen.findByRole('status')).toBeInTheDocument(); // the spinner while reloading
  window.removeEventListener(PRELOAD_ERROR_EVENT, seen);
  expect(seen).toHaveBeenCalledTimes(1);
  expect(reload).toHaveBeenCalledTimes(1);
});

it('after a recent reload it shows the translated reload state, and its button reloads', async () => {
  sessionStorage.setItem(PRELOAD_RELOAD_KEY, String(Date.now() - 1000));
  const reloadSpy = vi.fn();
  vi.stubGlobal('location', { ...window.location, reload: reloadSpy });
  renderScreen(brokenChunk());
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(errorsEn.preload.title);
  expect(alert).toHaveTextContent(errorsEn.preload.body);
  expect(reload).not.toHaveBeenCalled();
  await userEvent.click(screen.getByRole('button', { name: errorsEn.preload.reload }));
  expect(reloadSpy).toHaveBeenCalledTimes(1);
  vi.unstubAllGlobals();
});

it('other errors are not its business: they go on to the next boundary', async () => {
  class Outer extends Component<{ children: ReactNode }, { caught: string | null }> {
    override state = { caught: null as string | null };
    static getDerivedStateFromError(e: Error) {
      return { caught: e.message };
    }
    override render() {
      return this.state.caught ? <p>outer caught: {this.state.caught}</p> : this.props.children;
    }
  }
  function Broken(): ReactNode {
    throw new Error('a bug');
  }
  render(
    <Outer>
      <ChunkErrorBoundary>
        <Broken />
      </ChunkErrorBoundary>
    </Outer>,
  );
  expect(await screen.findByText('outer caught: a bug')).toBeInTheDocument();
  expect(reload).not.toHaveBeenCalled();
});
