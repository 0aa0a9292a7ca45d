import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { confirmationTokenFor, createTestApp, jsonHeaders, signIn } from '../../test/test-app.ts';
import { hashToken } from './accounts.service.ts';

let app: App;
let close: () => Promise<void>;

beforeEach(async () => {
  ({ app, close } = await createTestApp());
});
afterEach(async () => close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url, headers: { ...jsonHeaders, ...headers }, payload: payload as object });

const sessionCookieOf = (res: { cookies: { name: string; value: string }[] }) => res.cookies.find((c) => c.name === 'ua_sid');

describe('login', () => {
  beforeEach(async () => {
    await app.services.accounts.createUser({ email: 'user@example.com', password: 'correct-password' }, { type: 'system', id: null });
  });

  it('signs in with a new session id every time', async () => {
    const first = await post('/x-api/v1/user/login', { email: 'user@example.com', password: 'correct-password' });
    expect(first.json().ret_code).toBe(0);
    const firstCookie = sessionCookieOf(first)!;
    const second = await post('/x-api/v1/user/login', { email: 'USER@example.com', password: 'correct-password' }, { cookie: `ua_sid=${firstCookie.value}` });
    const secondCookie = sessionCookieOf(second)!;
    expect(secondCookie.value).not.toBe(firstCookie.value);
    // The session this browser had before is ended, not left alive.
    const old = await app.db.selectFrom('sessions').selectAll().where('id_hash', '=', hashToken(firstCookie.value)).executeTakeFirst();
    expect(old).toBeUndefined();
  });

  it('answers the same for an unknown e-mail and a wrong password', async () => {
    const wrong = await post('/x-api/v1/user/login', { email: 'user@example.com', password: 'wrong-password' });
    const unknown = await post('/x-api/v1/user/login', { email: 'nobody@example.com', password: 'wrong-password' });
    expect(wrong.json()).toEqual({ ret_code: 20001, ret_msg: 'invalid email or password', result: {} });
    expect(unknown.json()).toEqual(wrong.json());
    expect(sessionCookieOf(wrong)).toBeUndefined();
    expect(sessionCookieOf(unknown)).toBeUndefined();
  });
});

describe('sessions, profile and logout', () => {
  it('returns 10007 without a session and the profile with one', async () => {
    const anon = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile' });
    expect(anon.statusCode).toBe(200);
    expect(anon.json()).toMatchObject({ ret_code: 10007 });

    const cookie = await signIn(app, 'p@example.com');
    const res = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(res.json()).toMatchObject({
      ret_code: 0,
      result: { email: 'p@example.com', currency_code: '', sub_attribute: '', member_tag: {}, level: 0, role: 'user' },
    });
    const member = await app.inject({ method: 'GET', url: '/x-api/user/private/member/info', headers: { cookie } });
    expect(member.json()).toMatchObject({ ret_code: 0, result: { id: res.json().result.id, email: 'p@example.com', level: 0 } });
  });

  it('logout destroys the session server-side', async () => {
    const cookie = await signIn(app, 'l@example.com');
    const res = await post('/x-api/logout', {}, { cookie });
    expect(res.json().ret_code).toBe(0);
    expect(res.cookies.find((c) => c.name === 'ua_sid')?.value).toBe('');
    const sessions = await app.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toHaveLength(0);
    // The old token is useless even if someone kept it.
    const after = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(after.json().ret_code).toBe(10007);
    const audit = await app.db.selectFrom('audit_log').select('action').where('action', '=', 'user.logout').execute();
    expect(audit).toHaveLength(1);
  });

  it('a reviewer session ends after the reviewer lifetime, a user session after the user lifetime', async () => {
    await app.services.accounts.createUser({ email: 'rev-ttl@example.com', password: 'reviewer-password-x' }, { type: 'system', id: null }, 'reviewer');
    const before = Date.now();
    await signIn(app, 'rev-ttl@example.com', 'reviewer-password-x', false);
    await signIn(app, 'user-ttl@example.com');
    const rows = await app.db
      .selectFrom('sessions')
      .innerJoin('users', 'users.id', 'sessions.user_id')
      .select(['users.email', 'sessions.expires_at'])
      .where('users.email', 'in', ['rev-ttl@example.com', 'user-ttl@example.com'])
      .execute();
    const hours = (email: string) => (Date.parse(rows.find((r) => r.email === email)!.expires_at) - before) / 3600_000;
    expect(hours('rev-ttl@example.com')).toBeCloseTo(app.config.reviewerSessionTtlMs / 3600_000, 1);
    expect(hours('user-ttl@example.com')).toBeCloseTo(app.config.sessionTtlMs / 3600_000, 1);
    expect(app.config.reviewerSessionTtlMs).toBeLessThan(app.config.sessionTtlMs);
  });

  it('refuses an expired session', async () => {
    const cookie = await signIn(app, 'e@example.com');
    await app.db.updateTable('sessions').set({ expires_at: new Date(Date.now() - 1000).toISOString() }).execute();
    const res = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(res.json().ret_code).toBe(10007);
  });
});

