import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PasswordMessage } from '../../../shared/validation-rules.ts';
import type { App } from '../../app.ts';
import { createTestApp, jsonHeaders, type FakeMailer } from '../../test/test-app.ts';
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
const usersNamed = (email: string) => app.db.selectFrom('users').selectAll().where('email', '=', email).execute();

/** What a caller can observe of a reply, less what differs between any two replies (date, request id). */
function observable(res: Awaited<ReturnType<typeof register>>) {
  const { date: _date, 'x-ratelimit-remaining': _remaining, 'x-ratelimit-reset': _reset, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body, cookies: res.cookies };
}

describe('registration creates a working account', () => {
  it('stores a scrypt hash, audits, e-mails the owner, and the account logs in; no session from registering itself', async () => {
    const res = await register('  New.User@Example.com ', 'long-enough-pw');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: {} });
    expect(res.cookies).toEqual([]);
    expect(await app.db.selectFrom('sessions').selectAll().execute()).toEqual([]);

    const [user] = await usersNamed('new.user@example.com');
    expect(user!.password_hash).toMatch(/^scrypt\$/);
    expect(user!.password_hash).not.toContain('long-enough-pw');
    const audit = await app.db.selectFrom('audit_log').selectAll().where('entity_id', '=', user!.id).execute();
    expect(audit.map((a) => a.action)).toEqual(['user.register']);
    expect(JSON.stringify(audit)).not.toContain('long-enough-pw');

    expect(mailer.sent).toEqual([expect.objectContaining({ to: 'new.user@example.com', subject: 'Your account is ready' })]);
    expect(mailer.sent[0]!.text).not.toContain('long-enough-pw');

    const signedIn = await login('new.user@example.com', 'long-enough-pw');
    expect(signedIn.json()).toMatchObject({ ret_code: 0, result: { id: user!.id, role: 'user' } });
    expect(signedIn.cookies.find((c) => c.name === 'ua_sid')).toBeDefined();
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
  it('an existing address gets the very same reply; nothing changes; its owner is told by e-mail', async () => {
    expect((await register('taken@example.com', 'first-owners-password')).json().ret_code).toBe(0);
    const [before] = await usersNamed('taken@example.com');

    const fresh = await register('fresh@example.com', 'someone-elses-password');
    const taken = await register('TAKEN@example.com', 'someone-elses-password');
    expect(observable(taken)).toEqual(observable(fresh));

    // The account is untouched: same row, same password; the newcomer's password does not work.
    expect(await usersNamed('taken@example.com')).toEqual([before]);
    expect((await login('taken@example.com', 'someone-elses-password')).json().ret_code).toBe(20001);
    expect((await login('taken@example.com', 'first-owners-password')).json().ret_code).toBe(0);

    expect(mailer.to('taken@example.com').map((m) => m.subject)).toEqual(['Your account is ready', 'Someone tried to create an account with your e-mail address']);
    expect(mailer.to('taken@example.com')[1]!.text).toMatch(/no self-service password reset/);
    const audit = await app.db.selectFrom('audit_log').select(['action', 'actor_id']).where('entity_id', '=', before!.id).where('action', '=', 'user.register_existing').execute();
    expect(audit).toEqual([{ action: 'user.register_existing', actor_id: null }]);
  });

  it('two registrations of one new address at once: one account, one "ready" and one "already" e-mail, the same replies', async () => {
    const replies = await Promise.all([register('race@example.com', 'racing-password-one'), register('race@example.com', 'racing-password-two')]);
    expect(observable(replies[0]!)).toEqual(observable(replies[1]!));
    expect(await usersNamed('race@example.com')).toHaveLength(1);
    expect(mailer.to('race@example.com').map((m) => m.subject).sort()).toEqual(['Someone tried to create an account with your e-mail address', 'Your account is ready']);
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
    expect((await register('owner@example.com', 'owners-long-password')).json().ret_code).toBe(0);
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
