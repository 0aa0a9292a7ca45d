import { createPublicKey, verify } from 'node:crypto';
import { z } from 'zod';
import type { IdnowJwtConfig } from '../../../vendor-config.ts';
import { WebhookRejected } from '../errors.ts';

/**
 * IDnow's signed webhooks (its newer platform; IDnow docs "Secure webhooks" and "Webhook events",
 * FACTS.md §4): every webhook is a JWT signed with RS256 by a key IDnow publishes in its JWKS — as
 * the body (`Content-Type: application/jwt`) or, in another version of the docs, in the
 * `X-Idnow-Signature` header — and the receiver checks the signature with the key named by `kid`
 * and the claims `exp`, `iat`, `iss` and `aud`. The verified payload carries the event under `data`
 * (eventId, eventName, payload.sessionId, …); nothing of the delivery outside the JWT is trusted.
 *
 * The keys are configuration (IDNOW_WEBHOOK_JWKS: the JWKS document as IDnow publishes it), not
 * fetched at run time: a key IDnow rotates in must be added there (keys are looked up by `kid`, so
 * old and new can be listed together). HS256 and "none" are refused: an asymmetric signature is the
 * point, and a public key must never be usable as an HMAC secret.
 */

/** Clock difference tolerated between IDnow and us. */
export const JWT_LEEWAY_SECONDS = 60;
/** Header in which some versions of IDnow's docs put the JWT (the body is then JSON). */
export const IDNOW_SIGNATURE_HEADER = 'x-idnow-signature';

const headerSchema = z.object({ alg: z.string(), kid: z.string().min(1), typ: z.string().optional() }).loose();
const claimsSchema = z
  .object({
    iss: z.string(),
    aud: z.union([z.string(), z.array(z.string())]),
    exp: z.number(),
    iat: z.number(),
    nbf: z.number().optional(),
    data: z
      .object({
        eventId: z.string().min(1).max(200),
        eventName: z.string().min(1).max(200),
        payload: z.object({ sessionId: z.string().min(1).max(100) }).loose(),
      })
      .loose(),
  })
  .loose();
export type IdnowWebhookClaims = z.infer<typeof claimsSchema>;

const reject = (why: string): never => {
  throw new WebhookRejected(401, `IDnow JWT: ${why}`);
};

function decodePart(part: string): unknown {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
  } catch {
    return reject('not base64url JSON');
  }
}

/**
 * Verifies one webhook JWT and returns its claims: three base64url parts, RS256 with a `kid` of the
 * configured JWKS, a valid signature over the first two parts, `iss` and `aud` as configured, `exp`
 * not passed, `iat` not in the future, `nbf` (if any) reached. Anything else: WebhookRejected 401.
 * (A well-signed event whose `data` is not an IDnow event: 400.)
 */
export function verifyIdnowJwt(token: string, config: IdnowJwtConfig, now = Date.now()): IdnowWebhookClaims {
  const parts = token.trim().split('.');
  if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]+$/.test(p))) reject('not a signed JWT');
  const [h, p, s] = parts as [string, string, string];
  const header = headerSchema.safeParse(decodePart(h));
  if (!header.success) return reject('header without alg or kid');
  if (header.data.alg !== 'RS256') reject(`alg ${header.data.alg} is not accepted`);
  const jwk = config.jwks.keys.find((k) => k.kid === header.data.kid);
  if (!jwk) return reject(`unknown kid ${header.data.kid}`);
  let valid: boolean;
  try {
    valid = verify('sha256', Buffer.from(`${h}.${p}`), createPublicKey({ key: jwk, format: 'jwk' }), Buffer.from(s, 'base64url'));
  } catch {
    valid = false;
  }
  if (!valid) reject('bad signature');

  const raw = decodePart(p) as Record<string, unknown>;
  const seconds = now / 1000;
  if (typeof raw.exp !== 'number' || raw.exp + JWT_LEEWAY_SECONDS < seconds) reject('expired or without exp');
  if (typeof raw.iat !== 'number' || raw.iat - JWT_LEEWAY_SECONDS > seconds) reject('issued in the future or without iat');
  if (typeof raw.nbf === 'number' && raw.nbf - JWT_LEEWAY_SECONDS > seconds) reject('not valid yet');
  if (raw.iss !== config.issuer) reject('wrong issuer');
  const aud = raw.aud;
  if (!(aud === config.audience || (Array.isArray(aud) && aud.includes(config.audience)))) reject('not for this audience');
  const claims = claimsSchema.safeParse(raw);
  if (!claims.success) throw new WebhookRejected(400, 'IDnow JWT: not an IDnow webhook event');
  return claims.data;
}