describe('cross-site request defence', () => {
  it('rejects a write from a foreign origin and changes nothing', async () => {
    const cookie = await signIn(app, 'c@example.com');
    const res = await post('/x-api/logout', {}, { cookie, origin: 'https://evil.example' });
    expect(res.json().ret_code).toBe(10010);
    expect(await app.db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });

  it('rejects a cross-site fetch without Origin, accepts same-origin and non-browser clients', async () => {
    const cookie = await signIn(app, 'd@example.com');
    const crossSite = await app.inject({ method: 'POST', url: '/x-api/logout', headers: { cookie, 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' }, payload: {} });
    expect(crossSite.json().ret_code).toBe(10010);
    const nullOrigin = await post('/x-api/logout', {}, { cookie, origin: 'null' });
    expect(nullOrigin.json().ret_code).toBe(10010);
    const curl = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: { 'content-type': 'application/json' }, payload: { email: 'd@example.com', password: 'correct-horse-battery' } });
    expect(curl.json().ret_code).toBe(0);
  });

  it('refuses form-encoded bodies on JSON endpoints', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'email=a@b.co&password=x' });
    expect(res.statusCode).toBe(415);
  });
});

describe('transport and headers', () => {
  it("sends security headers: a page gets the page policy, an API reply the API's (nothing may load or frame it)", async () => {
    const page = await app.inject({ method: 'GET', url: '/user/accounts/auth/personal' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    for (const res of [await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile' }), await app.inject({ method: 'GET', url: '/x-api/v1/no-such-call' })]) {
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
    }
  });

  it('behind a trusted proxy over https: the mailed link is on the public site, and its session cookie is Secure', async () => {
    const { app: proxied, close: closeProxied, mailer } = await createTestApp({ trustProxy: ['loopback'] });
    try {
      const headers = { 'content-type': 'application/json', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'accounts.example', host: 'internal:8080', origin: 'https://accounts.example' };
      const payload = { email: 's@example.com', password: 'long-enough-pw' };
      expect((await proxied.inject({ method: 'POST', url: '/x-api/v1/user/register', headers, payload })).json().ret_code).toBe(0);
      const token = confirmationTokenFor(mailer, 's@example.com');
      expect(mailer.to('s@example.com')[0]!.text).toContain(`https://accounts.example/login?confirm=${token}`);
      const confirmed = await proxied.inject({ method: 'POST', url: '/x-api/v1/user/confirm-email', headers, payload: { token } });
      expect(confirmed.json().ret_code).toBe(0);
      expect(confirmed.cookies.find((c) => c.name === 'ua_sid')?.secure).toBe(true);
      const res = await proxied.inject({ method: 'POST', url: '/x-api/v1/user/login', headers, payload });
      expect(res.json().ret_code).toBe(0);
      expect(res.cookies.find((c) => c.name === 'ua_sid')?.secure).toBe(true);
    } finally {
      await closeProxied();
    }
  });

  it('behind one trusted proxy, a client cannot choose its IP with X-Forwarded-For', async () => {
    const { app: proxied, close: closeProxied } = await createTestApp({ trustProxy: ['loopback'], login: { freeFailuresPerAccountIp: 100, freeFailuresPerAccount: 100, maxAttemptsPerIp: 3, windowMs: 60_000, maxDelayMs: 900_000 } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await proxied.inject({
          method: 'POST',
          url: '/x-api/v1/user/login',
          // The client made up the first address; our proxy appended the one it saw.
          headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.0.0.${i}, 203.0.113.7` },
          payload: { email: `x${i}@example.com`, password: 'whatever-password' },
        });
        codes.push(res.json().ret_code);
      }
      // Three free failures for the IP, then it must wait: whatever the client wrote first.
      expect(codes).toEqual([20001, 20001, 20001, 10006, 10006]);
      const keys = await proxied.db.selectFrom('rate_limits').select('key').where('key', 'like', 'login:fail:ip:%').execute();
      expect(keys.map((k) => k.key)).toEqual(['login:fail:ip:203.0.113.7']);
    } finally {
      await closeProxied();
    }
  });

  it('answers unknown API paths with a 404 envelope and oversized bodies with 413', async () => {
    const missing = await app.inject({ method: 'GET', url: '/x-api/v9/nothing' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ ret_code: 10011 });
    const big = await post('/x-api/v1/user/login', { email: 'x@example.com', password: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.statusCode).toBe(413);
    expect(big.json()).toMatchObject({ ret_code: 10001 });
  });
});
