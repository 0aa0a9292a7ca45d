import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportedDocumentTypesResult } from '../../../../shared/api/verification.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/** §7 POST supported-document-type: the document types an issuing country offers and the images each needs. */
export const getSupportedDocumentTypes = (country: string, signal?: AbortSignal) =>
  http.post<SupportedDocumentTypesResult>(ApiPath.supportedDocumentType, { country }, { silent: true, signal });

export const supportedDocumentTypesQuery = (country: string) =>
  queryOptions({ queryKey: kycKeys.documentTypes(country), queryFn: ({ signal }) => getSupportedDocumentTypes(country, signal), staleTime: 5 * 60_000 });

/** Enabled once a country is chosen. */
export const useSupportedDocumentTypes = (country: string | null) => useQuery({ ...supportedDocumentTypesQuery(country ?? ''), enabled: Boolean(country) });
