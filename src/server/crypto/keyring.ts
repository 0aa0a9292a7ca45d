import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** AES-256 keys: 32 bytes. */
export const KEY_BYTES = 32;
const GCM_IV_BYTES = 12;
const GCM_TAG_BYTES = 16;

/** Where the generated master key lives when DATA_ENCRYPTION_KEY is not set. */
export const masterKeyFile = (dataDir: string) => path.join(dataDir, 'keys', 'master.key');

/**
 * The master keys that wrap per-record data keys (envelope encryption). One key is active (wraps new
 * data keys); older keys stay readable until every data key they wrapped has been re-wrapped
 * (docs/decisions/006-document-storage.md, "Rotation").
 */
export interface Keyring {
  /** The id stored next to every data key this keyring wraps now. */
  readonly activeKeyId: string;
  /** Every key id this keyring can unwrap. */
  readonly keyIds: readonly string[];
  /** Wraps a data key with the active master key; `context` is bound to it (AES-GCM associated data). */
  wrap(dataKey: Buffer, context: string): { wrappedKey: string; keyId: string };
  /** Unwraps a data key; throws when the key id is unknown, the context differs, or anything was altered. */
  unwrap(wrappedKey: string, keyId: string, context: string): Buffer;
}

/** Thrown when stored key material cannot be used: never answered with content. */
export class KeyUnavailableError extends Error {
  readonly keyId: string;
  constructor(keyId: string, message: string) {
    super(message);
    this.name = 'KeyUnavailableError';
    this.keyId = keyId;
  }
}

/**
 * A master key's id: a fingerprint (HMAC of a fixed label under the key), so the id names the key
 * without revealing anything about it and the same key always gets the same id on every server.
 */
export function keyIdOf(masterKey: Buffer): string {
  return `mk-${createHmac('sha256', masterKey).update('user-accounts master key id v1').digest('hex').slice(0, 16)}`;
}

/** Decodes a configured base64 key, refusing anything that is not exactly 32 bytes. */
export function decodeMasterKey(base64: string, source: string): Buffer {
  const trimmed = base64.trim();
  const key = Buffer.from(trimmed, 'base64');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(trimmed) || key.length !== KEY_BYTES) {
    throw new Error(`${source} must be ${KEY_BYTES} random bytes in base64 (e.g. \`openssl rand -base64 32\`)`);
  }
  return key;
}

/**
 * Reads the master key file, creating it on first start: 32 random bytes, base64, mode 0600 in a 0700
 * directory. Creation is atomic (write a temporary file, then hard-link it into place), so two
 * processes starting together end up with the same key instead of one overwriting the other's.
 */
export function loadOrCreateMasterKeyFile(dataDir: string): Buffer {
  const file = masterKeyFile(dataDir);
  try {
    return decodeMasterKey(readFileSync(file, 'utf8'), file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  const temp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temp, `${randomBytes(KEY_BYTES).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temp, file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    // Another process created it first: use theirs.
  } finally {
    unlinkSync(temp);
  }
  return decodeMasterKey(readFileSync(file, 'utf8'), file);
}

export interface KeyringSource {
  /** Base64 active master key (DATA_ENCRYPTION_KEY); when absent, the key file in dataDir is used. */
  dataEncryptionKey?: string | undefined;
  /** Base64 keys that may still have wrapped stored data keys (rotation); used only to unwrap. */
  previousEncryptionKeys?: readonly string[];
  dataDir: string;
}

/** Builds the keyring from configuration (or the generated key file). */
export function loadKeyring(source: KeyringSource): Keyring {
  const active = source.dataEncryptionKey
    ? decodeMasterKey(source.dataEncryptionKey, 'DATA_ENCRYPTION_KEY')
    : loadOrCreateMasterKeyFile(source.dataDir);
  const previous = (source.previousEncryptionKeys ?? []).map((k) => decodeMasterKey(k, 'DATA_ENCRYPTION_KEYS_PREVIOUS'));
  return createKeyring(active, previous);
}

/** A keyring over raw keys: `active` wraps, all of them unwrap. */
export function createKeyring(active: Buffer, previous: readonly Buffer[] = []): Keyring {
  const keys = new Map<string, Buffer>();
  for (const key of [active, ...previous]) {
    if (key.length !== KEY_BYTES) throw new Error(`master keys must be ${KEY_BYTES} bytes`);
    keys.set(keyIdOf(key), key);
  }
  const activeKeyId = keyIdOf(active);
  return {
    activeKeyId,
    keyIds: [...keys.keys()],
    wrap(dataKey, context) {
      const iv = randomBytes(GCM_IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', active, iv, { authTagLength: GCM_TAG_BYTES });
      cipher.setAAD(Buffer.from(`wrap:${activeKeyId}:${context}`, 'utf8'));
      const sealed = Buffer.concat([cipher.update(dataKey), cipher.final()]);
      // Stored as base64(iv || wrapped key || tag): one self-contained text value.
      return { wrappedKey: Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64'), keyId: activeKeyId };
    },
    unwrap(wrappedKey, keyId, context) {
      const key = keys.get(keyId);
      if (!key) throw new KeyUnavailableError(keyId, `master key ${keyId} is not configured`);
      const raw = Buffer.from(wrappedKey, 'base64');
      if (raw.length !== GCM_IV_BYTES + KEY_BYTES + GCM_TAG_BYTES) throw new KeyUnavailableError(keyId, 'wrapped key has the wrong length');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, GCM_IV_BYTES), { authTagLength: GCM_TAG_BYTES });
      decipher.setAAD(Buffer.from(`wrap:${keyId}:${context}`, 'utf8'));
      decipher.setAuthTag(raw.subarray(GCM_IV_BYTES + KEY_BYTES));
      try {
        return Buffer.concat([decipher.update(raw.subarray(GCM_IV_BYTES, GCM_IV_BYTES + KEY_BYTES)), decipher.final()]);
      } catch {
        throw new KeyUnavailableError(keyId, 'wrapped key failed authentication');
      }
    },
  };
}
