import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { UserRole } from '../shared/api/accounts.ts';
import { ConsoleRole } from '../shared/staff.ts';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { checkReadiness, hasBlocker, readinessFacts } from './readiness.ts';
import { createTestApp } from './test/test-app.ts';

/** The production readiness check (decision 035): `npm run doctor` and the server's start. */

const KEY = Buffer.alloc(32, 3).toString('base64');
/** A configuration with nothing to say: PostgreSQL, S3, SMTP, https behind a trusted proxy. */
const PRODUCTION = {
  HOST: '0.0.0.0',
  DATABASE_URL: 'postgres://db.internal/accounts',
  DATA_ENCRYPTION_KEY: KEY,
  DOCUMENT_STORE_URL: 's3://kyc-documents',
  SMTP_URL: 'smtps://user:pw@mail.exchange.example:465',
  MAIL_FROM: 'Accounts <no-reply@exchange.example>',
  PUBLIC_URL: 'https://accounts.exchange.example',
  TRUST_PROXY: '10.0.0.5',
};
const ids = (env: Record<string, string | undefined>, administratorExists: boolean | null = true) => checkReadiness(loadConfig(env), { administratorExists }).map((i) => `${i.severity}:${i.id}`);

describe('checkReadiness', () => {
  it('a complete production configuration with an administrator: nothing to say', () => {
    expect(ids(PRODUCTION)).toEqual([]);
  });

  it('the README quick start (loopback, nothing configured): demo mode and every missing piece', () => {
    expect(ids({}, false)).toEqual(['blocker:demo', 'blocker:smtp', 'blocker:public-url', 'warning:database', 'warning:master-key', 'blocker:administrator']);
  });

  it.each([
    [{ DEMO: 'true' }, 'blocker:demo'],
    [{ SMTP_URL: undefined }, 'blocker:smtp'],
    [{ MAIL_FROM: undefined }, 'warning:mail-from'],
    [{ PUBLIC_URL: undefined }, 'blocker:public-url'],
    [{ PUBLIC_URL: 'http://accounts.exchange.example', DEMO: 'false' }, 'blocker:public-url'],
    [{ TRUST_PROXY: undefined }, 'blocker:trust-proxy'],
    [{ DOCUMENT_STORE_URL: 'file:///srv/documents' }, 'warning:document-store'],
    [{ FOUR_EYES_RULES: '[]' }, 'warning:four-eyes'],
    [{ RETENTION_JOB_INTERVAL_MINUTES: '0' }, 'warning:retention'],
    [{ REVIEWER_SESSION_TTL_HOURS: '12' }, 'warning:reviewer-sessions'],
  ])('%j: %s', (change, expected) => {
    expect(ids({ ...PRODUCTION, ...change })).toEqual([expected]);
  });

  it('no administrator (or only a disabled one): a blocker with the command that makes one', () => {
    const [item] = checkReadiness(loadConfig(PRODUCTION), { administratorExists: false });
    expect(item).toMatchObject({ id: 'administrator', severity: 'blocker' });
    expect(item!.fix).toContain('--role administrator');
  });

  it('a vendor with credentials whose webhook secret is published (a config not made by loadConfig): a blocker', () => {
    const base = loadConfig(PRODUCTION);
    const sumsub = { appToken: 'prd:t', secretKey: 'k', baseUrl: 'https://api.sumsub.com', websdkUrl: 'https://static.sumsub.com/x.js', levelNames: { 1: 'a', 2: 'b' }, webhookSecret: 'demo-sumsub-webhook-secret' };
    const items = checkReadiness({ ...base, vendors: { ...base.vendors, sumsub } }, { administratorExists: true });
    expect(items.map((i) => i.id)).toEqual(['webhook-secret-sumsub']);
    expect(hasBlocker(items)).toBe(true);
  });

  it('every item says what to do', () => {
    for (const item of checkReadiness(loadConfig({ DEMO: 'true', FOUR_EYES_RULES: '[]', RETENTION_JOB_INTERVAL_MINUTES: '0', REVIEWER_SESSION_TTL_HOURS: '24' }), { administratorExists: false })) {
      expect(item.problem.length).toBeGreaterThan(20);
      expect(item.fix.length).toBeGreaterThan(10);
    }
  });
});

