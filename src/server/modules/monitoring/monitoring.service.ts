import type { MonitoringReport } from '../../../shared/api/monitoring.ts';

/** Where a report is written: the request's logger (pino), at warn level. */
export interface ReportLog {
  warn: (obj: Record<string, unknown>, msg: string) => void;
}

/** Strings that look like credentials: JWTs, long opaque tokens, key=value pairs of secret names. */
const SECRET_PATTERNS: readonly RegExp[] = [
  /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]{5,}/g,
  /\b(?:token|access_token|kycToken|sdkToken|password|secret|session|ua_sid|authorization)\s*[=:]\s*[^\s&;,]+/gi,
  /\b(?:bearer|basic)\s+[\w.~+/=-]{8,}/gi,
  /\b[A-Za-z0-9_-]{32,}\b/g,
];

/** Removes anything that looks like a secret from free text; keeps the rest readable. */
export function redactSecrets(text: string): string {
  let out = text.replace(/[\u0000-\u001f\u007f]/g, ' ');
  for (const pattern of SECRET_PATTERNS) out = out.replace(pattern, '[redacted]');
  return out;
}

/** A path without query or fragment (they may carry tokens, e.g. the SDK page's `token`). */
export function stripQuery(path: string): string {
  const cut = path.search(/[?#]/);
  return cut === -1 ? path : path.slice(0, cut);
}

/**
 * What is logged of a client report: the validated fields, with query strings cut off the paths and
 * secret-looking text redacted, so a report can never smuggle a credential into the logs.
 */
export function sanitizeReport(report: MonitoringReport): MonitoringReport {
  const clean: MonitoringReport = { ...report, message: redactSecrets(report.message) };
  if (report.path !== undefined) clean.path = redactSecrets(stripQuery(report.path));
  if (report.page !== undefined) clean.page = redactSecrets(stripQuery(report.page));
  if (report.event !== undefined) clean.event = redactSecrets(report.event);
  return clean;
}

/**
 * Client error reports (§8 "reported to monitoring"): the browser sends them to our own server,
 * which writes them to its log at warn level for whatever collects the logs. Nothing is stored: a
 * report changes no state.
 */
export function createMonitoringService() {
  return {
    receiveReport(report: MonitoringReport, meta: { userAgent: string | null }, log: ReportLog): void {
      log.warn({ clientReport: sanitizeReport(report), userAgent: meta.userAgent ? redactSecrets(meta.userAgent.slice(0, 300)) : null }, 'client error report');
    },
  };
}

export type MonitoringService = ReturnType<typeof createMonitoringService>;
