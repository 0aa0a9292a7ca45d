import { buildUrl, REQUEST_TIMEOUT_MS, send, type Method } from './transport.ts';

export interface PlainRequestConfig {
  method?: Method;
  url: string;
  data?: Record<string, unknown>;
  timeout?: number;
}

/**
 * §7 "A second client sends only a JSON Content-Type": same prefix, timeout and envelope rules as the
 * main client, but no platform/language/SDK headers, no cache, no client tags and no §8 toasts or
 * monitoring. Used where the main client's side effects are unwanted, e.g. sending monitoring
 * reports (which must never report their own failure).
 */
export async function plainRequest<T>(config: PlainRequestConfig): Promise<T> {
  const method = config.method ?? 'get';
  const { result } = await send<T>({
    method,
    url: buildUrl(config.url, method, config.data),
    data: config.data,
    headers: { 'Content-Type': 'application/json' },
    timeout: config.timeout ?? REQUEST_TIMEOUT_MS,
    credentials: 'same-origin',
  });
  return result;
}

type Extra = Omit<PlainRequestConfig, 'url' | 'data' | 'method'>;

export const plainHttp = {
  get: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => plainRequest<T>({ ...extra, method: 'get', url, data }),
  post: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => plainRequest<T>({ ...extra, method: 'post', url, data }),
  put: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => plainRequest<T>({ ...extra, method: 'put', url, data }),
  delete: <T>(url: string, data?: Record<string, unknown>, extra?: Extra) => plainRequest<T>({ ...extra, method: 'delete', url, data }),
};
