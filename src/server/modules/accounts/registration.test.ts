import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PasswordMessage } from '../../../shared/validation-rules.ts';
import type { App } from '../../app.ts';
import { confirmationTokenFor, createTestApp, jsonHeaders, type FakeMailer } from '../../test/test-app.ts';
import { hashToken } from './accounts.service.ts';
import { messageFor, userInputsOf } from './password-strength.ts';

let app: App;
let mailer: FakeMailer;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ app, close, mailer } = await createTestApp());
});
afterEach(async () => close());

const register = (email: string, password: string) => app.inject({ method: 'POST', url: '/x-api/v1/user/register', headers: jsonHeaders, payload: { email, password } });
const login = (email: string, password: string) => app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email, password } });
const confirm = (token: string) => app.inject({ method: 'POST', url: '/x-api/v1/user/confirm-email', headers: jsonHeaders, payload: { token } });
const usersNamed = (email: string) => app.db.selectFrom('users').selectAll().where('email', '=', email).execute();

/** What a caller can observe of a reply, less what differs between any two replies (date, request id). */
function observable(res: Awaited<ReturnType<typeof register>>) {
  const { date: _date, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body, cookies: res.cookies };
}

const CONFIRM_SUBJECT = 'Confirm your e-mail address';
const ALREADY_SUBJECT = 'Someone tried to create an account with your e-mail address';

describe('registration creates an account that works once its address is confirmed', () => {
  it('stores a scrypt hash, unconfirmed, with one hashed link that is mailed; no session; login fails like a wrong password until the link is opened', async () => {
    const res = await register('  New.User@Example.com ', 'long-enough-pw');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: {} });
    expect(res.cookies).toEqual([]);
    expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    const [user] = await usersNamed('new.user@example.com');
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(user!.password_hash).not.toContain('long-enough-pw');
    expect(user!.email_confirmed_at).toBeNull();
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', user!.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['user.register']);
    expect(JSON.stringify(audit)).not.toContain('long-enough-pw');

    // The link goes to the address, on the site the request came to; only its hash is stored, for 24 h.
    expect(mailer.sent).toEqual([expect.objectContaining({ to: 'new.user@example.com', subject: CONFIRM_SUBJECT })]);
    const token = confirmationTokenFor(mailer, 'new.user@example.com');
    expect(mailer.sent[0]!.text).toContain(`http://localhost:80/login?confirm=${token}`);
    expect(mailer.sent[0]!.text).not.toContain('long-enough-pw');
    const links = await app.db.selectFrom('email_confirmations').selectAll().execute();
    expect(links).toEqual([expect.objectContaining({ token_hash: hashToken(token), user_id: user!.id, password_hash: user!.password_hash })]);
    expect(Date.parse(links[0]!.expires_at) - Date.parse(links[0]!.created_at)).toBeCloseTo(24 * 3600_000, -4);

    // The right password of an unconfirmed account: exactly the reply of a wrong one.
    const unconfirmed = await login('new.user@example.com', 'long-enough-pw');
    const wrong = await login('new.user@example.com', 'not-the-password');
    expect(observable(unconfirmed)).toEqual(observable(wrong));
    expect(unconfirmed.json()).toEqual({ ret_code: 20001, ret_msg: 'invalid email or password', result: {} });
    expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    const confirmed = await confirm(token);
    expect(confirmed.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { id: user!.id, role: 'user' } });
    const signedIn = await login('new.user@example.com', 'long-enough-pw');
    expect(signedIn.json()).toMatchObject({ ret_code: 0, result: { id: user!.id, role: 'user' } });
  });

  it('refuses invalid input without storing or sending anything', async () => {
    const bad = await register('not-an-email', 'short');
    expect(bad.json()).toMatchObject({
      ret_code: 10001,
      result: { fields: [{ path: 'email', code: 'invalid_email' }, { path: 'password', code: 'min_length', params: { min: 10 } }] },
    });
    expect(await app.db.selectFrom('users').selectAll().execute()).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });
});

