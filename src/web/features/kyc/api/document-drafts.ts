import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentDraftsResult } from '../../../../shared/api/documents.ts';
import { API_PREFIX, ApiPath } from '../../../../shared/api/paths.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** GET document-drafts?level=: what the user uploaded but has not submitted yet (shown again on return). */
export const getDocumentDrafts = (level: VerifiableLevel, signal?: AbortSignal) => http.get<DocumentDraftsResult>(ApiPath.documentDrafts, { level }, { silent: true, signal });

export const documentDraftsQuery = (level: VerifiableLevel) => queryOptions({ queryKey: kycKeys.drafts(level), queryFn: ({ signal }) => getDocumentDrafts(level, signal) });

export const useDocumentDrafts = (level: VerifiableLevel) => useQuery(documentDraftsQuery(level));

/** The owner's read address of a document (no-store, attachment; an <img> may still show it). */
export const documentUrl = (id: string) => `${API_PREFIX}${ApiPath.document}/${encodeURIComponent(id)}`;
