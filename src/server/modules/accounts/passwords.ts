import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/** scrypt's cost: N (CPU and memory, a power of two), r (block size), p (parallelism). */
export interface PasswordHashCost {
  N: number;
  r: number;
  p: number;
}

/**
 * OWASP's scrypt baseline, the least a server hashes with (PASSWORD_HASH_N may raise N; N=2^17 is
 * stronger but costs 128 MiB per hash on a 2-core box).
 */
export const PASSWORD_HASH_COST: PasswordHashCost = { N: 2 ** 15, r: 8, p: 1 };
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions & { N: number; r: number }): Promise<Buffer> {
  // scrypt needs 128 * N * r bytes; Node refuses above maxmem (32 MiB by default).
  const maxmem = 2 * 128 * opts.N * opts.r;
  return new Promise((resolve, reject) => scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { ...opts, maxmem }, (err, key) => (err ? reject(err) : resolve(key))));
}

/** Format: scrypt$N$r$p$salt$hash (base64url), so parameters can be raised later per hash. */
export async function hashPassword(password: string, cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, cost);
  return ['scrypt', cost.N, cost.r, cost.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await derive(password, Buffer.from(salt, 'base64url'), { N: Number(n), r: Number(r), p: Number(p) });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * Whether `stored` was made below `cost` (a hash from before PASSWORD_HASH_N was raised) or by
 * another scheme: a login with the right password then hashes it again at `cost`.
 */
export function isBelowCost(stored: string, cost: PasswordHashCost): boolean {
  const [scheme, n, r, p] = stored.split('$');
  return scheme !== 'scrypt' || Number(n) < cost.N || Number(r) < cost.r || Number(p) < cost.p;
}

const unknownUserHashes = new Map<string, Promise<string>>();

/**
 * A hash of a random password at `cost`, checked when the e-mail is unknown so that login takes the
 * same time whether the account exists or not. Made once per cost.
 */
export function unknownUserHash(cost: PasswordHashCost = PASSWORD_HASH_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let hash = unknownUserHashes.get(key);
  if (!hash) unknownUserHashes.set(key, (hash = hashPassword(randomBytes(16).toString('hex'), cost)));
  return hash;
}
