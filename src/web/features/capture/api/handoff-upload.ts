import { DOCUMENT_FILE_FIELD, type DocumentSummary } from '../../../../shared/api/documents.ts';
import { CapturePath } from '../../../../shared/api/capture-paths.ts';
import { QUALITY_WARNINGS_FIELD, type QualityIssue } from '../../../../shared/capture-rules.ts';
import type { DocumentKind } from '../../../../shared/kyc.ts';
import { RetCode } from '../../../../shared/ret-codes.ts';
import { ApiError, buildUrl, clearResponseCache, TransportMessage } from '../../../lib/http/index.ts';
import { contextHeaders } from '../../../lib/http/context.ts';

/**
 * POST handoff/upload-document (multipart: kind, warnings, file) from the phone. The request layer
 * speaks JSON only; this one call sends FormData with the same context headers. The handoff cookie
 * (HttpOnly, path-scoped) goes along by itself; no login is involved.
 */
export async function uploadThroughHandoff(kind: DocumentKind, file: Blob, warnings: readonly QualityIssue[], signal?: AbortSignal): Promise<DocumentSummary> {
  const form = new FormData();
  // Text fields before the file: the server reads the parts in order.
  form.append('kind', kind);
  if (warnings.length > 0) form.append(QUALITY_WARNINGS_FIELD, warnings.join(','));
  form.append(DOCUMENT_FILE_FIELD, file, file instanceof File ? file.name : 'photo.jpg');
  let response: Response;
  try {
    response = await fetch(buildUrl(CapturePath.handoffUpload, 'post'), { method: 'POST', body: form, credentials: 'same-origin', headers: { Accept: 'application/json', ...contextHeaders() }, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError('network', TransportMessage.NETWORK);
  }
  let body: { ret_code?: number; ret_msg?: string; result?: unknown } | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  const details = { status: response.status, statusText: response.statusText };
  if (typeof body?.ret_code !== 'number') {
    if (response.status === 413) throw new ApiError('business', TransportMessage.BAD_RET_CODE, { ...details, retCode: RetCode.DOCUMENT_FILE_TOO_LARGE, retMsg: 'file too large' });
    throw new ApiError(response.ok ? 'no-response' : 'http', response.ok ? TransportMessage.NO_RESPONSE : TransportMessage.HTTP, details);
  }
  if (body.ret_code === RetCode.OK) {
    clearResponseCache();
    return body.result as DocumentSummary;
  }
  throw new ApiError('business', TransportMessage.BAD_RET_CODE, { ...details, retCode: body.ret_code, retMsg: body.ret_msg ?? '', response: { ret_code: body.ret_code, ret_msg: body.ret_msg ?? '', result: body.result } as never });
}
