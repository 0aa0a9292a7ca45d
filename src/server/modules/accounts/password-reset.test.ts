import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp, jsonHeaders, type FakeMailer } from '../../test/test-app.ts';
import { hashToken } from './accounts.service.ts';
import { RESET_MAILS_PER_ADDRESS } from './password-reset.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Issue 27: "Forgot password?". The same reply whether or not the address has an account; a
 * single-use link valid 30 minutes, stored hashed; the new password checked like at sign-up; every
 * session ended; the owner told; throttled per IP and (quietly) per address.
 */

let app: App;
let mailer: FakeMailer;
let close: () => Promise<void>;

const LOGIN = { freeFailuresPerAccountIp: 100, freeFailuresPerAccount: 100, maxAttemptsPerIp: 5, windowMs: 60_000, maxDelayMs: 8_000 };
beforeEach(async () => {
  ({ app, close, mailer } = await createTestApp({ login: LOGIN }));
});
afterEach(async () => close());

const EMAIL = 'forgetful@example.com';
const OLD = 'my-first-long-passphrase';
const NEW = 'a-brand-new-passphrase-27';
const forgot = (email: string, ip = '127.0.0.1') => app.inject({ method: 'POST', url: '/x-api/v1/user/password/forgot', remoteAddress: ip, headers: jsonHeaders, payload: { email } });
const reset = (token: string, password: string, ip = '127.0.0.1', cookie?: string) =>
  app.inject({ method: 'POST', url: '/x-api/v1/user/password/reset', remoteAddress: ip, headers: { ...jsonHeaders, ...(cookie ? { cookie } : {}) }, payload: { token, password } });
const login = (password: string) => app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email: EMAIL, password } });
const userRow = () => app.db.selectFrom('users').selectAll().where('email', '=', EMAIL).executeTakeFirstOrThrow();
const INVALID = { ret_code: 20005, ret_msg: 'password reset link invalid or expired', result: {} };

function resetTokenFor(email: string): string {
  const token = mailer.to(email).flatMap((m) => [...m.text.matchAll(/\/login\?reset=([\w-]+)/g)].map((x) => x[1]!)).at(-1);
  if (!token) throw new Error(`no reset link was mailed to ${email}`);
  return token;
}

async function signedIn(): Promise<string> {
  const res = await login(OLD);
  expect(res.json().ret_code).toBe(0);
  return `ua_sid=${res.cookies.find((c) => c.name === 'ua_sid')!.value}`;
}

beforeEach(async () => {
  await app.services.accounts.createUser({ email: EMAIL, password: OLD }, { type: 'system', id: null });
});

describe('asking for a reset link', () => {
  it('an account: mails a link valid 30 minutes, stores only its hash, audits; an unknown address gets the same reply and no mail', async () => {
    const before = Date.now();
    const known = await forgot(EMAIL);
    const unknown = await forgot('nobody@example.com');
    expect(known.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: {} });
    expect(unknown.json()).toEqual(known.json());
    expect(unknown.statusCode).toBe(known.statusCode);

    const [mail] = mailer.to(EMAIL);
    expect(mail!.subject).toBe('Reset your password');
    expect(mail!.text).toContain('valid for 30 minutes');
    expect(mail!.text).toMatch(/^http:\/\/localhost(:\d+)?\/login\?reset=[\w-]{43}$/m);
    expect(mailer.to('nobody@example.com')).toEqual([]);

    const token = resetTokenFor(EMAIL);
    const user = await userRow();
    const rows = await app.db.selectFrom('password_resets').selectAll().execute();
    expect(rows).toEqual([{ token_hash: hashToken(token), user_id: user.id, created_at: expect.any(String), expires_at: expect.any(String) }]);
    const ttl = Date.parse(rows[0]!.expires_at) - before;
    expect(ttl).toBeGreaterThanOrEqual(30 * 60_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(30 * 60_000 + 5000);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', user.id).where('action', 'like', 'user.password%').execute();
    expect(audit).toEqual([{ action: 'user.password_reset_requested', actor_id: null }]);
  });

  it(`mails one address at most ${RESET_MAILS_PER_ADDRESS} times per window, answering the same; an IP that asks too often is told to wait`, async () => {
    for (let i = 0; i < RESET_MAILS_PER_ADDRESS + 2; i++) expect((await forgot(EMAIL, `198.51.100.${i + 1}`)).json().ret_code).toBe(0);
    expect(mailer.to(EMAIL)).toHaveLength(RESET_MAILS_PER_ADDRESS);

    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await forgot(`someone${i}@example.com`, '203.0.113.7')).json().ret_code);
    expect(codes).toEqual([0, 0, 0, 0, 0, 10006, 10006]);
  });

  it('refuses a malformed address as invalid input', async () => {
    expect((await forgot('not-an-address')).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'email' }] } });
  });
});

