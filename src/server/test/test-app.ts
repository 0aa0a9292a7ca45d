import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp, type App, type BuildOptions } from '../app.ts';
import { configWith, type Config } from '../config.ts';
import { createTestDatabase } from './test-db.ts';
import { createFakeMailer } from '../mail/mailer.ts';

export type FakeMailer = ReturnType<typeof createFakeMailer>;

/** Each test app's mailbox, so `signIn(app, …)` can open the confirmation link sent to an address. */
const mailboxes = new WeakMap<App, FakeMailer>();

/**
 * A fresh app on a fresh database for one test file. With TEST_DATABASE_URL set (CI does), the
 * database is a new PostgreSQL database dropped afterwards; otherwise an in-memory SQLite one.
 * `options.plugins` registers test-only plugins (plugins/test-faults.ts) where buildApp allows them.
 */
export async function createTestApp(
  overrides: Partial<Config> = {},
  logStream?: NodeJS.WritableStream,
  options: Pick<BuildOptions, 'plugins'> = {},
): Promise<{ app: App; close: () => Promise<void>; mailer: FakeMailer }> {
  const { database, drop } = await createTestDatabase();
  // The embedded default document store, in a directory of this app's own (removed on close).
  const documentsDir = mkdtempSync(path.join(tmpdir(), 'ua-test-documents-'));
  const config = configWith({
    database,
    logLevel: logStream ? 'info' : 'silent',
    demo: false,
    webDist: '/nonexistent-web-dist',
    // A key per test app: tests never write a key file into the working tree's data directory.
    dataEncryptionKey: randomBytes(32).toString('base64'),
    documentStore: { kind: 'file', dir: documentsDir },
    // scrypt at 1 MiB, not the production 32 MiB (about 0.1–0.2 s of CPU a hash here): every test user
    // registers and signs in. config.test.ts checks the production floor; passwords.test.ts the cost.
    passwordHashN: 2 ** 10,
    ...overrides,
  });
  // Face threads at normal priority (decision 039): a suite's parallel workers would starve a nice one.
  if (!overrides.capture) config.capture = { ...config.capture, faceNice: 0 };
  // Never a face match in the background (decision 045), whatever the test's capture settings: a test
  // that uploads a selfie and a front does not load the face model or take a face thread (a liveness
  // test's only one) unless it runs the comparisons itself (faceMatches.jobs.runDue).
  config.capture = { ...config.capture, faceMatchPollMs: 0 };
  // No periodic re-screening pass (decision 044): a test runs it (or the console's routes kick it) when it
  // means to; matching threads at normal priority, as the face threads above (decision 054).
  if (!overrides.screening) config.screening = { ...config.screening, rescreenIntervalMs: 0, nice: 0 };
  // No relay in the background (decision 050): a webhook test runs it (events.relay.runDue) when it means to;
  // nor the modules' reactions to events (decision 057): a test runs them (events.subscribers.runDue).
  // Private addresses refused, as outside demo mode (decision 056 allows them by default in demo mode only).
  if (!overrides.webhooks) config.webhooks = { ...config.webhooks, relayIntervalMs: 0, subscriberIntervalMs: 0, allowPrivate: false };
  // The limitation sweep runs when a test calls it (decision 061).
  if (!overrides.limitationSweep) config.limitationSweep = { ...config.limitationSweep, intervalMs: 0 };
  const mailer = createFakeMailer();
  const app = await buildApp(config, { ...options, mailer, ...(logStream ? { logStream } : {}) });
  await app.ready();
  mailboxes.set(app, mailer);
  return {
    app,
    mailer,
    close: async () => {
      await app.close();
      await drop();
      rmSync(documentsDir, { recursive: true, force: true });
    },
  };
}

/** JSON headers as a same-origin browser sends them. */
export const jsonHeaders = { 'content-type': 'application/json', origin: 'http://localhost:80', host: 'localhost:80' };

/** The token of the newest confirmation link mailed to `email` (registration, decision 013). */
export function confirmationTokenFor(mailer: FakeMailer, email: string): string {
  const links = mailer.to(email).flatMap((m) => [...m.text.matchAll(/\/login\?confirm=([\w-]+)/g)].map((x) => x[1]!));
  const token = links.at(-1);
  if (!token) throw new Error(`no confirmation link was mailed to ${email}`);
  return token;
}

/**
 * Returns the Cookie header value of a new session for `email`. With `register` (the default) as a
 * person does: registers, opens the confirmation link from the fake mailer (which signs in); without,
 * logs in to an existing (confirmed) account.
 */
export async function signIn(app: App, email: string, password = 'correct-horse-battery', register = true): Promise<string> {
  let res;
  if (register) {
    const reg = await app.inject({ method: 'POST', url: '/x-api/v1/user/register', headers: jsonHeaders, payload: { email, password } });
    if (reg.json().ret_code !== 0) throw new Error(`registration failed: ${reg.body}`);
    const mailer = mailboxes.get(app);
    if (!mailer) throw new Error('signIn with register needs an app from createTestApp (its fake mailer holds the link)');
    res = await app.inject({ method: 'POST', url: '/x-api/v1/user/confirm-email', headers: jsonHeaders, payload: { token: confirmationTokenFor(mailer, email) } });
  } else {
    res = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email, password } });
  }
  const body = res.json();
  if (body.ret_code !== 0) throw new Error(`sign-in failed: ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'ua_sid');
  if (!cookie) throw new Error('no session cookie');
  return `ua_sid=${cookie.value}`;
}
