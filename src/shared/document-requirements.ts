import { DocumentKind, DocumentType } from './kyc.ts';

/**
 * What each identity document type takes, and the proof-of-address kinds: plain data, free of
 * schemas, so the KYC overview the personal page paints first need not load zod (issue 15);
 * api/document-types.ts holds their schema and re-exports them.
 */

/** Identity document types a user can choose (§3 minus UNDEFINED, which is "not chosen yet"). */
export const SELECTABLE_DOCUMENT_TYPES = [
  DocumentType.ID_CARD,
  DocumentType.PASSPORT,
  DocumentType.DRIVERS_LICENSE,
  DocumentType.RESIDENCE_PERMIT,
  DocumentType.BANK_VERIFICATION_NUMBER,
] as const;
export type SelectableDocumentType = (typeof SELECTABLE_DOCUMENT_TYPES)[number];

/** One accepted identity document type and what it takes (api/document-types.ts: its schema). */
export interface DocumentRequirement {
  type: SelectableDocumentType;
  /** The images to upload for this type, in capture order. */
  kinds: DocumentKind[];
  /** A document number must be typed in (bank verification number: 11 digits). */
  needsNumber: boolean;
}

/** What each document type needs: two-sided cards front+back, a passport's photo page, always a selfie. */
export const DOCUMENT_REQUIREMENTS: Record<SelectableDocumentType, DocumentRequirement> = {
  ID_CARD: { type: DocumentType.ID_CARD, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  PASSPORT: { type: DocumentType.PASSPORT, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE], needsNumber: false },
  DRIVERS_LICENSE: { type: DocumentType.DRIVERS_LICENSE, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  RESIDENCE_PERMIT: { type: DocumentType.RESIDENCE_PERMIT, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  BANK_VERIFICATION_NUMBER: { type: DocumentType.BANK_VERIFICATION_NUMBER, kinds: [DocumentKind.SELFIE], needsNumber: true },
};

/** Level 2 proof of address: what the user uploads. */
export const ProofOfAddressType = { BANK_STATEMENT: 'BANK_STATEMENT', UTILITY_BILL: 'UTILITY_BILL' } as const;
export type ProofOfAddressType = (typeof ProofOfAddressType)[keyof typeof ProofOfAddressType];
export const PROOF_OF_ADDRESS_KINDS: DocumentKind[] = [DocumentKind.PROOF_OF_ADDRESS];
