import { z } from '../zod.ts';
import { isCountryEnabled } from '../countries.ts';
import { DocumentKind, DocumentType } from '../kyc.ts';
import { DOCUMENT_REQUIREMENTS, SELECTABLE_DOCUMENT_TYPES, type DocumentRequirement, type SelectableDocumentType } from '../document-requirements.ts';

/**
 * What the in-house provider (PROVIDER_DEFAULT) accepts as evidence: identity document types per
 * issuing country (level 1) and proof-of-address types (level 2), with the images each needs.
 */

export {
  DOCUMENT_REQUIREMENTS,
  PROOF_OF_ADDRESS_KINDS,
  ProofOfAddressType,
  SELECTABLE_DOCUMENT_TYPES,
  type DocumentRequirement,
  type SelectableDocumentType,
} from '../document-requirements.ts';

/** One accepted identity document type and what it takes (the reply's schema of DocumentRequirement). */
export const documentRequirement = z.object({
  type: z.enum(SELECTABLE_DOCUMENT_TYPES),
  /** The images to upload for this type, in capture order. */
  kinds: z.array(z.enum(DocumentKind)),
  /** A document number must be typed in (bank verification number: 11 digits). */
  needsNumber: z.boolean(),
}) satisfies z.ZodType<DocumentRequirement>;

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

/** Level 2: a bank statement or utility bill at most this many months old (schema-free home: review-time.ts). */
export { PROOF_OF_ADDRESS_MAX_AGE_MONTHS } from '../review-time.ts';
