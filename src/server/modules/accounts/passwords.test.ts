import { describe, expect, it } from 'vitest';
import { createTestApp, signIn } from '../../test/test-app.ts';
import { hashPassword, isBelowCost, PASSWORD_HASH_COST, unknownUserHash, verifyPassword } from './passwords.ts';

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

  it('a login with the right password brings a hash made below the configured cost up to it, once, audited; a wrong one changes nothing', async () => {
    const { app, close } = await createTestApp({ passwordHashN: 2 ** 11 });
    try {
      await signIn(app, 'old-hash@example.com');
      // A hash from before PASSWORD_HASH_N was raised.
      const old = await hashPassword('correct-horse-battery', { ...PASSWORD_HASH_COST, N: 2 ** 10 });
      await app.db.updateTable('users').set({ password_hash: old }).where('email', '=', 'old-hash@example.com').execute();
      const hashOf = async () => (await app.db.selectFrom('users').select('password_hash').where('email', '=', 'old-hash@example.com').executeTakeFirstOrThrow()).password_hash;
      const rehashed = () => app.db.selectFrom('audit_log').select(['entity_id', 'actor_id']).where('action', '=', 'user.password_rehashed').execute();
      const login = (password: string) => app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: { 'content-type': 'application/json' }, payload: { email: 'old-hash@example.com', password } });

      expect((await login('wrong-horse-battery')).json().ret_code).not.toBe(0);
      expect(await hashOf()).toBe(old);
      expect(await rehashed()).toEqual([]);

      expect((await login('correct-horse-battery')).json().ret_code).toBe(0);
      const stronger = await hashOf();
      expect(stronger).toMatch(/^scrypt\$2048\$8\$1\$/);
      expect(await verifyPassword(stronger, 'correct-horse-battery')).toBe(true);
      const user = await app.db.selectFrom('users').select('id').where('email', '=', 'old-hash@example.com').executeTakeFirstOrThrow();
      expect(await rehashed()).toEqual([{ entity_id: user.id, actor_id: user.id }]);

      // At the configured cost now: the next login leaves it alone.
      expect((await login('correct-horse-battery')).json().ret_code).toBe(0);
      expect(await hashOf()).toBe(stronger);
      expect(await rehashed()).toHaveLength(1);
    } finally {
      await close();
    }
  });

  it('a hash is below a cost when any of N, r, p is lower, or when it is not scrypt', () => {
    const at = (n: number, r: number, p: number) => `scrypt$${n}$${r}$${p}$salt$hash`;
    expect(isBelowCost(at(2 ** 15, 8, 1), PASSWORD_HASH_COST)).toBe(false);
    expect(isBelowCost(at(2 ** 16, 8, 1), PASSWORD_HASH_COST)).toBe(false);
    expect(isBelowCost(at(2 ** 14, 8, 1), PASSWORD_HASH_COST)).toBe(true);
    expect(isBelowCost(at(2 ** 15, 4, 1), PASSWORD_HASH_COST)).toBe(true);
    expect(isBelowCost(at(2 ** 15, 8, 1), { ...PASSWORD_HASH_COST, p: 2 })).toBe(true);
    expect(isBelowCost('bcrypt$whatever', PASSWORD_HASH_COST)).toBe(true);
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
