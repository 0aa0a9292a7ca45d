import { MonitoringKind } from '../../../shared/monitoring-kind.ts';
import type { MonitoringReport } from '../../../shared/api/monitoring.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { notification, toast } from '../notify/index.ts';
import { reportToMonitoring } from '../monitoring/index.ts';
import { isApiError } from './api-error.ts';
import { CACHE_KEPT_ON_FAILURE, responseCache } from './cache.ts';
import { requestContext } from './context.ts';
import {
  classifyError,
  ErrorDisplay,
  ERROR_RULES,
  NETWORK_TOAST_DURATION_MS,
  networkErrorText,
  REPORT_MAX_DURATION_MS,
  TIMEOUT_TOAST_DURATION_MS,
  timeoutToastText,
  translatedRetCode,
} from './error-catalogue.ts';
import type { Method } from './transport.ts';

/** §3: "Error responses may carry config.errorReminder with type (notify or other) and title". */
export interface ErrorReminder {
  type: 'notify' | 'toast';
  /** Already translated by the caller. */
  title?: string;
}

export interface FailedCall {
  method: Method;
  /** The path under the API prefix (ApiPath.*), possibly with a query. */
  path: string;
  /** The call's cache key when it used the cache. */
  cacheKey?: string;
  /** How long the call took. */
  durationMs: number;
  /** Suppress the default toast/notification: the caller shows the error itself. */
  silent?: boolean;
  errorReminder?: ErrorReminder;
  /** §3 event descriptor code. */
  event?: string;
}

function monitoringKind(error: unknown): MonitoringKind {
  if (!isApiError(error)) return MonitoringKind.UNKNOWN;
  switch (error.kind) {
    case 'network':
      return MonitoringKind.NETWORK;
    case 'http':
      return MonitoringKind.HTTP;
    case 'timeout':
      return MonitoringKind.TIMEOUT;
    case 'no-response':
      return MonitoringKind.NO_RESPONSE;
    default:
      return error.retCode === RetCode.CLIENT_TIMEOUT ? MonitoringKind.TIMEOUT : MonitoringKind.BUSINESS;
  }
}

function report(error: unknown, call: FailedCall): void {
  const ctx = requestContext();
  const r: Omit<MonitoringReport, 'userId' | 'page'> = {
    kind: monitoringKind(error),
    // Our own fixed wording ('http error', …), never the server's text or a body.
    message: error instanceof Error ? error.message : 'unknown error',
    method: call.method,
    path: call.path,
    durationMs: Math.max(0, Math.round(call.durationMs)),
  };
  if (isApiError(error)) {
    if (error.status !== undefined) r.status = error.status;
    if (error.retCode !== undefined) r.retCode = error.retCode;
  }
  if (call.event) r.event = call.event;
  try {
    r.language = ctx.language();
    r.platform = ctx.platform();
  } catch {
    // Context providers are someone else's code; a report goes out without them.
  }
  reportToMonitoring(r);
}

function showByCode(error: unknown, call: FailedCall): void {
  if (!isApiError(error) || error.retCode === undefined) return;
  const text = translatedRetCode(error.retCode, error.response?.result);
  if (text === undefined) {
    // §8: "No translation: toast '{code}: {ret_msg}'".
    toast({ title: `${error.retCode}: ${error.retMsg ?? ''}`, icon: 'fail' });
    return;
  }
  if (call.errorReminder?.type === 'notify') {
    const title = call.errorReminder.title;
    notification({ title: title || text, description: title ? text : undefined, type: 'error' });
    return;
  }
  toast({ title: text, icon: 'fail' });
}

/**
 * The one §8 handler: called by the main client for every failed call, after which the call is
 * rejected with the same error. It updates the cache, reports to monitoring and tells the user, as
 * the catalogue (error-catalogue.ts) says. It never throws.
 */
export function handleRequestError(error: unknown, call: FailedCall): void {
  const spec = ERROR_RULES[classifyError(error)];

  if (spec.cache === 'clear') responseCache.clear();
  else if (call.cacheKey && !CACHE_KEPT_ON_FAILURE.includes(call.path.split('?')[0])) responseCache.delete(call.cacheKey);

  if (spec.report && call.durationMs < REPORT_MAX_DURATION_MS) report(error, call);

  if (call.silent) return;
  try {
    switch (spec.display) {
      case ErrorDisplay.TIMEOUT_TOAST:
        toast({ title: timeoutToastText(isApiError(error) ? error.retMsg : undefined), icon: 'fail', duration: TIMEOUT_TOAST_DURATION_MS });
        break;
      case ErrorDisplay.NETWORK_TOAST:
        toast({ title: networkErrorText(), icon: 'fail', duration: NETWORK_TOAST_DURATION_MS });
        break;
      case ErrorDisplay.BY_CODE:
        showByCode(error, call);
        break;
      case ErrorDisplay.NONE:
        break;
    }
  } catch {
    // Showing the error must never change how the call fails.
  }
}
