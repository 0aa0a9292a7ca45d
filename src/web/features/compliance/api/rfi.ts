import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnswerRfiRequest, RfiInfoResult, RfiView } from '../../../../shared/api/compliance-tasks.ts';
import { DOCUMENT_FILE_FIELD } from '../../../../shared/api/documents.ts';
import { AccountPagePath } from '../../../../shared/api/account-page-paths.ts';
import { http } from '../../../lib/http/index.ts';
import { postMultipart } from '../../../lib/http/multipart.ts';
import { complianceKeys } from './tasks.ts';

/** GET rfi: the open round (null when nothing is asked) and the earlier ones. Never cached. */
export const useRfi = () =>
  useQuery({
    queryKey: complianceKeys.rfi(),
    queryFn: ({ signal }) => http.get<RfiInfoResult>(AccountPagePath.rfi, undefined, { silent: true, signal }),
  });

/** POST answer-rfi: the answer goes back to the reviewer's case; the page and the tasks are read again. */
export function useAnswerRfi() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AnswerRfiRequest) => http.post<RfiView>(AccountPagePath.answerRfi, { ...body }, { silent: true }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['compliance'] });
    },
  });
}

/**
 * POST upload-rfi-document (multipart: rfi_id, file). The request layer speaks JSON only, so this
 * call goes through the request layer's multipart post (same headers, cookies and §8 handling, no
 * toast: the page shows the error next to the pictures).
 */
export async function uploadRfiDocument(rfiId: string, file: Blob): Promise<{ id: string; byteSize: number; createdAt: string }> {
  const form = new FormData();
  // The text field before the file: the server reads the parts in order.
  form.append('rfi_id', rfiId);
  form.append(DOCUMENT_FILE_FIELD, file, file instanceof File ? file.name : 'document.jpg');
  return postMultipart<{ id: string; byteSize: number; createdAt: string }>(AccountPagePath.uploadRfiDocument, form);
}
