import type { Envelope } from '../../../shared/envelope.ts';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { NO_PERMISSION_CODES, RetCode } from '../../../shared/ret-codes.ts';
import { ApiError } from './api-error.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';

export interface RequestConfig {
  method?: Method;
  /** Path under the API prefix, e.g. ApiPath.profile. */
  url: string;
  /** JSON body; for `get`, its fields become query parameters (§7). */
  data?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Milliseconds before the call is aborted (§9: 30000). */
  timeout?: number;
}

export const REQUEST_TIMEOUT_MS = 30_000;

export function buildUrl(url: string, method: Method, data?: Record<string, unknown>): string {
  const full = `${API_PREFIX}${url}`;
  if (method !== 'get' || !data) return full;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v !== undefined && v !== null) qs.append(k, String(v));
  }
  const s = qs.toString();
  return s ? `${full}${full.includes('?') ? '&' : '?'}${s}` : full;
}

/**
 * Calls the API and resolves with `result` when ret_code is 0; otherwise rejects with an ApiError
 * whose kind says what went wrong (§8).
 */
export async function request<T>(config: RequestConfig): Promise<T> {
  const method = config.method ?? 'get';
  const controller = new AbortController();
  const timeout = config.timeout ?? REQUEST_TIMEOUT_MS;
  const timer = setTimeout(() => controller.abort(), timeout);
  let response: Response;
  try {
    response = await fetch(buildUrl(config.url, method, config.data), {
      method: method.toUpperCase(),
      credentials: 'include',
      headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...config.headers },
      body: method === 'get' || !config.data ? undefined : JSON.stringify(config.data),
      signal: controller.signal,
    });
  } catch {
    if (controller.signal.aborted) {
      throw new ApiError('timeout', 'Request timeout, please re-try!', { retCode: RetCode.CLIENT_TIMEOUT, status: 408 });
    }
    throw new ApiError('network', 'http network error');
  } finally {
    clearTimeout(timer);
  }
  if (response.status < 200 || response.status > 299) {
    throw new ApiError('http', 'http error', { status: response.status, statusText: response.statusText });
  }
  let body: Envelope<T> | null;
  try {
    body = (await response.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  if (!body || typeof body !== 'object') throw new ApiError('no-response', 'Non Response!');
  const retCode = body.ret_code;
  if (retCode === RetCode.OK) return body.result;
  const details = { retCode, retMsg: body.ret_msg, response: body as Envelope };
  if (NO_PERMISSION_CODES.includes(retCode)) throw new ApiError('no-permission', 'user no permission', details);
  throw new ApiError('business', 'bad business ret_code', details);
}

export const http = {
  get: <T>(url: string, data?: Record<string, unknown>, extra?: Omit<RequestConfig, 'url' | 'data' | 'method'>) =>
    request<T>({ ...extra, method: 'get', url, data }),
  post: <T>(url: string, data?: Record<string, unknown>, extra?: Omit<RequestConfig, 'url' | 'data' | 'method'>) =>
    request<T>({ ...extra, method: 'post', url, data }),
  put: <T>(url: string, data?: Record<string, unknown>, extra?: Omit<RequestConfig, 'url' | 'data' | 'method'>) =>
    request<T>({ ...extra, method: 'put', url, data }),
  delete: <T>(url: string, data?: Record<string, unknown>, extra?: Omit<RequestConfig, 'url' | 'data' | 'method'>) =>
    request<T>({ ...extra, method: 'delete', url, data }),
};
