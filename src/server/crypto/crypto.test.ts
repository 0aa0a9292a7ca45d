import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { IntegrityError, openSealed, rewrapSealed, sealBytes } from './envelope-encryption.ts';
import { createKeyring, keyIdOf, loadKeyring, masterKeyFile } from './keyring.ts';

let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'ua-keys-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

describe('master key', () => {
  it('is generated on first start into DATA_DIR/keys/master.key (0600 in a 0700 directory) and reused', () => {
    const first = loadKeyring({ dataDir });
    const file = masterKeyFile(dataDir);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(file)).mode & 0o777).toBe(0o700);
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    expect(key).toHaveLength(32);
    expect(first.activeKeyId).toBe(keyIdOf(key));

    const second = loadKeyring({ dataDir });
    expect(second.activeKeyId).toBe(first.activeKeyId);
    // What one instance sealed, the next start opens.
    const sealed = sealBytes(first, Buffer.from('identity document'), 'kyc_document:1');
    expect(openSealed(second, sealed, 'kyc_document:1').toString()).toBe('identity document');
  });

  it('uses DATA_ENCRYPTION_KEY when configured, writing no file', () => {
    const key = randomBytes(32);
    const ring = loadKeyring({ dataDir, dataEncryptionKey: key.toString('base64') });
    expect(ring.activeKeyId).toBe(keyIdOf(key));
    expect(existsSync(masterKeyFile(dataDir))).toBe(false);
  });

  it('refuses a damaged key file rather than silently making a new key', () => {
    loadKeyring({ dataDir });
    writeFileSync(masterKeyFile(dataDir), 'c2hvcnQ=\n');
    expect(() => loadKeyring({ dataDir })).toThrow(/32 random bytes/);
  });

  it('is validated by the configuration (32 bytes of base64)', () => {
    expect(loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(32).toString('base64') }).dataEncryptionKey).toBeDefined();
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: randomBytes(16).toString('base64') })).toThrow(/DATA_ENCRYPTION_KEY/);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEY: 'not base64 at all!' })).toThrow(/DATA_ENCRYPTION_KEY/);
    const previous = [randomBytes(32).toString('base64'), randomBytes(32).toString('base64')];
    expect(loadConfig({ DATA_ENCRYPTION_KEYS_PREVIOUS: previous.join(', ') }).previousEncryptionKeys).toEqual(previous);
    expect(() => loadConfig({ DATA_ENCRYPTION_KEYS_PREVIOUS: 'abc' })).toThrow(/DATA_ENCRYPTION_KEYS_PREVIOUS/);
  });

  it('ids keys by fingerprint, never by content', () => {
    const key = randomBytes(32);
    expect(keyIdOf(key)).toMatch(/^mk-[0-9a-f]{16}$/);
    expect(keyIdOf(key)).toBe(keyIdOf(Buffer.from(key)));
    expect(keyIdOf(randomBytes(32))).not.toBe(keyIdOf(key));
    expect(keyIdOf(key)).not.toContain(key.toString('hex').slice(0, 8));
  });
});

describe('envelope encryption', () => {
  const ring = createKeyring(randomBytes(32));
  const plaintext = randomBytes(5000);

  it('uses a fresh data key and IV for every record', () => {
    const a = sealBytes(ring, plaintext, 'ctx');
    const b = sealBytes(ring, plaintext, 'ctx');
    expect(a.ciphertext.equals(b.ciphertext)).toBe(false);
    expect(a.wrappedKey).not.toBe(b.wrappedKey);
    expect(a.iv).not.toBe(b.iv);
    expect(a.ciphertext.includes(plaintext.subarray(0, 16))).toBe(false);
    expect(openSealed(ring, a, 'ctx').equals(plaintext)).toBe(true);
  });

  it('fails on any alteration, another context, or another key', () => {
    const sealed = sealBytes(ring, plaintext, 'kyc_document:a');
    expect(() => openSealed(ring, sealed, 'kyc_document:b')).toThrow(IntegrityError);
    const ct = Buffer.from(sealed.ciphertext);
    ct[10]! ^= 1;
    expect(() => openSealed(ring, { ...sealed, ciphertext: ct }, 'kyc_document:a')).toThrow(IntegrityError);
    expect(() => openSealed(ring, { ...sealed, ciphertext: sealed.ciphertext.subarray(0, 100) }, 'kyc_document:a')).toThrow(IntegrityError);
    expect(() => openSealed(ring, { ...sealed, authTag: Buffer.alloc(16).toString('base64') }, 'kyc_document:a')).toThrow(IntegrityError);
    expect(() => openSealed(ring, { ...sealed, authTag: '' }, 'kyc_document:a')).toThrow(IntegrityError);
    expect(() => openSealed(createKeyring(randomBytes(32)), sealed, 'kyc_document:a')).toThrow(IntegrityError);
  });

  it('re-wraps under a new active key while the old one is a previous key', () => {
    const oldKey = randomBytes(32);
    const newKey = randomBytes(32);
    const sealed = sealBytes(createKeyring(oldKey), plaintext, 'c');
    const rotating = createKeyring(newKey, [oldKey]);
    expect(rotating.keyIds).toEqual([keyIdOf(newKey), keyIdOf(oldKey)]);
    const next = rewrapSealed(rotating, sealed, 'c')!;
    expect(next.keyId).toBe(keyIdOf(newKey));
    expect(openSealed(createKeyring(newKey), { ...sealed, ...next }, 'c').equals(plaintext)).toBe(true);
    expect(rewrapSealed(rotating, { ...sealed, ...next }, 'c')).toBeNull();
    expect(() => rewrapSealed(createKeyring(newKey), sealed, 'c')).toThrow(IntegrityError);
  });
});