describe('readinessFacts', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('an administrator counts only while their account is enabled', async () => {
    const made = await createTestApp();
    close = made.close;
    const { app } = made;
    expect(await readinessFacts(app.services.staff)).toEqual({ administratorExists: false });
    const system = { type: 'system', id: null } as const;
    const id = await app.services.accounts.createUser({ email: 'boss@company.example', password: 'correct-horse-battery' }, system, UserRole.REVIEWER);
    await app.services.staff.setRole(id, ConsoleRole.ADMINISTRATOR, system);
    expect(await readinessFacts(app.services.staff)).toEqual({ administratorExists: true });
    await app.services.accounts.disableAccounts([id], 'test', system);
    expect(await readinessFacts(app.services.staff)).toEqual({ administratorExists: false });
  });
});

describe('npm run doctor', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  function doctor(env: Record<string, string>) {
    const dataDir = env.DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'ua-doctor-'));
    dirs.push(dataDir);
    const clean = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^(DATABASE_URL|DEMO|HOST|PUBLIC_URL|SMTP_URL|TRUST_PROXY|TEST_DATABASE_URL)$/.test(k)));
    return spawnSync(process.execPath, ['scripts/doctor.ts'], { env: { ...clean, DATA_DIR: dataDir, ...env }, encoding: 'utf8', timeout: 60_000 });
  }

  it('on a public address with nothing configured: lists the blockers with what to do, exit 1, creates no database', () => {
    const run = doctor({ HOST: '0.0.0.0' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('no database yet');
    expect(run.stdout).toMatch(/BLOCKER {2}No SMTP_URL/);
    expect(run.stdout).toMatch(/BLOCKER {2}PUBLIC_URL is not set/);
    expect(run.stdout).toMatch(/BLOCKER {2}No console administrator/);
    expect(run.stdout).toContain('→ Set SMTP_URL=');
    expect(run.stdout).not.toMatch(/Demo mode is on/);
    expect(existsSync(path.join(dirs.at(-1)!, 'user-accounts.sqlite'))).toBe(false);
  });

  it('a configuration the server would refuse: each problem is a blocker, exit 1', () => {
    const run = doctor({ HOST: '0.0.0.0', SUMSUB_APP_TOKEN: 'prd:t', SUMSUB_WEBHOOK_SECRET: 'demo-sumsub-webhook-secret' });
    expect(run.status).toBe(1);
    expect(run.stdout).toContain('The server would not start');
    expect(run.stdout).toContain('BLOCKER  SUMSUB_WEBHOOK_SECRET: is a published demo value');
    expect(run.stdout).toContain('BLOCKER  SUMSUB_APP_TOKEN/SUMSUB_SECRET_KEY: set both credentials or neither');
  });

  it('an embedded database with an administrator, mail and https set: warnings only, exit 0', async () => {
    const env = { HOST: '0.0.0.0', SMTP_URL: PRODUCTION.SMTP_URL, MAIL_FROM: PRODUCTION.MAIL_FROM, PUBLIC_URL: PRODUCTION.PUBLIC_URL, TRUST_PROXY: 'true', DATA_ENCRYPTION_KEY: KEY };
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-doctor-'));
    dirs.push(dataDir);
    const app = await buildApp(loadConfig({ ...env, DATA_DIR: dataDir, LOG_LEVEL: 'silent', WEB_DIST: '/nonexistent-web-dist' }));
    const system = { type: 'system', id: null } as const;
    const id = await app.services.accounts.createUser({ email: 'boss@company.example', password: 'correct-horse-battery' }, system, UserRole.REVIEWER);
    await app.services.staff.setRole(id, ConsoleRole.ADMINISTRATOR, system);
    await app.close();
    const run = doctor({ ...env, DATA_DIR: dataDir });
    expect(run.stdout).toContain('0 blocker(s), 1 warning(s)');
    expect(run.stdout).toMatch(/warning {2}The embedded database/);
    expect(run.status).toBe(0);
  }, 60_000);
});