describe('setting the new password with the link', () => {
  it('sets the password, ends every session (this browser too), uses up every link, tells the owner, audits', async () => {
    const cookieA = await signedIn();
    const cookieB = await signedIn();
    await forgot(EMAIL);
    const older = resetTokenFor(EMAIL);
    await forgot(EMAIL);
    const token = resetTokenFor(EMAIL);
    expect(token).not.toBe(older);

    const res = await reset(token, NEW, '127.0.0.1', cookieA);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: {} });
    expect(res.cookies.find((c) => c.name === 'ua_sid')?.value).toBe('');

    const user = await userRow();
    expect(await verifyPassword(user.password_hash, NEW)).toBe(true);
    expect(await app.db.selectFrom('sessions').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('password_resets').selectAll().execute()).toEqual([]);
    for (const cookie of [cookieA, cookieB]) {
      const profile = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
      expect(profile.json().ret_code).toBe(10007);
    }
    expect((await login(OLD)).json().ret_code).toBe(20001);
    expect((await login(NEW)).json().ret_code).toBe(0);
    expect(mailer.to(EMAIL).at(-1)!.subject).toBe('Your password was changed');
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id', 'after']).where('entity_id', '=', user.id).where('action', '=', 'user.password_reset').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor_id).toBe(user.id);
    expect(JSON.parse(audit[0]!.after!)).toEqual({ sessionsEnded: 2 });

    // Every link of the account is used up with the one opened.
    expect((await reset(older, 'yet-another-passphrase-3')).json()).toEqual(INVALID);
  });

  it('a used, an expired and an unknown link get the same answer and change nothing', async () => {
    await forgot(EMAIL);
    const token = resetTokenFor(EMAIL);
    await app.db.updateTable('password_resets').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const hashBefore = (await userRow()).password_hash;
    expect((await reset(token, NEW)).json()).toEqual(INVALID);
    expect((await reset('x'.repeat(43), NEW)).json()).toEqual(INVALID);
    expect((await userRow()).password_hash).toBe(hashBefore);
    expect((await login(OLD)).json().ret_code).toBe(0);
  });

  it('a weak password is refused like at sign-up and the link stays usable for a better one', async () => {
    await forgot(EMAIL);
    const token = resetTokenFor(EMAIL);
    expect((await reset(token, 'short')).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'password', code: 'min_length' }] } });
    const guessable = await reset(token, 'password1234');
    expect(guessable.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'password', code: expect.stringMatching(/^password\./) }] } });
    expect(await app.db.selectFrom('password_resets').selectAll().execute()).toHaveLength(1);
    expect((await reset(token, NEW)).json().ret_code).toBe(0);
  });

  it('the same link sent twice at once: one change, one refusal', async () => {
    await forgot(EMAIL);
    const token = resetTokenFor(EMAIL);
    const replies = await Promise.all([reset(token, NEW), reset(token, 'the-other-passphrase-99')]);
    expect(replies.map((r) => r.json().ret_code).sort()).toEqual([0, 20005]);
    expect(mailer.to(EMAIL).filter((m) => m.subject === 'Your password was changed')).toHaveLength(1);
  });

  it('a disabled account gets no link and cannot use one mailed before', async () => {
    await forgot(EMAIL);
    const token = resetTokenFor(EMAIL);
    const user = await userRow();
    await app.services.accounts.disableAccounts([user.id], 'test', { type: 'system', id: null });
    await forgot(EMAIL);
    expect(mailer.to(EMAIL)).toHaveLength(1);
    expect((await reset(token, NEW)).json()).toEqual(INVALID);
  });
});
