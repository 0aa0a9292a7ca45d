import { ApiPath } from '../../../../shared/api/paths.ts';
import type { EvidenceView } from '../../../../shared/api/questionnaires.ts';
import { DOCUMENT_FILE_FIELD } from '../../../../shared/api/documents.ts';
import { http } from '../../../lib/http/index.ts';
import { postMultipart } from '../../../lib/http/multipart.ts';

/**
 * POST upload-questionnaire-evidence (multipart: request_id, question_id, file), through the request
 * layer's multipart post (same headers, cookies and §8 handling, no toast: the file list shows the
 * error).
 */
export async function uploadEvidence(input: { requestId: string; questionId: string; file: Blob; fileName?: string }): Promise<EvidenceView> {
  const form = new FormData();
  // Text fields before the file: the server reads the parts in order.
  form.append('request_id', input.requestId);
  form.append('question_id', input.questionId);
  form.append(DOCUMENT_FILE_FIELD, input.file, input.fileName ?? (input.file instanceof File ? input.file.name : 'evidence.jpg'));
  return postMultipart<EvidenceView>(ApiPath.uploadQuestionnaireEvidence, form);
}

/** POST delete-questionnaire-evidence: removes a file from the draft (and from its answer). */
export const deleteEvidence = (requestId: string, id: string) => http.post<Record<string, never>>(ApiPath.deleteQuestionnaireEvidence, { request_id: requestId, id }, { silent: true });
