import type { Envelope } from '../../../shared/envelope.ts';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { NO_PERMISSION_CODES, RetCode } from '../../../shared/ret-codes.ts';
import { ApiError } from './api-error.ts';
import { requestContext } from './context.ts';

export type Method = 'get' | 'post' | 'put' | 'delete';

/** §9: request timeout. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** §8 messages, exactly as the spec words them. */
export const TransportMessage = {
  TIMEOUT: 'Request timeout, please re-try!',
  NETWORK: 'http network error',
  HTTP: 'http error',
  NO_RESPONSE: 'Non Response!',
  NO_PERMISSION: 'user no permission',
  BAD_RET_CODE: 'bad business ret_code',
} as const;

/** §8: 'timeout of {n}ms exceeded', the transport's own wording of a timeout. */
export const timeoutDetail = (ms: number) => `timeout of ${ms}ms exceeded`;

/** §8: accepted statuses are 200 to 299; others reject with status and statusText. */
export const isAcceptedStatus = (status: number) => status >= 200 && status <= 299;

function queryValue(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/**
 * The address of a call: API prefix + path (as the request context maps it); §7 "for get, body fields become query parameters".
 * undefined/null fields are left out, arrays repeat the key, objects are sent as JSON.
 */
export function buildUrl(url: string, method: Method, data?: Record<string, unknown>): string {
  // The context may send the call to another path (SDK mode, context.ts `apiPath`).
  const full = `${API_PREFIX}${requestContext().apiPath(url)}`;
  if (method !== 'get' || !data) return full;
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(data)) {
    if (v === undefined || v === null) continue;
    if (Array.isArray(v)) {
      for (const item of v) if (item !== undefined && item !== null) qs.append(k, queryValue(item));
    } else {
      qs.append(k, queryValue(v));
    }
  }
  const s = qs.toString();
  return s ? `${full}${full.includes('?') ? '&' : '?'}${s}` : full;
}

export interface TransportRequest {
  method: Method;
  /** The full address (buildUrl). */
  url: string;
  data?: Record<string, unknown>;
  headers: Record<string, string>;
  timeout: number;
  credentials: RequestCredentials;
  /** The caller's own cancellation (e.g. TanStack Query); its abort is re-thrown as is. */
  signal?: AbortSignal;
}

export interface TransportResult<T> {
  result: T;
  headers: Record<string, string>;
}

function headerRecord(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, key) => {
    out[key] = value;
  });
  return out;
}

/** §3: some errors use retCode/retMsg instead of ret_code/ret_msg. */
function normaliseEnvelope(body: Record<string, unknown>): Envelope & { ret_code: number | undefined } {
  const code = typeof body.ret_code === 'number' ? body.ret_code : typeof body.retCode === 'number' ? body.retCode : undefined;
  const msg = typeof body.ret_msg === 'string' ? body.ret_msg : typeof body.retMsg === 'string' ? body.retMsg : '';
  return { ...body, ret_code: code as number, ret_msg: msg, result: body.result } as Envelope & { ret_code: number | undefined };
}

/** True when the caller (not our timeout) cancelled the call. */
export function isCallerAbort(error: unknown, signal?: AbortSignal): boolean {
  return Boolean(signal?.aborted) && !(error instanceof ApiError);
}

/**
 * One HTTP exchange with the §8 transport and envelope rules; resolves with `result` when ret_code
 * is 0, otherwise rejects with an ApiError. Used by both clients; it never shows anything.
 */
export async function send<T>(req: TransportRequest): Promise<TransportResult<T>> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, req.timeout);
  const onCallerAbort = () => controller.abort(req.signal?.reason);
  if (req.signal?.aborted) onCallerAbort();
  else req.signal?.addEventListener('abort', onCallerAbort, { once: true });

  const timeoutError = () =>
    new ApiError('timeout', TransportMessage.TIMEOUT, {
      retCode: RetCode.CLIENT_TIMEOUT,
      retMsg: TransportMessage.TIMEOUT,
      status: 408,
      detail: timeoutDetail(req.timeout),
    });

  try {
    let response: Response;
    try {
      response = await fetch(req.url, {
        method: req.method.toUpperCase(),
        credentials: req.credentials,
        headers: req.headers,
        body: req.method === 'get' ? undefined : JSON.stringify(req.data ?? {}),
        signal: controller.signal,
      });
    } catch (error) {
      if (timedOut) throw timeoutError();
      if (req.signal?.aborted) throw req.signal.reason ?? error;
      throw new ApiError('network', TransportMessage.NETWORK, { detail: error instanceof Error ? error.message : undefined });
    }

    // §8: "a non-ok accepted response yields empty headers and data": a reply that is not ok is
    // never read, neither its headers nor its body.
    const headers = response.ok ? headerRecord(response.headers) : {};
    let text: string | undefined;
    if (response.ok) {
      try {
        text = await response.text();
      } catch (error) {
        if (timedOut) throw timeoutError();
        if (req.signal?.aborted) throw req.signal.reason ?? error;
        text = undefined;
      }
    }
    if (!isAcceptedStatus(response.status)) {
      throw new ApiError('http', TransportMessage.HTTP, { status: response.status, statusText: response.statusText, headers });
    }

    let body: unknown = undefined;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
    }
    if (!body || typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError('no-response', TransportMessage.NO_RESPONSE, { status: response.status, statusText: response.statusText, headers });
    }

    const envelope = normaliseEnvelope(body as Record<string, unknown>);
    const retCode = envelope.ret_code;
    if (retCode === RetCode.OK) return { result: envelope.result as T, headers };
    const details = { retCode, retMsg: envelope.ret_msg, response: envelope as Envelope, status: response.status, statusText: response.statusText, headers };
    if (retCode !== undefined && NO_PERMISSION_CODES.includes(retCode)) {
      throw new ApiError('no-permission', TransportMessage.NO_PERMISSION, details);
    }
    throw new ApiError('business', TransportMessage.BAD_RET_CODE, details);
  } finally {
    clearTimeout(timer);
    req.signal?.removeEventListener('abort', onCallerAbort);
  }
}
