import { NO_PERMISSION_CODES, RetCode } from '../../../shared/ret-codes.ts';
import { ApiError } from './api-error.ts';
import { clearResponseCache } from './cache.ts';
import { contextHeaders } from './context.ts';
import { handleRequestError } from './error-handler.ts';
import { buildUrl } from './request.ts';
import { isAcceptedStatus, TransportMessage } from './transport.ts';

/**
 * POST a multipart form (text fields, then one picture) to a §7 upload route. The request layer
 * speaks JSON only, so this uses fetch with the same context headers (platform, language, SDK,
 * mini-program) and cookies; the reply is read by the same §8 rules, and failures go through the
 * same handler (monitoring, cache) without a toast: the screen shows the error next to the picture.
 * Over-size (413) and unreadable bodies (400) still carry an envelope with the code to translate.
 * (Identity documents use XMLHttpRequest instead, for upload progress: features/kyc/api.)
 */
export async function postMultipart<T>(path: string, form: FormData): Promise<T> {
  const startedAt = Date.now();
  const fail = (error: ApiError) => {
    handleRequestError(error, { method: 'post', path, durationMs: Date.now() - startedAt, silent: true });
    return error;
  };
  let res: Response;
  try {
    res = await fetch(buildUrl(path, 'post'), { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json', ...contextHeaders() } });
  } catch {
    throw fail(new ApiError('network', TransportMessage.NETWORK));
  }
  let body: { ret_code?: number; ret_msg?: string; result?: unknown } | undefined;
  try {
    body = (await res.json()) as typeof body;
  } catch {
    body = undefined;
  }
  const details = { retCode: body?.ret_code, retMsg: body?.ret_msg ?? '', response: body as never, status: res.status, statusText: res.statusText };
  if ((res.status === 413 || res.status === 400) && typeof body?.ret_code === 'number') throw fail(new ApiError('business', TransportMessage.BAD_RET_CODE, { ...details, retCode: res.status === 413 ? RetCode.DOCUMENT_FILE_TOO_LARGE : body.ret_code }));
  if (!isAcceptedStatus(res.status)) throw fail(new ApiError('http', TransportMessage.HTTP, { status: res.status, statusText: res.statusText }));
  if (!body || typeof body.ret_code !== 'number') throw fail(new ApiError('no-response', TransportMessage.NO_RESPONSE, { status: res.status, statusText: res.statusText }));
  if (body.ret_code === RetCode.OK) {
    // Like every successful write of the request layer: cached reads are no longer trusted.
    clearResponseCache();
    return body.result as T;
  }
  if (NO_PERMISSION_CODES.includes(body.ret_code)) throw fail(new ApiError('no-permission', TransportMessage.NO_PERMISSION, details));
  throw fail(new ApiError('business', TransportMessage.BAD_RET_CODE, details));
}
