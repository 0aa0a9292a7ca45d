import { z } from 'zod';
// Imported first for zod's jitless setting (no `new Function` under our CSP), like every schema module.
import '../validation.ts';
import { isCountryEnabled } from '../countries.ts';
import { DocumentKind, DocumentType } from '../kyc.ts';

/**
 * What the in-house provider (PROVIDER_DEFAULT) accepts as evidence: identity document types per
 * issuing country (level 1) and proof-of-address types (level 2), with the images each needs.
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

/** One accepted identity document type and what it takes. */
export const documentRequirement = z.object({
  type: z.enum(SELECTABLE_DOCUMENT_TYPES),
  /** The images to upload for this type, in capture order. */
  kinds: z.array(z.enum(DocumentKind)),
  /** A document number must be typed in (bank verification number: 11 digits). */
  needsNumber: z.boolean(),
});
export type DocumentRequirement = z.output<typeof documentRequirement>;

/** What each document type needs: two-sided cards front+back, a passport's photo page, always a selfie. */
export const DOCUMENT_REQUIREMENTS: Record<SelectableDocumentType, DocumentRequirement> = {
  ID_CARD: { type: DocumentType.ID_CARD, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  PASSPORT: { type: DocumentType.PASSPORT, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.SELFIE], needsNumber: false },
  DRIVERS_LICENSE: { type: DocumentType.DRIVERS_LICENSE, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  RESIDENCE_PERMIT: { type: DocumentType.RESIDENCE_PERMIT, kinds: [DocumentKind.DOCUMENT_FRONT, DocumentKind.DOCUMENT_BACK, DocumentKind.SELFIE], needsNumber: false },
  BANK_VERIFICATION_NUMBER: { type: DocumentType.BANK_VERIFICATION_NUMBER, kinds: [DocumentKind.SELFIE], needsNumber: true },
};

/** Countries that issue no national identity card (a passport or driving licence is used instead). */
const NO_NATIONAL_ID_CARD = new Set(['AU', 'GB', 'NZ']);
/** §3 "bank verification number": Nigeria's BVN, the identity number of its banking system. */
const BVN_COUNTRIES = new Set(['NG']);

/** Document types accepted from an issuing country (none for an unknown or disabled country). */
export function supportedDocumentTypes(country: string): DocumentRequirement[] {
  if (!isCountryEnabled(country)) return [];
  const types: SelectableDocumentType[] = [DocumentType.ID_CARD, DocumentType.PASSPORT, DocumentType.DRIVERS_LICENSE, DocumentType.RESIDENCE_PERMIT];
  if (BVN_COUNTRIES.has(country)) types.push(DocumentType.BANK_VERIFICATION_NUMBER);
  return types.filter((t) => !(t === DocumentType.ID_CARD && NO_NATIONAL_ID_CARD.has(country))).map((t) => DOCUMENT_REQUIREMENTS[t]);
}

/** Level 2 proof of address: what the user uploads. */
export const ProofOfAddressType = { BANK_STATEMENT: 'BANK_STATEMENT', UTILITY_BILL: 'UTILITY_BILL' } as const;
export type ProofOfAddressType = (typeof ProofOfAddressType)[keyof typeof ProofOfAddressType];
export const PROOF_OF_ADDRESS_KINDS: DocumentKind[] = [DocumentKind.PROOF_OF_ADDRESS];
/** Level 2: a bank statement or utility bill at most this many months old (schema-free home: review-time.ts). */
export { PROOF_OF_ADDRESS_MAX_AGE_MONTHS } from '../review-time.ts';
