import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Provider, StepStatus } from '../shared/kyc.ts';
import { RetCode } from '../shared/ret-codes.ts';
import { buildApp, type App } from './app.ts';
import { configWith, loadConfig, type Config } from './config.ts';
import { createKycTestApp, newUser, post, VALID_INFO } from './modules/kyc/kyc.fixtures.ts';
import { startSumsubFake, type SumsubFake } from './modules/providers/sumsub/fake.ts';
import { hmacHex } from './modules/providers/signatures.ts';
import { DEMO_PARTNER_ID, DEMO_PARTNER_SECRET, DEMO_PASSWORDS, DEMO_WEBHOOK_SECRETS } from './published-secrets.ts';
import { startServer, type RunningServer } from './start.ts';
import { createTestApp, jsonHeaders } from './test/test-app.ts';

/**
 * Demo mode (DEMO, decision 035): demo users, vendor fakes, the partner demo and every published
 * secret exist only in demo mode; a deployment that ran in demo mode once and then without it keeps
 * none of them usable.
 */

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream, messages: () => lines.map((l) => JSON.parse(l) as { msg: string; level: number; [k: string]: unknown }) };
}

const LOGIN = '/x-api/v1/user/login';
const PROFILE = '/x-api/v2/private/user/profile';
const ACCESS_TOKEN = '/x-api/v1/s1/kyc/integration/access-token';

/** A partner's signed access-token call, as a partner's server makes it. */
function partnerCall(app: App, key: string, secret: string) {
  const body = JSON.stringify({ externalUserId: `ext-${randomBytes(4).toString('hex')}`, level: 1, language: 'en' });
  const ts = String(Date.now());
  const sig = createHmac('sha256', secret).update(`${ts}POST${ACCESS_TOKEN}${body}`).digest('hex');
  return app.inject({ method: 'POST', url: ACCESS_TOKEN, headers: { 'content-type': 'application/json', 'x-partner-key': key, 'x-partner-ts': ts, 'x-partner-sig': sig }, payload: body });
}

describe('a server started with no configuration on a non-loopback address', () => {
  async function start(env: Record<string, string>): Promise<{ server: RunningServer; printed: string }> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-demo-'));
    const printed: string[] = [];
    const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => void printed.push(args.join(' ')));
    try {
      const server = await startServer(loadConfig({ DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist', FACE_MATCH_POLL_SECONDS: '0', ...env }));
      cleanups.push(async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      });
      return { server, printed: printed.join('\n') };
    } finally {
      spy.mockRestore();
    }
  }

  it('has no demo account, no vendor fake, no partner demo and no published secret; nothing says "demo"', async () => {
    const { server, printed } = await start({ HOST: '0.0.0.0' });
    const { app, origin } = server;
    expect(app.config.demo).toBe(false);
    expect(await app.db.selectFrom('users').select('email').execute()).toEqual([]);
    expect(await app.db.selectFrom('partner_businesses').select('id').execute()).toEqual([]);
    // No fake: no vendor is configured, so none is a provider here and everybody stays in-house.
    for (const p of [Provider.PROVIDER_SUMSUB, Provider.PROVIDER_ONFIDO, Provider.PROVIDER_JUMIO, Provider.PROVIDER_IDNOW, Provider.PROVIDER_AAI]) expect(app.services.providers.find(p)).toBeUndefined();
    expect(app.config.vendors.webhookSecrets).toBeNull();
    expect((await fetch(`${origin}/partner-demo/`)).status).toBe(404);
    // The published admin login does not exist.
    const login = await app.inject({ method: 'POST', url: LOGIN, headers: jsonHeaders, payload: { email: 'admin@example.com', password: DEMO_PASSWORDS.admin } });
    expect(login.json().ret_code).toBe(RetCode.LOGIN_FAILED);
    expect(printed).not.toMatch(/demo/i);
  });

  it('DEMO=true there is obeyed, with a banner at the start', async () => {
    const { server, printed } = await start({ HOST: '0.0.0.0', DEMO: 'true' });
    expect(server.app.config.demo).toBe(true);
    expect(printed).toContain('DEMO MODE on 0.0.0.0: reachable from other machines.');
    expect(printed).toContain(`admin@example.com / ${DEMO_PASSWORDS.admin}`);
    expect(server.app.services.providers.find(Provider.PROVIDER_SUMSUB)).toBeDefined();
    expect((await fetch(`${server.origin}/partner-demo/`)).status).toBe(200);
  }, 180_000);
});

