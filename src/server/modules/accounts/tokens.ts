import { createHash, randomBytes } from 'node:crypto';

/** SHA-256 of a token: what is stored for sessions and confirmation links (a leak yields no usable token). */
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A new opaque token (256 random bits). */
export const newToken = () => randomBytes(32).toString('base64url');
