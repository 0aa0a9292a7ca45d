import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentDraftsResult } from '../../../../shared/api/documents.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import type { VerifiableLevel } from '../../../../shared/kyc.ts';
import { useApiImageSrc } from '../../../lib/http/binary.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** GET document-drafts?level=: what the user uploaded but has not submitted yet (shown again on return). */
export const getDocumentDrafts = (level: VerifiableLevel, signal?: AbortSignal) => http.get<DocumentDraftsResult>(ApiPath.documentDrafts, { level }, { silent: true, signal });

export const documentDraftsQuery = (level: VerifiableLevel) => queryOptions({ queryKey: kycKeys.drafts(level), queryFn: ({ signal }) => getDocumentDrafts(level, signal) });

export const useDocumentDrafts = (level: VerifiableLevel) => useQuery(documentDraftsQuery(level));

/**
 * The `<img src>` of one of the user's own uploads (the owner's read route: no-store, attachment):
 * the plain address on the web (the cookie goes along); in SDK mode the image read with the SDK
 * headers, as an object URL (an <img> cannot send them). `undefined` while it loads.
 */
export const useDocumentImageSrc = (id: string | undefined) => useApiImageSrc(id ? `${ApiPath.document}/${encodeURIComponent(id)}` : undefined);
