import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { KEY_BYTES, type Keyring } from './keyring.ts';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** Encrypted content and what is needed to decrypt it (never the data key in the clear). */
export interface Sealed {
  ciphertext: Buffer;
  /** base64 */
  iv: string;
  /** base64 GCM authentication tag */
  authTag: string;
  /** base64 data key wrapped by the master key `keyId` */
  wrappedKey: string;
  keyId: string;
}

/** Decryption failed: the record was altered, swapped, or its key is wrong or missing. */
export class IntegrityError extends Error {
  readonly context: string;
  constructor(context: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'IntegrityError';
    this.context = context;
  }
}

/**
 * Envelope encryption: AES-256-GCM under a fresh random data key per record, the data key wrapped by
 * the keyring's active master key. `context` (e.g. `kyc_document:<id>`) is authenticated with both,
 * so a ciphertext or wrapped key copied onto another record does not decrypt.
 */
export function sealBytes(keyring: Keyring, plaintext: Buffer, context: string): Sealed {
  const dataKey = randomBytes(KEY_BYTES);
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', dataKey, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const authTag = cipher.getAuthTag();
  const { wrappedKey, keyId } = keyring.wrap(dataKey, context);
  dataKey.fill(0);
  return { ciphertext, iv: iv.toString('base64'), authTag: authTag.toString('base64'), wrappedKey, keyId };
}

/** Decrypts a sealed record; throws IntegrityError rather than ever returning unauthenticated bytes. */
export function openSealed(keyring: Keyring, sealed: Sealed, context: string): Buffer {
  let dataKey: Buffer;
  try {
    dataKey = keyring.unwrap(sealed.wrappedKey, sealed.keyId, context);
  } catch (err) {
    throw new IntegrityError(context, `data key of ${context} cannot be unwrapped (${(err as Error).message})`, { cause: err });
  }
  try {
    const iv = Buffer.from(sealed.iv, 'base64');
    const tag = Buffer.from(sealed.authTag, 'base64');
    if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new Error('malformed iv or tag');
    const decipher = createDecipheriv('aes-256-gcm', dataKey, iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    // GCM releases nothing trustworthy before final() succeeds: only the whole buffer is returned.
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]);
  } catch (err) {
    throw new IntegrityError(context, `content of ${context} failed authentication`, { cause: err });
  } finally {
    dataKey.fill(0);
  }
}

/**
 * Re-wraps a record's data key under the keyring's active master key (key rotation). The content
 * ciphertext is untouched; returns null when the key is already wrapped by the active key.
 */
export function rewrapSealed(keyring: Keyring, sealed: Pick<Sealed, 'wrappedKey' | 'keyId'>, context: string): { wrappedKey: string; keyId: string } | null {
  if (sealed.keyId === keyring.activeKeyId) return null;
  let dataKey: Buffer;
  try {
    dataKey = keyring.unwrap(sealed.wrappedKey, sealed.keyId, context);
  } catch (err) {
    throw new IntegrityError(context, `data key of ${context} cannot be unwrapped (${(err as Error).message})`, { cause: err });
  }
  try {
    return keyring.wrap(dataKey, context);
  } finally {
    dataKey.fill(0);
  }
}
