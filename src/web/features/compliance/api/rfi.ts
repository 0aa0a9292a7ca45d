import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerRfiRequest, RfiInfoResult, RfiView } from '../../../../shared/api/compliance-tasks.ts';
import { DOCUMENT_FILE_FIELD } from '../../../../shared/api/documents.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { NO_PERMISSION_CODES, RetCode } from '../../../../shared/ret-codes.ts';
import { ApiError, buildUrl, clearResponseCache, http, isAcceptedStatus, TransportMessage } from '../../../lib/http/index.ts';
import { contextHeaders } from '../../../lib/http/context.ts';
import { handleRequestError } from '../../../lib/http/error-handler.ts';
import { complianceKeys } from './tasks.ts';

/** GET rfi: the open round (null when nothing is asked) and the earlier ones. Never cached. */
export const useRfi = () =>
  useQuery({
    queryKey: complianceKeys.rfi(),
    queryFn: ({ signal }) => http.get<RfiInfoResult>(ApiPath.rfi, undefined, { silent: true, signal }),
  });

/** POST answer-rfi: the answer goes back to the reviewer's case; the page and the tasks are read again. */
export function useAnswerRfi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerRfiRequest) => http.post<RfiView>(ApiPath.answerRfi, { ...body }, { silent: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['compliance'] });
    },
  });
}

/**
 * POST upload-rfi-document (multipart: rfi_id, file). The request layer speaks JSON only, so this
 * call uses fetch with the same context headers and cookies, like the questionnaires' evidence upload
 * (features do not share code; a third multipart caller should move this to lib/http); failures go
 * through the same §8 handler without a toast (the page shows the error next to the pictures).
 */
export async function uploadRfiDocument(rfiId: string, file: Blob): Promise<{ id: string; byteSize: number; createdAt: string }> {
  const form = new FormData();
  // The text field before the file: the server reads the parts in order.
  form.append('rfi_id', rfiId);
  form.append(DOCUMENT_FILE_FIELD, file, file instanceof File ? file.name : 'document.jpg');
  const startedAt = Date.now();
  const fail = (error: ApiError) => {
    handleRequestError(error, { method: 'post', path: ApiPath.uploadRfiDocument, durationMs: Date.now() - startedAt, silent: true });
    return error;
  };
  let res: Response;
  try {
    res = await fetch(buildUrl(ApiPath.uploadRfiDocument, 'post'), { method: 'POST', body: form, credentials: 'include', headers: { Accept: 'application/json', ...contextHeaders() } });
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
    return body.result as { id: string; byteSize: number; createdAt: string };
  }
  if (NO_PERMISSION_CODES.includes(body.ret_code)) throw fail(new ApiError('no-permission', TransportMessage.NO_PERMISSION, details));
  throw fail(new ApiError('business', TransportMessage.BAD_RET_CODE, details));
}
