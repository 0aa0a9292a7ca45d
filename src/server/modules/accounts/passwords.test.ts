import { describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../test/test-app.ts';
import { hashPassword, PASSWORD_HASH_COST, unknownUserHash, verifyPassword } from './passwords.ts';

describe('password hashes (scrypt)', () => {
  it("by default at OWASP's baseline (N=2^15, r=8, p=1), in a format that names its cost; only the right password verifies", async () => {
    const stored = await hashPassword('correct horse battery');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(PASSWORD_HASH_COST).toEqual({ N: 2 ** 15, r: 8, p: 1 });
    expect(await verifyPassword(stored, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(stored, 'correct horse batterY')).toBe(false);
  });

  it('a raised cost (2^16: 64 MiB) hashes and verifies; a hash keeps verifying at its own cost after the setting changes', async () => {
    const raised = await hashPassword('pw-one', { ...PASSWORD_HASH_COST, N: 2 ** 16 });
    expect(raised).toMatch(/^scrypt\$65536\$8\$1\$/);
    expect(await verifyPassword(raised, 'pw-one')).toBe(true);
    const older = await hashPassword('pw-two');
    expect(await verifyPassword(older, 'pw-two')).toBe(true);
  });

  it("the unknown user's hash is made once per cost, at that cost", async () => {
    const low = { ...PASSWORD_HASH_COST, N: 2 ** 10 };
    expect(unknownUserHash(low)).toBe(unknownUserHash(low));
    expect(await unknownUserHash(low)).toMatch(/^scrypt\$1024\$/);
  });

  it('a server hashes new passwords at its configured cost (PASSWORD_HASH_N)', async () => {
    const { app, close } = await createTestApp({ passwordHashN: 2 ** 16 });
    try {
      await signIn(app, 'cost@example.com');
      const row = await app.db.selectFrom('users').select('password_hash').where('email', '=', 'cost@example.com').executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^scrypt\$65536\$8\$1\$/);
    } finally {
      await close();
    }
  });
});
