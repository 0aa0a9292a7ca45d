import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { confirmationTokenFor, createTestApp, jsonHeaders, type FakeMailer } from '../../test/test-app.ts';
import { hashToken } from './accounts.service.ts';

/**
 * POST /v1/user/confirm-email: the mailed link confirms the address and signs in, once, within 24 h;
 * an unknown, expired or used link gets one answer (20003) and changes nothing.
 */

let app: App;
let mailer: FakeMailer;
let close: () => Promise<void>;

const LOGIN = { freeFailuresPerAccountIp: 100, freeFailuresPerAccount: 100, maxAttemptsPerIp: 5, windowMs: 60_000, maxDelayMs: 8_000 };
beforeEach(async () => {
  ({ app, close, mailer } = await createTestApp({ login: LOGIN }));
});
afterEach(async () => close());

const EMAIL = 'confirm.me@example.com';
const PASSWORD = 'my-chosen-passphrase';
const confirm = (token: unknown, ip = '127.0.0.1') => app.inject({ method: 'POST', url: '/x-api/v1/user/confirm-email', remoteAddress: ip, headers: jsonHeaders, payload: { token } });
const login = () => app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email: EMAIL, password: PASSWORD } });
const userRow = () => app.db.selectFrom('users').selectAll().where('email', '=', EMAIL).executeTakeFirstOrThrow();
const sessions = () => app.db.selectFrom('sessions').selectAll().execute();
const INVALID = { ret_code: 20003, ret_msg: 'confirmation link invalid or expired', result: {} };

async function registered(): Promise<string> {
  const res = await app.inject({ method: 'POST', url: '/x-api/v1/user/register', headers: jsonHeaders, payload: { email: EMAIL, password: PASSWORD } });
  expect(res.json().ret_code).toBe(0);
  return confirmationTokenFor(mailer, EMAIL);
}

describe('opening the confirmation link', () => {
  it('confirms the address, uses up the link, starts a session (cookie) and audits; the account then logs in', async () => {
    const token = await registered();
    const res = await confirm(token);
    const user = await userRow();
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { id: user.id, role: 'user' } });
    const cookie = res.cookies.find((c) => c.name === 'ua_sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    expect(user.email_confirmed_at).not.toBeNull();
    expect(await app.db.selectFrom('email_confirmations').selectAll().execute()).toEqual([]);
    expect((await sessions()).map((s) => [s.id_hash, s.user_id])).toEqual([[hashToken(cookie!.value), user.id]]);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', user.id).orderBy('at').orderBy('seq').execute();
    expect(audit).toEqual([
      { action: 'user.register', actor_id: user.id },
      { action: 'user.email_confirmed', actor_id: user.id },
      { action: 'user.login', actor_id: user.id },
    ]);

    const profile = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie: `ua_sid=${cookie!.value}` } });
    expect(profile.json()).toMatchObject({ ret_code: 0, result: { email: EMAIL } });
    expect((await login()).json().ret_code).toBe(0);
  });

  it('a used, an expired and an unknown link get the same answer and change nothing', async () => {
    const used = await registered();
    expect((await confirm(used)).json().ret_code).toBe(0);
    const again = await confirm(used);
    expect(again.json()).toEqual(INVALID);
    expect(again.cookies).toEqual([]);
    expect(await sessions()).toHaveLength(1);

    const unknown = await confirm('x'.repeat(43));
    expect(unknown.json()).toEqual(INVALID);
    expect(unknown.cookies).toEqual([]);
  });

  it('an expired link: 20003, the account stays unconfirmed and cannot log in', async () => {
    const token = await registered();
    await app.db.updateTable('email_confirmations').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const res = await confirm(token);
    expect(res.json()).toEqual(INVALID);
    expect(res.cookies).toEqual([]);
    expect((await userRow()).email_confirmed_at).toBeNull();
    expect(await sessions()).toEqual([]);
    expect((await login()).json().ret_code).toBe(20001);
  });

  it('the same link opened twice at once: one session, one refusal', async () => {
    const token = await registered();
    const replies = await Promise.all([confirm(token), confirm(token)]);
    expect(replies.map((r) => r.json().ret_code).sort()).toEqual([0, 20003]);
    expect(await sessions()).toHaveLength(1);
  });

  it('refuses a missing or oversized token as invalid input', async () => {
    expect((await confirm('')).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'token', code: 'required' }] } });
    expect((await confirm('y'.repeat(129))).json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'token' }] } });
  });

  it('is throttled per IP, like registration: guessing links soon has to wait', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 7; i++) codes.push((await confirm(`guess-${i}`, '198.51.100.9')).json().ret_code);
    expect(codes).toEqual([20003, 20003, 20003, 20003, 20003, 10006, 10006]);
    // Another IP is not slowed down by that one.
    const token = await registered();
    expect((await confirm(token, '198.51.100.10')).json().ret_code).toBe(0);
  });
});
