import type { Envelope } from '../../../shared/envelope.ts';

/** How a call failed (§8). */
export type ApiErrorKind =
  /** Non-zero ret_code ("bad business ret_code"). */
  | 'business'
  /** 10007, 33003, 10009: "user no permission". */
  | 'no-permission'
  /** The request took longer than its timeout (ret_code 9000001). */
  | 'timeout'
  /** fetch itself failed: "http network error". */
  | 'network'
  /** A non-2xx status: "http error". */
  | 'http'
  /** A 2xx reply without a readable body: "Non Response!". */
  | 'no-response';

/** The rejection of every call made through the request layer. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly retCode: number | undefined;
  readonly retMsg: string | undefined;
  /** The full reply body, when there was one. */
  readonly response: Envelope | undefined;
  readonly status: number | undefined;
  readonly statusText: string | undefined;
  /**
   * Reply headers. §8: a reply that is not ok is never read, so it yields empty headers (and no
   * `response`): an error page's body can never be mistaken for an envelope.
   */
  readonly headers: Record<string, string>;
  /** The transport's own wording, e.g. §8 'timeout of 30000ms exceeded'. */
  readonly detail: string | undefined;
  constructor(
    kind: ApiErrorKind,
    message: string,
    details: {
      retCode?: number;
      retMsg?: string;
      response?: Envelope;
      status?: number;
      statusText?: string;
      headers?: Record<string, string>;
      detail?: string;
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.retCode = details.retCode;
    this.retMsg = details.retMsg;
    this.response = details.response;
    this.status = details.status;
    this.statusText = details.statusText;
    this.headers = details.headers ?? {};
    this.detail = details.detail;
  }
}

export function isApiError(e: unknown): e is ApiError {
  return e instanceof ApiError;
}