describe('registration does not tell which addresses have an account', () => {
  it('a confirmed address gets the very same reply; nothing changes; its owner is told by e-mail', async () => {
    await app.services.accounts.createUser({ email: 'taken@example.com', password: 'first-owners-password' }, { type: 'system', id: null });
    const [before] = await usersNamed('taken@example.com');

    const fresh = await register('fresh@example.com', 'someone-elses-password');
    const taken = await register('TAKEN@example.com', 'someone-elses-password');
    expect(observable(taken)).toEqual(observable(fresh));
    // And logging in next tells nothing either: the free address is not confirmed, the taken one has another password.
    expect(observable(await login('taken@example.com', 'someone-elses-password'))).toEqual(observable(await login('fresh@example.com', 'someone-elses-password')));

    // The account is untouched: same row, same password, no link.
    expect(await usersNamed('taken@example.com')).toEqual([before]);
    expect(await app.db.selectFrom('email_confirmations').select('user_id').where('user_id', '=', before!.id).execute()).toEqual([]);
    expect((await login('taken@example.com', 'first-owners-password')).json().ret_code).toBe(0);

    expect(mailer.to('taken@example.com').map((m) => m.subject)).toEqual([ALREADY_SUBJECT]);
    expect(mailer.to('taken@example.com')[0]!.text).toMatch(/"Forgot password\?" on the login page/);
    expect(mailer.to('taken@example.com')[0]!.text).not.toMatch(/confirm=/);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', before!.id).where('action', '=', 'user.register_existing').execute();
    expect(audit).toEqual([{ action: 'user.register_existing', actor_id: null }]);
  });

  it('an address registered but not confirmed: a new link, carrying the new password; the link used sets its own password and ends the others', async () => {
    await register('again@example.com', 'first-chosen-password');
    const first = confirmationTokenFor(mailer, 'again@example.com');
    const again = await register('again@example.com', 'second-chosen-password');
    expect(again.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: {} });
    const second = confirmationTokenFor(mailer, 'again@example.com');
    expect(second).not.toBe(first);
    expect(mailer.to('again@example.com').map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, CONFIRM_SUBJECT]);
    const [user] = await usersNamed('again@example.com');
    const actions = await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', user!.id).execute();
    expect(actions.map((a) => a.action)).toEqual(['user.register', 'user.confirmation_resent']);

    expect((await confirm(second)).json().ret_code).toBe(0);
    expect((await login('again@example.com', 'first-chosen-password')).json().ret_code).toBe(20001);
    expect((await login('again@example.com', 'second-chosen-password')).json().ret_code).toBe(0);
    expect((await confirm(first)).json().ret_code).toBe(20003);
    expect(await app.db.selectFrom('email_confirmations').selectAll().execute()).toEqual([]);
  });

  it('two registrations of one new address at once: one account, two links, the same replies', async () => {
    const replies = await Promise.all([register('race@example.com', 'racing-password-one'), register('race@example.com', 'racing-password-two')]);
    expect(observable(replies[0]!)).toEqual(observable(replies[1]!));
    expect(await usersNamed('race@example.com')).toHaveLength(1);
    expect(mailer.to('race@example.com').map((m) => m.subject)).toEqual([CONFIRM_SUBJECT, CONFIRM_SUBJECT]);
    expect(await app.db.selectFrom('email_confirmations').selectAll().execute()).toHaveLength(2);
  });
});

describe('guessable passwords are refused, with a message that helps', () => {
  it.each([
    ['password123', PasswordMessage.COMMON],
    ['aaaaaaaaaaaa', PasswordMessage.REPEATED],
    ['qwertyuiop12', PasswordMessage.COMMON],
    ['ada.lovelace@example.com', PasswordMessage.PERSONAL],
    ['lovelace1815', PasswordMessage.PERSONAL],
    ['abcdefghijkl', PasswordMessage.PATTERN],
  ])('%s -> %s; nothing stored or sent', async (password, code) => {
    const res = await register('ada.lovelace@example.com', password);
    expect(res.json()).toEqual({ ret_code: 10001, ret_msg: 'params error', result: { fields: [{ path: 'password', code }] } });
    expect(await usersNamed('ada.lovelace@example.com')).toEqual([]);
    expect(mailer.sent).toEqual([]);
  });

  it('the same refusal for an address that has an account (judged before the database is asked)', async () => {
    await app.services.accounts.createUser({ email: 'owner@example.com', password: 'owners-long-password' }, { type: 'system', id: null });
    expect((await register('owner@example.com', 'password123')).json()).toEqual((await register('nobody@example.com', 'password123')).json());
  });

  it('passphrases and the demo and test passwords pass', async () => {
    for (const [email, password] of [['a@example.com', 'correct-horse-battery'], ['b@example.com', 'demo-password-1'], ['c@example.com', 'reviewer-password-1']]) {
      expect((await register(email!, password!)).json().ret_code).toBe(0);
    }
  });

  it('feedback keys map to our messages; the e-mail and its parts are user inputs', () => {
    expect(messageFor({ feedback: { warning: 'straightRow', suggestions: [] } })).toBe(PasswordMessage.PATTERN);
    expect(messageFor({ feedback: { warning: 'recentYears', suggestions: [] } })).toBe(PasswordMessage.DATES);
    expect(messageFor({ feedback: { warning: 'wordByItself', suggestions: [] } })).toBe(PasswordMessage.COMMON_WORDS);
    expect(messageFor({ feedback: { warning: null, suggestions: [] } })).toBe(PasswordMessage.TOO_GUESSABLE);
    expect(userInputsOf('Ada.Lovelace+kyc@Example.com')).toEqual(['ada.lovelace+kyc@example.com', 'ada.lovelace+kyc', 'ada', 'lovelace', 'kyc', 'example']);
  });
});

it('every password message has a text (the locale suite holds every language to the English keys)', () => {
  const en = JSON.parse(readFileSync('locales/user-accounts/en/password.json', 'utf8')) as Record<string, string>;
  expect(Object.keys(en).map((k) => `password.${k}`).sort()).toEqual(Object.values(PasswordMessage).sort());
});
