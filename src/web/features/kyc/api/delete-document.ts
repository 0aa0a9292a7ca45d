import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentDraftsResult } from '../../../../shared/api/documents.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** POST delete-document: removes one of the user's unsubmitted uploads. */
export const deleteDocument = (id: string) => http.post<Record<string, never>>(ApiPath.deleteDocument, { id }, { silent: true });

/** Deletes a draft and drops it from the level's drafts. */
export function useDeleteDocument(level: VerifiableLevel) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteDocument,
    onSuccess: (_result, id) => {
      client.setQueryData<DocumentDraftsResult>(kycKeys.drafts(level), (old) => (old ? { documents: old.documents.filter((d) => d.id !== id) } : old));
    },
  });
}
