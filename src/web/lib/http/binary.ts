import { useEffect, useState } from 'react';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { NO_PERMISSION_CODES } from '../../../shared/ret-codes.ts';
import { ApiError } from './api-error.ts';
import { contextHeaders, requestContext } from './context.ts';
import { buildUrl, isAcceptedStatus, REQUEST_TIMEOUT_MS, TransportMessage } from './transport.ts';

/**
 * Reads a binary reply (an image of the user's own) through the request layer: the context's path
 * mapping and headers, so in SDK mode the call goes to the integration variant with the access token
 * (§7). A refusal comes back as an envelope (JSON) and rejects like any call, with its ret_code.
 */
export async function getBlob(path: string, { signal, timeout = REQUEST_TIMEOUT_MS }: { signal?: AbortSignal; timeout?: number } = {}): Promise<Blob> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeout);
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let response: Response;
    try {
      response = await fetch(buildUrl(path, 'get'), { method: 'GET', credentials: 'same-origin', headers: { Accept: 'image/*', ...contextHeaders() }, signal: controller.signal });
    } catch (error) {
      if (signal?.aborted) throw signal.reason ?? error;
      throw new ApiError('network', TransportMessage.NETWORK, { detail: error instanceof Error ? error.message : undefined });
    }
    if (!isAcceptedStatus(response.status)) throw new ApiError('http', TransportMessage.HTTP, { status: response.status, statusText: response.statusText });
    if (/json/i.test(response.headers.get('content-type') ?? '')) {
      const body = (await response.json().catch(() => ({}))) as { ret_code?: number; ret_msg?: string };
      const retCode = typeof body.ret_code === 'number' ? body.ret_code : undefined;
      const kind = retCode !== undefined && NO_PERMISSION_CODES.includes(retCode) ? 'no-permission' : 'business';
      throw new ApiError(kind, kind === 'business' ? TransportMessage.BAD_RET_CODE : TransportMessage.NO_PERMISSION, { retCode, retMsg: body.ret_msg, status: response.status });
    }
    return await response.blob();
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}

/**
 * The `src` of an image of the API (a path under the prefix, e.g. `/v3/private/kyc/document/<id>`).
 * On the web the cookie goes with a plain `<img src>`, so it is the plain address. In SDK mode an
 * `<img>` cannot carry the access token headers (§7): the image is read with them (getBlob) and shown
 * from an object URL, revoked when the image changes or the component goes. `undefined` while it
 * loads or when it could not be read (the caller shows its placeholder).
 */
export function useApiImageSrc(path: string | undefined): string | undefined {
  const withHeaders = requestContext().sdkAuth() !== null;
  const [blobUrl, setBlobUrl] = useState<{ path: string; url: string } | null>(null);
  useEffect(() => {
    if (!path || !withHeaders) return;
    const controller = new AbortController();
    let url: string | null = null;
    getBlob(path, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setBlobUrl({ path, url });
      },
      () => {
        // A preview that cannot be read is left out; the upload itself is not affected.
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
      setBlobUrl(null);
    };
  }, [path, withHeaders]);
  if (!path) return undefined;
  if (!withHeaders) return `${API_PREFIX}${requestContext().apiPath(path)}`;
  return blobUrl?.path === path ? blobUrl.url : undefined;
}
