import { DocumentKind, DocumentType } from '../../../shared/kyc.ts';

/**
 * The translation key naming a picture kind for a document type (a passport's front is its photo
 * page). Shared by the level 1 flow and the phone's handoff page (decision 058), which is a feature
 * of its own and may not import the KYC feature.
 */
export function kindLabelKey(kind: DocumentKind, type: string | null | undefined): string {
  if (kind === DocumentKind.DOCUMENT_FRONT && type === DocumentType.PASSPORT) return 'kyc.kind.PHOTO_PAGE';
  return `kyc.kind.${kind}`;
}
