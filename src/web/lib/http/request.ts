import { cacheKey, responseCache } from './cache.ts';
import { clientTagOf, trackClientTag, trackedClientTag } from './client-tags.ts';
import { contextHeaders } from './context.ts';
import { handleRequestError, type ErrorReminder } from './error-handler.ts';
import { recordTimingEvent, type RequestEvent } from './timing.ts';
import { buildUrl, isCallerAbort, REQUEST_TIMEOUT_MS, send, type Method } from './transport.ts';
import { isApiError } from './api-error.ts';

export { buildUrl, REQUEST_TIMEOUT_MS, type Method } from './transport.ts';

export interface RequestConfig {
  method?: Method;
  /** Path under the API prefix, e.g. ApiPath.profile. */
  url: string;
  /** JSON body; for `get`, its fields become query parameters (§7). */
  data?: Record<string, unknown>;
  /** Extra headers; they win over the defaults. An `X-Client-Tag` here makes the call tracked (§7). */
  headers?: Record<string, string>;
  /** Milliseconds before the call is aborted (§9: 30000). */
  timeout?: number;
  /**
   * §7 response cache, opt-in: `true` serves a fresh (under 60 s) stored result without calling, and
   * stores a new one; `'refresh'` always calls and stores (a "try again" that must not see old data).
   * A successful write (post/put/delete) without this option empties the cache.
   */
  cache?: boolean | 'refresh';
  /** Suppress the §8 toast/notification, for callers that show the error themselves (forms). */
  silent?: boolean;
  /** §3: show a business error as a notification with this title instead of a toast. */
  errorReminder?: ErrorReminder;
  /** §3 event descriptor: the call is measured under code `c` (see timing.ts). */
  event?: RequestEvent;
  /** §7: send the optional `Guid` header (kyc-info). */
  sendGuid?: boolean;
  /** §7: send the optional `Lang` header (kyc-info). */
  sendLang?: boolean;
  /** Cancels the call (e.g. TanStack Query's signal); a cancelled call is rejected with the abort reason and shows nothing. */
  signal?: AbortSignal;
}

/** A call that succeeded, as its caller named it (the path before any SDK mapping). */
export interface RequestSuccess {
  method: Method;
  path: string;
  result: unknown;
}
const successListeners = new Set<(success: RequestSuccess) => void>();

/**
 * Hears every successful call of the main client (the SDK bridge tells the partner's page what
 * happened: a submission, a status change). Returns the function that stops listening. A listener
 * that throws never fails the call.
 */
export function onRequestSuccess(listener: (success: RequestSuccess) => void): () => void {
  successListeners.add(listener);
  return () => successListeners.delete(listener);
}

async function execute<T>(config: RequestConfig): Promise<T> {
  const method = config.method ?? 'get';
  const url = buildUrl(config.url, method, config.data);
  const key = config.cache ? cacheKey(method, url, config.data) : undefined;
  if (key && config.cache === true) {
    const hit = responseCache.get(key);
    if (hit) return hit.value as T;
  }

  const startedAt = Date.now();
  const generation = responseCache.generation;
  const event = config.event;
  try {
    const { result } = await send<T>({
      method,
      url,
      data: config.data,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        ...contextHeaders({ sendGuid: config.sendGuid, sendLang: config.sendLang }),
        ...config.headers,
      },
      timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
      credentials: 'include',
      signal: config.signal,
    });
    // Not stored if a write emptied the cache meanwhile: this answer may be from before that write.
    if (key) responseCache.set(key, result, Date.now(), generation);
    // A write may change what cached reads return (e.g. tagmember changes the profile's member_tag):
    // after a successful one, nothing cached is trusted any more.
    else if (method !== 'get') responseCache.clear();
    if (event) {
      const end = Date.now();
      const start = event.start ?? startedAt;
      recordTimingEvent({ c: event.c, start, end, duration: end - start, ok: true, ...(event.save ? { result } : {}) });
    }
    for (const listener of successListeners) {
      try {
        listener({ method, path: config.url, result });
      } catch {
        // A listener's failure is its own: the call succeeded.
      }
    }
    return result;
  } catch (error) {
    if (isCallerAbort(error, config.signal)) throw error;
    const end = Date.now();
    handleRequestError(error, {
      method,
      path: config.url,
      cacheKey: key,
      durationMs: end - startedAt,
      silent: config.silent,
      errorReminder: config.errorReminder,
      event: event?.c,
    });
    if (event) {
      const start = event.start ?? startedAt;
      recordTimingEvent({ c: event.c, start, end, duration: end - start, ok: false, ...(isApiError(error) && error.retCode !== undefined ? { retCode: error.retCode } : {}) });
    }
    throw error;
  }
}

/**
 * The main client (§7): calls the API with cookies, JSON, the platform/language/SDK headers, and
 * resolves with `result` when ret_code is 0. Any failure is handled by the §8 catalogue (cache,
 * monitoring, toast unless `silent`) and then rejected as an ApiError whose kind says what went wrong.
 */
export function request<T>(config: RequestConfig): Promise<T> {
  const tag = clientTagOf(config.headers);
  if (tag) {
    const running = trackedClientTag(tag);
    if (running) return running as Promise<T>;
  }
  const call = execute<T>(config);
  if (tag) trackClientTag(tag, call);
  return call;
}

type Extra = Omit<RequestConfig, 'url' | 'data' | 'method'>;

export const http = {
  get: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => request<T>({ ...extra, method: 'get', url, data }),
  post: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => request<T>({ ...extra, method: 'post', url, data }),
  put: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => request<T>({ ...extra, method: 'put', url, data }),
  delete: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => request<T>({ ...extra, method: 'delete', url, data }),
};
