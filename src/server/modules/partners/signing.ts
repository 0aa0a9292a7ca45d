import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Partner request signing (issue 14, decision 021): `X-Partner-Sig` is the lowercase hex
 * HMAC-SHA256, under the business's API secret, of the timestamp (`X-Partner-Ts`, milliseconds),
 * the upper-case method, the path as sent (with its query string) and the raw body, concatenated
 * without separators: `1767225600000POST/x-api/v1/s1/kyc/integration/access-token{"externalUserId":"u-1"}`.
 */
export function partnerSignature(secret: string, ts: string, method: string, path: string, rawBody: string | Buffer): string {
  return createHmac('sha256', secret).update(`${ts}${method.toUpperCase()}${path}`).update(rawBody).digest('hex');
}

/** Constant-time comparison of a received hex signature with the expected one (any length, any case is refused). */
export function signatureMatches(expectedHex: string, receivedHex: string): boolean {
  if (!/^[0-9a-f]{64}$/.test(receivedHex)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(receivedHex, 'hex'));
}
