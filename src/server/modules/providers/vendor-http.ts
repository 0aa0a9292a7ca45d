import { setTimeout as delay } from 'node:timers/promises';
import type { z } from 'zod';
import type { Provider } from '../../../shared/kyc.ts';
import { VendorProtocolError, VendorUnavailableError } from './errors.ts';

/** One call to a vendor's API. `path` includes the query, exactly as sent (signatures cover it). */
export interface VendorRequest {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Headers computed per attempt (a signature over a fresh timestamp, a current OAuth token). */
  sign?: (request: { method: string; path: string; body: Buffer }) => Promise<Record<string, string>> | Record<string, string>;
}

export interface VendorReply<T> {
  status: number;
  data: T;
  headers: Headers;
}

export interface VendorHttpOptions {
  provider: Provider;
  baseUrl: string;
  timeoutMs: number;
  /** How many times a failed call is tried again. */
  retries: number;
  /** First backoff; doubled each retry, with jitter. */
  backoffMs?: number;
  fetch?: typeof fetch;
}

/** Statuses worth trying again: the vendor is overloaded or briefly down. */
const RETRYABLE = new Set([408, 425, 429, 500, 502, 503, 504]);

/**
 * The HTTP client every vendor adapter uses: a time limit per call, retries with exponential
 * backoff for network failures and 429/5xx (Retry-After honoured up to the backoff cap), and the
 * reply checked against the vendor's documented shape. A 4xx other than those is the caller's to
 * interpret (`expect` lists the statuses it handles); anything else is a VendorProtocolError.
 */
export function createVendorHttp({ provider, baseUrl, timeoutMs, retries, backoffMs = 250, fetch: fetchImpl = fetch }: VendorHttpOptions) {
  async function send(request: VendorRequest): Promise<Response> {
    const body = request.body === undefined ? Buffer.alloc(0) : Buffer.from(request.body);
    let lastError: unknown;
    for (let attempt = 0; attempt <= retries; attempt++) {
      if (attempt > 0) await delay(backoffMs * 2 ** (attempt - 1) * (0.75 + Math.random() / 2));
      try {
        const signed = (await request.sign?.({ method: request.method, path: request.path, body })) ?? {};
        const response = await fetchImpl(`${baseUrl}${request.path}`, {
          method: request.method,
          headers: { accept: 'application/json', ...request.headers, ...signed },
          body: request.method === 'GET' || request.body === undefined ? undefined : body,
          signal: AbortSignal.timeout(timeoutMs),
          redirect: 'error',
        });
        if (!RETRYABLE.has(response.status)) return response;
        lastError = new Error(`HTTP ${response.status}`);
        await response.body?.cancel();
      } catch (err) {
        // Network failure, timeout, refused connection: try again.
        lastError = err;
      }
    }
    throw new VendorUnavailableError(provider, `${request.method} ${request.path.split('?')[0]} failed after ${retries + 1} attempts`, { cause: lastError });
  }

  return {
    /**
     * Sends the request and parses a JSON reply with `schema`. Statuses in `expect` (default 200 and
     * 201) are parsed; any other status throws VendorProtocolError carrying it.
     */
    async json<S extends z.ZodType>(request: VendorRequest, schema: S, expect: readonly number[] = [200, 201]): Promise<VendorReply<z.output<S>>> {
      const response = await send(request);
      const text = await response.text();
      if (!expect.includes(response.status)) {
        throw new VendorProtocolError(provider, `${request.method} ${request.path.split('?')[0]} answered HTTP ${response.status}`, response.status);
      }
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        throw new VendorProtocolError(provider, `${request.method} ${request.path.split('?')[0]} answered something that is not JSON`, response.status);
      }
      const result = schema.safeParse(parsed);
      if (!result.success) {
        throw new VendorProtocolError(provider, `${request.method} ${request.path.split('?')[0]} answered an unexpected shape: ${result.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`, response.status);
      }
      return { status: response.status, data: result.data, headers: response.headers };
    },
  };
}

export type VendorHttp = ReturnType<typeof createVendorHttp>;
