import { ApiPath } from '../../../../shared/api/paths.ts';
import type { EvidenceView } from '../../../../shared/api/questionnaires.ts';
import { DOCUMENT_FILE_FIELD } from '../../../../shared/api/documents.ts';
import { NO_PERMISSION_CODES, RetCode } from '../../../../shared/ret-codes.ts';
import { ApiError, buildUrl, clearResponseCache, http, isAcceptedStatus, TransportMessage } from '../../../lib/http/index.ts';
import { contextHeaders } from '../../../lib/http/context.ts';
import { handleRequestError } from '../../../lib/http/error-handler.ts';

/**
 * POST upload-questionnaire-evidence (multipart: request_id, question_id, file). The request layer
 * speaks JSON only, so this call uses fetch with the same context headers and cookies; failures go
 * through the same §8 handler without a toast (the file list shows the error).
 */
export async function uploadEvidence(input: { requestId: string; questionId: string; file: Blob; fileName?: string }): Promise<EvidenceView> {
  const form = new FormData();
  // Text fields before the file: the server reads the parts in order.
  form.append('request_id', input.requestId);
  form.append('question_id', input.questionId);
  form.append(DOCUMENT_FILE_FIELD, input.file, input.fileName ?? (input.file instanceof File ? input.file.name : 'evidence.jpg'));
  const startedAt = Date.now();
  const fail = (error: ApiError) => {
    handleRequestError(error, { method: 'post', path: ApiPath.uploadQuestionnaireEvidence, durationMs: Date.now() - startedAt, silent: true });
    return error;
  };
  let res: Response;
  try {
    res = await fetch(buildUrl(ApiPath.uploadQuestionnaireEvidence, 'post'), { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json', ...contextHeaders() } });
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
  // Over-size (413) and unreadable bodies (400) still carry an envelope with the code to translate.
  if ((res.status === 413 || res.status === 400) && typeof body?.ret_code === 'number') throw fail(new ApiError('business', TransportMessage.BAD_RET_CODE, { ...details, retCode: res.status === 413 ? RetCode.DOCUMENT_FILE_TOO_LARGE : body.ret_code }));
  if (!isAcceptedStatus(res.status)) throw fail(new ApiError('http', TransportMessage.HTTP, { status: res.status, statusText: res.statusText }));
  if (!body || typeof body.ret_code !== 'number') throw fail(new ApiError('no-response', TransportMessage.NO_RESPONSE, { status: res.status, statusText: res.statusText }));
  if (body.ret_code === RetCode.OK) {
    clearResponseCache();
    return body.result as EvidenceView;
  }
  if (NO_PERMISSION_CODES.includes(body.ret_code)) throw fail(new ApiError('no-permission', TransportMessage.NO_PERMISSION, details));
  throw fail(new ApiError('business', TransportMessage.BAD_RET_CODE, details));
}

/** POST delete-questionnaire-evidence: removes a file from the draft (and from its answer). */
export const deleteEvidence = (requestId: string, id: string) => http.post<Record<string, never>>(ApiPath.deleteQuestionnaireEvidence, { request_id: requestId, id }, { silent: true });