describe('a webhook signed with a published demo secret, demo mode off', () => {
  /**
   * The attack: a fresh GB user starts a Sumsub session, then Sumsub "reviews" with the
   * published secret. A server that someone configured with that secret (not through loadConfig,
   * which refuses it) still refuses every such delivery with 401 and stores nothing; the same in demo
   * mode is accepted (the check, not the setup, makes the difference).
   */
  async function sumsubApp(demo: boolean): Promise<{ app: App; fake: SumsubFake }> {
    const secrets = { appToken: 'prd:an-app-token', secretKey: 'an-api-secret-key', webhookSecret: DEMO_WEBHOOK_SECRETS.sumsub };
    const fake = await startSumsubFake(secrets);
    const base = configWith({});
    const { app, close } = await createKycTestApp({
      demo,
      providerRoutes: [{ provider: Provider.PROVIDER_SUMSUB, countries: ['GB'] }, { provider: Provider.PROVIDER_DEFAULT }],
      vendors: {
        ...base.vendors,
        retries: 1,
        timeoutMs: 2000,
        sumsub: { ...secrets, baseUrl: fake.origin, websdkUrl: `${fake.origin}/idensic/static/sns-websdk-builder.js`, levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' } },
      },
    });
    cleanups.push(async () => {
      await close();
      await fake.close();
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    fake.setWebhookUrl(`http://127.0.0.1:${(app.server.address() as AddressInfo).port}/x-api/v1/webhooks/sumsub`);
    return { app, fake };
  }

  async function attack(app: App, fake: SumsubFake, email: string) {
    const user = await newUser(app, email);
    expect((await post(app, '/v3/private/kyc/kyc-personal-info', VALID_INFO, user.cookie)).json().ret_code).toBe(0);
    const token = (await post(app, '/v3/private/kyc/vendor-token', { level: 1 }, user.cookie)).json();
    expect(token.ret_code).toBe(0);
    // Sumsub's sandbox decides GREEN: the fake signs the webhook with the published secret.
    const apiPath = `/resources/applicants/${token.result.externalId}/status/testCompleted`;
    const body = JSON.stringify({ reviewAnswer: 'GREEN' });
    const ts = Math.floor(Date.now() / 1000).toString();
    const res = await fetch(`${fake.origin}${apiPath}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'application/json', 'x-app-token': 'prd:an-app-token', 'x-app-access-ts': ts, 'x-app-access-sig': hmacHex('sha256', 'an-api-secret-key', ts + 'POST' + apiPath + body) },
    });
    expect(res.status).toBe(200);
    return { user, delivery: fake.webhooks.at(-1)! };
  }

  it('is refused with 401; the user stays where they were, nothing is recorded', async () => {
    const { app, fake } = await sumsubApp(false);
    const { user, delivery } = await attack(app, fake, 'gb-attacker@example.com');
    expect(delivery).toMatchObject({ type: 'applicantReviewed', status: 401 });
    expect((await app.services.kyc.canVerify(user.id, 1)).status).toBe(StepStatus.ALLOW);
    expect(await app.db.selectFrom('vendor_webhook_events').select('event_id').execute()).toEqual([]);
    expect(await app.db.selectFrom('review_cases').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('in demo mode the same delivery is accepted (the demo needs it)', async () => {
    const { app, fake } = await sumsubApp(true);
    const { user, delivery } = await attack(app, fake, 'gb-demo@example.com');
    expect(delivery).toMatchObject({ type: 'applicantReviewed', status: 200 });
    expect((await app.services.kyc.canVerify(user.id, 1)).status).toBe(StepStatus.SUCCESS);
  }, 120_000); // demo mode seeds the demo users first
});

describe('a partner business holding a published secret, demo mode off', () => {
  it('cannot sign with it; a business with its own secret can', async () => {
    const { app, close } = await createTestApp({ demo: false });
    cleanups.push(close);
    const settings = { name: 'Copycat', allowedOrigins: ['https://partner.example'], scenes: ['s1'], redirectAllowlist: [], defaultLanguage: 'en' as const };
    await app.services.partners.createBusiness({ id: 'copycat', ...settings }, { type: 'system', id: null }, DEMO_PARTNER_SECRET);
    const own = await app.services.partners.createBusiness({ id: 'honest', ...settings }, { type: 'system', id: null });
    expect((await partnerCall(app, 'copycat', DEMO_PARTNER_SECRET)).json().ret_code).toBe(RetCode.PARTNER_SIGNATURE_INVALID);
    expect((await partnerCall(app, 'honest', own.secret)).json().ret_code).toBe(0);
    expect(await app.db.selectFrom('partner_applicants').select('business_id').execute()).toEqual([{ business_id: 'honest' }]);
  });
});

describe('a deployment started in demo mode, then without it', () => {
  let dir: string;
  let config: Config;

  async function start(demo: boolean, log = logCapture()): Promise<{ app: App; log: ReturnType<typeof logCapture> }> {
    const app = await buildApp({ ...config, demo, logLevel: 'info' }, { logStream: log.stream });
    await app.ready();
    return { app, log };
  }
  const login = (app: App, email: string, password: string) => app.inject({ method: 'POST', url: LOGIN, headers: jsonHeaders, payload: { email, password } });

  it('disables the demo accounts (no login, sessions ended) and the demo partner, says so, and demo mode enables them again', async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'ua-demo-restart-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    config = configWith({
      database: { kind: 'sqlite', file: path.join(dir, 'db.sqlite') },
      webDist: '/nonexistent-web-dist',
      dataEncryptionKey: randomBytes(32).toString('base64'),
      documentStore: { kind: 'file', dir: path.join(dir, 'documents') },
      // No face matching in the background: see seed.test.ts (a face thread ended mid-optimisation).
    }, { FACE_MATCH_POLL_SECONDS: '0' });

    // 1. Demo mode: the demo users are seeded; the administrator signs in; the demo partner signs.
    const first = await start(true);
    const signedIn = await login(first.app, 'admin@example.com', DEMO_PASSWORDS.admin);
    expect(signedIn.json().ret_code).toBe(0);
    const cookie = `ua_sid=${signedIn.cookies.find((c) => c.name === 'ua_sid')!.value}`;
    expect((await partnerCall(first.app, DEMO_PARTNER_ID, DEMO_PARTNER_SECRET)).json().ret_code).toBe(0);
    await first.app.close();

    // 2. Without demo mode: every demo account disabled, its sessions ended, each audited; the log says so.
    const second = await start(false);
    cleanups.push(() => second.app.close());
    const refused = await login(second.app, 'admin@example.com', DEMO_PASSWORDS.admin);
    expect(refused.json().ret_code).toBe(RetCode.ACCOUNT_DISABLED);
    expect(refused.cookies.find((c) => c.name === 'ua_sid')).toBeUndefined();
    // A wrong password tells nothing more than for any account.
    expect((await login(second.app, 'admin@example.com', 'not-the-password')).json().ret_code).toBe(RetCode.LOGIN_FAILED);
    expect((await second.app.inject({ method: 'GET', url: PROFILE, headers: { ...jsonHeaders, cookie } })).json().ret_code).toBe(RetCode.NOT_LOGGED_IN);
    const demoUsers = await second.app.db.selectFrom('users').select(['id', 'disabled_at']).where('email', 'like', '%@example.com').execute();
    expect(demoUsers.length).toBeGreaterThan(30);
    expect(demoUsers.every((u) => u.disabled_at !== null)).toBe(true);
    expect(await second.app.db.selectFrom('sessions').select('user_id').execute()).toEqual([]);
    const audit = await second.app.db.selectFrom('audit_log').select(['entity_id', 'after']).where('action', '=', 'user.disable').execute();
    expect(audit.map((a) => a.entity_id).sort()).toEqual(demoUsers.map((u) => u.id).sort());
    expect(audit.every((a) => JSON.parse(a.after!).reason === 'demo mode off')).toBe(true);
    const warned = second.log.messages().find((m) => m.msg.startsWith('demo mode is off: demo accounts'));
    expect(warned?.accounts).toEqual(expect.arrayContaining(['admin@example.com', 'demo@example.com']));
    expect(second.log.messages().some((m) => m.msg === 'demo mode is off: the demo partner business (published secret) disabled')).toBe(true);
    expect((await partnerCall(second.app, DEMO_PARTNER_ID, DEMO_PARTNER_SECRET)).json().ret_code).toBe(RetCode.PARTNER_UNKNOWN);
    expect((await second.app.inject({ method: 'GET', url: '/partner-demo/' })).statusCode).toBe(404);
    // A further start without demo mode has nothing left to disable: no new records, no warning.
    await second.app.close();
    cleanups.pop();
    const third = await start(false);
    expect(await third.app.db.selectFrom('audit_log').select('id').where('action', '=', 'user.disable').execute()).toHaveLength(audit.length);
    expect(third.log.messages().some((m) => m.msg.startsWith('demo mode is off'))).toBe(false);
    await third.app.close();

    // 3. Demo mode again: the demo accounts and the demo partner work again.
    const fourth = await start(true);
    cleanups.push(() => fourth.app.close());
    expect((await login(fourth.app, 'admin@example.com', DEMO_PASSWORDS.admin)).json().ret_code).toBe(0);
    expect((await partnerCall(fourth.app, DEMO_PARTNER_ID, DEMO_PARTNER_SECRET)).json().ret_code).toBe(0);
  }, 240_000);
});

describe('session cookies and HSTS', () => {
  async function loginOn(publicUrl: string | null) {
    const base = configWith({});
    const { app, close } = await createTestApp({ vendors: { ...base.vendors, publicUrl } });
    cleanups.push(close);
    await app.services.accounts.createUser({ email: 'cookie@example.com', password: 'correct-horse-battery' }, { type: 'system', id: null });
    return app.inject({ method: 'POST', url: LOGIN, headers: jsonHeaders, payload: { email: 'cookie@example.com', password: 'correct-horse-battery' } });
  }

  it('with an https PUBLIC_URL: Secure and HSTS, though the request itself looks like http (no trusted proxy)', async () => {
    const res = await loginOn('https://accounts.example');
    expect(res.json().ret_code).toBe(0);
    expect(res.cookies.find((c) => c.name === 'ua_sid')?.secure).toBe(true);
    expect(res.headers['strict-transport-security']).toBe('max-age=15552000');
  });

  it('on plain http without PUBLIC_URL (a laptop): neither, or the browser would drop the cookie', async () => {
    const res = await loginOn(null);
    expect(res.json().ret_code).toBe(0);
    expect(res.cookies.find((c) => c.name === 'ua_sid')?.secure).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });
});
