import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** HMAC of `data` as lowercase hex (Sumsub request and webhook signatures, Onfido webhooks). */
export function hmacHex(algorithm: 'sha1' | 'sha256' | 'sha512', key: string, data: Buffer | string): string {
  return createHmac(algorithm, key).update(data).digest('hex');
}

/** Compares two secrets in constant time (for equal lengths; different lengths are simply unequal). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** A delivery's identity when the vendor gives none: the digest of its exact bytes. */
export function bodyDigest(rawBody: Buffer): string {
  return createHash('sha256').update(rawBody).digest('hex');
}

/** The first value of a header (Node gives arrays for repeated headers). */
export function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const v = headers[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}
