import { DOCUMENT_FILE_FIELD, type DocumentDraftsResult, type DocumentSummary } from '../../../../shared/api/documents.ts';
import type { Envelope } from '../../../../shared/envelope.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { DocumentKind, VerifiableLevel } from '../../../../shared/kyc.ts';
import { NO_PERMISSION_CODES, RetCode } from '../../../../shared/ret-codes.ts';
import { ApiError, buildUrl, clearResponseCache, isAcceptedStatus, TransportMessage } from '../../../lib/http/index.ts';
import { contextHeaders } from '../../../lib/http/context.ts';
import { handleRequestError } from '../../../lib/http/error-handler.ts';
import type { QueryClient } from '@tanstack/react-query';
import { kycKeys } from './keys.ts';

export interface UploadDocumentInput {
  kind: DocumentKind;
  level: VerifiableLevel;
  file: Blob;
  /** The file name sent with the part (the server ignores it: the type comes from the bytes). */
  fileName?: string;
  /** 0–100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  /** Cancels the upload (Remove while uploading, leaving the screen). */
  signal?: AbortSignal;
  /** Quality warnings the user chose to send anyway (decision 023): the reviewer sees them. */
  warnings?: readonly string[];
}

function parseEnvelope(text: string): Envelope | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (!body || typeof body !== 'object' || Array.isArray(body)) return undefined;
    const b = body as Record<string, unknown>;
    const code = typeof b.ret_code === 'number' ? b.ret_code : typeof b.retCode === 'number' ? b.retCode : undefined;
    if (code === undefined) return undefined;
    const msg = typeof b.ret_msg === 'string' ? b.ret_msg : typeof b.retMsg === 'string' ? b.retMsg : '';
    return { ret_code: code, ret_msg: msg, result: b.result } as Envelope;
  } catch {
    return undefined;
  }
}

/** The outcome of one finished XMLHttpRequest, by the same §8 rules as the request layer's transport. */
export function uploadOutcome(status: number, statusText: string, text: string): { result: DocumentSummary } | { error: ApiError } {
  const envelope = parseEnvelope(text);
  // The server refuses an over-size file while it streams in: HTTP 413 that still carries ret_code
  // 34006 and the limit. A 413 from a proxy in front has no envelope; it means the same thing.
  if (status === 413) {
    return {
      error: new ApiError('business', TransportMessage.BAD_RET_CODE, {
        retCode: RetCode.DOCUMENT_FILE_TOO_LARGE,
        retMsg: envelope?.ret_msg ?? 'file too large',
        response: envelope ?? { ret_code: RetCode.DOCUMENT_FILE_TOO_LARGE, ret_msg: 'file too large', result: {} },
        status,
        statusText,
      }),
    };
  }
  // Our server refuses an unreadable multipart body at once with HTTP 400 and ret_code 34008
  // (decision 013): the only non-2xx reply besides 413 whose envelope is read, so the tile can say
  // what to do. Any other 400 (a proxy's, say) stays an HTTP error.
  if (status === 400 && envelope?.ret_code === RetCode.DOCUMENT_UPLOAD_MALFORMED) {
    return { error: new ApiError('business', TransportMessage.BAD_RET_CODE, { retCode: envelope.ret_code, retMsg: envelope.ret_msg, response: envelope, status, statusText }) };
  }
  if (!isAcceptedStatus(status)) return { error: new ApiError('http', TransportMessage.HTTP, { status, statusText }) };
  if (!envelope) return { error: new ApiError('no-response', TransportMessage.NO_RESPONSE, { status, statusText }) };
  if (envelope.ret_code === RetCode.OK) return { result: envelope.result as DocumentSummary };
  const details = { retCode: envelope.ret_code, retMsg: envelope.ret_msg, response: envelope, status, statusText };
  if (NO_PERMISSION_CODES.includes(envelope.ret_code)) return { error: new ApiError('no-permission', TransportMessage.NO_PERMISSION, details) };
  return { error: new ApiError('business', TransportMessage.BAD_RET_CODE, details) };
}

/**
 * POST upload-document (multipart: kind, level, file). The request layer speaks JSON only, so this
 * one call uses XMLHttpRequest for its upload progress; it sends the same context headers (platform,
 * language, SDK, mini-program) with the cookies, and failures go through the same §8 handler
 * (monitoring, cache rules) without a toast: the upload tile shows the error itself. No 30 s
 * timeout: a 10 MB photo on a slow phone connection may take longer, and progress shows it is alive.
 */
export function uploadDocument({ kind, level, file, fileName, onProgress, signal, warnings = [] }: UploadDocumentInput): Promise<DocumentSummary> {
  const startedAt = Date.now();
  const fail = (error: unknown) => {
    handleRequestError(error, { method: 'post', path: ApiPath.uploadDocument, durationMs: Date.now() - startedAt, silent: true });
    return error;
  };
  return new Promise<DocumentSummary>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason ?? new DOMException('Aborted', 'AbortError'));
      return;
    }
    const form = new FormData();
    // Text fields before the file: the server reads the parts in order.
    form.append('kind', kind);
    form.append('level', String(level));
    if (warnings.length > 0) form.append('warnings', warnings.join(','));
    form.append(DOCUMENT_FILE_FIELD, file, fileName ?? (file instanceof File ? file.name : 'photo.jpg'));

    const xhr = new XMLHttpRequest();
    xhr.open('POST', buildUrl(ApiPath.uploadDocument, 'post'));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    // No Content-Type: the browser writes multipart/form-data with its boundary.
    for (const [name, value] of Object.entries(contextHeaders())) xhr.setRequestHeader(name, value);
    // Chromium delivers upload progress on its own channel: a last progress event can arrive after
    // the reply. Once the request has ended it means nothing, and it must not make the tile look as if
    // it were uploading again (the flow would then wait for an upload that is over).
    let ended = false;
    xhr.upload.onprogress = (event) => {
      if (!ended && event.lengthComputable && event.total > 0) onProgress?.(Math.min(100, (event.loaded / event.total) * 100));
    };
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => {
      ended = true;
      signal?.removeEventListener('abort', onAbort);
    };
    xhr.onload = () => {
      done();
      const outcome = uploadOutcome(xhr.status, xhr.statusText, xhr.responseText);
      if ('result' in outcome) {
        // Like every successful write of the request layer: cached reads are no longer trusted.
        clearResponseCache();
        onProgress?.(100);
        resolve(outcome.result);
      } else {
        reject(fail(outcome.error));
      }
    };
    xhr.onerror = () => {
      done();
      reject(fail(new ApiError('network', TransportMessage.NETWORK)));
    };
    xhr.onabort = () => {
      done();
      reject(signal?.reason ?? new DOMException('Aborted', 'AbortError'));
    };
    xhr.send(form);
  });
}

/** Puts a new upload into the level's drafts (it replaces the earlier draft of its kind, as on the server). */
export function storeUploadedDraft(client: QueryClient, level: VerifiableLevel, doc: DocumentSummary): void {
  client.setQueryData<DocumentDraftsResult>(kycKeys.drafts(level), (old) => ({
    documents: [...(old?.documents ?? []).filter((d) => d.kind !== doc.kind), doc],
  }));
}
