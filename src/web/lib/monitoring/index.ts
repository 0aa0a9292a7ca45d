import { ApiPath } from '../../../shared/api/paths.ts';
import type { MonitoringReport } from '../../../shared/api/monitoring.ts';
import { getAnalyticsUserId } from '../analytics/index.ts';
import { plainHttp } from '../http/plain-client.ts';

export type { MonitoringReport } from '../../../shared/api/monitoring.ts';
export { MonitoringKind } from '../../../shared/monitoring-kind.ts';

/** Receives every report; must not throw (it is called from error paths). */
export type MonitoringSink = (report: MonitoringReport) => void;

/** By default reports go to our own server through the plain client, and a failure there is dropped. */
export const serverSink: MonitoringSink = (report) => {
  plainHttp.post(ApiPath.monitoringReport, report).catch(() => undefined);
};

let sink: MonitoringSink = serverSink;

/** Plugs in another destination (a vendor SDK, a test spy); `null` restores the server sink. */
export function setMonitoringSink(next: MonitoringSink | null): void {
  sink = next ?? serverSink;
}

/** Drops the query and fragment of an address: they may carry tokens (e.g. the SDK page's `token`). */
export function pathOnly(address: string): string {
  const cut = address.search(/[?#]/);
  return (cut === -1 ? address : address.slice(0, cut)).slice(0, 300);
}

/**
 * Sends one report with the analytics user id (§3) and the current page's path. Never throws and
 * never sends secrets: callers give codes, statuses and paths, never bodies or headers.
 */
export function reportToMonitoring(report: Omit<MonitoringReport, 'userId' | 'page'>): void {
  try {
    const full: MonitoringReport = {
      ...report,
      message: report.message.slice(0, 200),
      ...(report.path !== undefined ? { path: pathOnly(report.path) } : {}),
      page: typeof location === 'undefined' ? undefined : pathOnly(location.pathname),
      userId: getAnalyticsUserId(),
    };
    sink(full);
  } catch {
    // Monitoring must never break the code that reports.
  }
}
