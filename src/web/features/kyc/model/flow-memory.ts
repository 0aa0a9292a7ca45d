import { ProofOfAddressType, type SelectableDocumentType } from '../../../../shared/api/document-types.ts';
import { DocumentType } from '../../../../shared/kyc.ts';
import { localStore } from '../../../lib/browser-storage.ts';

/**
 * The level 1 choices (issuing country, document type) are not stored with the drafts on the server,
 * so a user who comes back finds their uploads but not what they were of. We remember the two codes
 * (nothing personal) per user in local storage; anything unreadable is ignored.
 */
export interface Level1Choice {
  country: string | null;
  documentType: SelectableDocumentType | null;
}

const KEY = (userId: string) => `ua:kyc-flow:${userId}:1`;
const TYPES: ReadonlySet<string> = new Set(Object.values(DocumentType).filter((t) => t !== DocumentType.UNDEFINED));

export function readLevel1Choice(userId: string | undefined, storage: Storage | undefined = localStore()): Level1Choice {
  const empty: Level1Choice = { country: null, documentType: null };
  if (!userId || !storage) return empty;
  try {
    const v: unknown = JSON.parse(storage.getItem(KEY(userId)) ?? 'null');
    if (!v || typeof v !== 'object') return empty;
    const { country, documentType } = v as Record<string, unknown>;
    return {
      country: typeof country === 'string' && /^[A-Z]{2}$/.test(country) ? country : null,
      documentType: typeof documentType === 'string' && TYPES.has(documentType) ? (documentType as SelectableDocumentType) : null,
    };
  } catch {
    return empty;
  }
}

export function writeLevel1Choice(userId: string | undefined, choice: Level1Choice, storage: Storage | undefined = localStore()): void {
  if (!userId || !storage) return;
  try {
    storage.setItem(KEY(userId), JSON.stringify(choice));
  } catch {
    // A full or blocked storage only means the choice is asked again next time.
  }
}

export function forgetLevel1Choice(userId: string | undefined, storage: Storage | undefined = localStore()): void {
  if (!userId || !storage) return;
  try {
    storage.removeItem(KEY(userId));
  } catch {
    // Nothing to do.
  }
}

/**
 * Level 2's choices (the proof's type and issue date) are kept the same way, so a reload on the upload
 * or review step does not send the user back to re-enter them. Two short values, no address.
 */
export interface Level2Choice {
  proofOfAddressType: ProofOfAddressType | null;
  issuedOn: string;
}

const KEY2 = (userId: string) => `ua:kyc-flow:${userId}:2`;
const POA_TYPES: ReadonlySet<string> = new Set(Object.values(ProofOfAddressType));

export function readLevel2Choice(userId: string | undefined, storage: Storage | undefined = localStore()): Level2Choice {
  const empty: Level2Choice = { proofOfAddressType: null, issuedOn: '' };
  if (!userId || !storage) return empty;
  try {
    const v: unknown = JSON.parse(storage.getItem(KEY2(userId)) ?? 'null');
    if (!v || typeof v !== 'object') return empty;
    const { proofOfAddressType, issuedOn } = v as Record<string, unknown>;
    return {
      proofOfAddressType: typeof proofOfAddressType === 'string' && POA_TYPES.has(proofOfAddressType) ? (proofOfAddressType as ProofOfAddressType) : null,
      issuedOn: typeof issuedOn === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(issuedOn) ? issuedOn : '',
    };
  } catch {
    return empty;
  }
}

export function writeLevel2Choice(userId: string | undefined, choice: Level2Choice, storage: Storage | undefined = localStore()): void {
  if (!userId || !storage) return;
  try {
    storage.setItem(KEY2(userId), JSON.stringify(choice));
  } catch {
    // As above: only asked again next time.
  }
}

export function forgetLevel2Choice(userId: string | undefined, storage: Storage | undefined = localStore()): void {
  if (!userId || !storage) return;
  try {
    storage.removeItem(KEY2(userId));
  } catch {
    // Nothing to do.
  }
}
