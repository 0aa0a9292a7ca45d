import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { monitoringReport } from '../../../shared/api/monitoring.ts';
import { setAnalyticsUserId } from '../analytics/index.ts';
import { installFetch, envelope } from '../http/testing.ts';
import { useToastStore } from '../notify/index.ts';
import { pathOnly, reportToMonitoring, setMonitoringSink, type MonitoringReport } from './index.ts';

beforeEach(() => {
  setMonitoringSink(null);
  setAnalyticsUserId(null);
  useToastStore.setState({ toasts: [] });
  window.history.replaceState(null, '', '/user/accounts/auth/sdk?token=very-secret-token#frag');
});
afterEach(() => {
  vi.unstubAllGlobals();
  setMonitoringSink(null);
});

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('default sink: our own server, through the plain client', () => {
  it('posts the report with the analytics user id and the page path, and nothing secret', async () => {
    const calls = installFetch(() => envelope({}));
    setAnalyticsUserId('user-7');
    reportToMonitoring({ kind: 'http', message: 'http error', method: 'get', path: '/v2/private/user/profile?token=abc', status: 500, durationMs: 12 });
    await flush();
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe('/x-api/v1/public/monitoring/report');
    expect(calls[0].method).toBe('POST');
    expect([...calls[0].headers.keys()]).toEqual(['content-type']);
    const sent = JSON.parse(calls[0].body!) as MonitoringReport;
    expect(sent).toEqual({
      kind: 'http',
      message: 'http error',
      method: 'get',
      path: '/v2/private/user/profile',
      status: 500,
      durationMs: 12,
      page: '/user/accounts/auth/sdk',
      userId: 'user-7',
    });
    expect(calls[0].body).not.toContain('secret');
    // What the client sends is what the server accepts.
    expect(monitoringReport.safeParse(sent).success).toBe(true);
  });

  it('never throws, never toasts and never reports its own failure', async () => {
    const calls = installFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    expect(() => reportToMonitoring({ kind: 'network', message: 'http network error' })).not.toThrow();
    await flush();
    expect(calls).toHaveLength(1);
    expect(useToastStore.getState().toasts).toEqual([]);
  });
});

describe('pluggable sink', () => {
  it('receives the reports instead of the server; null restores the server', async () => {
    const calls = installFetch(() => envelope({}));
    const seen: MonitoringReport[] = [];
    setMonitoringSink((r) => seen.push(r));
    reportToMonitoring({ kind: 'preload', message: 'chunk failed' });
    expect(seen).toMatchObject([{ kind: 'preload', message: 'chunk failed', userId: null }]);
    await flush();
    expect(calls).toHaveLength(0);

    setMonitoringSink(null);
    reportToMonitoring({ kind: 'preload', message: 'chunk failed' });
    await flush();
    expect(calls).toHaveLength(1);
  });

  it('a throwing sink does not escape', () => {
    setMonitoringSink(() => {
      throw new Error('down');
    });
    expect(() => reportToMonitoring({ kind: 'unknown', message: 'x' })).not.toThrow();
  });

  it('long messages are cut to what the server accepts', () => {
    const seen: MonitoringReport[] = [];
    setMonitoringSink((r) => seen.push(r));
    reportToMonitoring({ kind: 'unknown', message: 'x'.repeat(1000) });
    expect(seen[0].message).toHaveLength(200);
  });
});

it('pathOnly drops query and fragment', () => {
  expect(pathOnly('/a/b?token=1#x')).toBe('/a/b');
  expect(pathOnly('/a/b#x?y')).toBe('/a/b');
  expect(pathOnly('/a')).toBe('/a');
});
