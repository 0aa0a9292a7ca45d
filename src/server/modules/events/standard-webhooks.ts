import { createHmac, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';

/**
 * Standard Webhooks (standardwebhooks.com) signing, decision 050. A secret is `whsec_` + base64 of
 * random bytes; the key is those bytes. `webhook-signature` is `v1,` + base64 HMAC-SHA256 over
 * `<webhook-id>.<webhook-timestamp>.<body>`, one per live secret separated by spaces (a rotation's
 * overlap: a receiver that knows either secret accepts). The tests verify with the specification's
 * own npm package (`standardwebhooks`); signing here uses node:crypto (no pure-JS hash on the relay's path).
 */
export const SECRET_PREFIX = 'whsec_';

export function newWebhookSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

/**
 * A secret's signing key, made once for many signatures: an HMAC given the key's bytes makes a key
 * object of them every time, which cost the relay about 10 µs of its 12 µs a signature.
 */
export function signingKey(secret: string): KeyObject {
  return createSecretKey(Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64'));
}

export function signatureOf(key: KeyObject, id: string, timestampSeconds: number, body: string): string {
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/** The three headers of one delivery attempt, signed with every live secret's `signingKey` (newest first). */
export function webhookHeaders(keys: readonly KeyObject[], id: string, timestampSeconds: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestampSeconds),
    'webhook-signature': keys.map((k) => signatureOf(k, id, timestampSeconds, body)).join(' '),
  };
}
