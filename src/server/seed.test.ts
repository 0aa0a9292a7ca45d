import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildApp, type App } from './app.ts';
import { configWith, type Config } from './config.ts';
import { DEMO_USERS, seedDemoData, seedDemoOnStart } from './seed.ts';
import type { Services } from './services.ts';

/**
 * `kill -9` during the first start's demo seeding: the next start on the same database completes it.
 * The crash is simulated by services that fail part-way (a parameter, like every service call of the
 * seed), leaving exactly what a killed process leaves: committed records up to that point.
 */

let dir: string;
let config: Config;
const apps: App[] = [];

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'ua-seed-'));
  config = configWith({
    database: { kind: 'sqlite', file: path.join(dir, 'db.sqlite') },
    logLevel: 'silent',
    webDist: '/nonexistent-web-dist',
    dataEncryptionKey: randomBytes(32).toString('base64'),
    documentStore: { kind: 'file', dir: path.join(dir, 'documents') },
    demo: false,
    // No face matching in the background (decision 045): these apps start and stop over and over, and a
    // face thread ended with its WebAssembly still being optimised crashed the test process (V8's
    // "Check failed: jit_page.has_value()"). Seeding does not need it.
  }, { FACE_MATCH_POLL_SECONDS: '0' });
});
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Starts the server's app on the test's database file (a restart is another call). */
async function start(overrides: Partial<Config> = {}) {
  const app = await buildApp({ ...config, ...overrides });
  apps.push(app);
  return app;
}
async function stop(app: App) {
  apps.splice(apps.indexOf(app), 1);
  await app.close();
}

/** The services, except that the n-th reviewer approval dies (the process is killed there). */
function dyingAtApproval(services: Services, n: number): Services {
  let calls = 0;
  const approve: Services['console']['approve'] = (...args) => {
    if (++calls === n) throw new Error('killed');
    return services.console.approve(...args);
  };
  return { ...services, console: { ...services.console, approve } };
}

/** The services, except that the n-th account creation dies before it commits. */
function dyingAtCreateUser(services: Services, n: number): Services {
  let calls = 0;
  const createUser: Services['accounts']['createUser'] = (...args) => {
    if (++calls === n) throw new Error('killed');
    return services.accounts.createUser(...args);
  };
  return { ...services, accounts: { ...services.accounts, createUser } };
}

async function demoState(app: App) {
  const users = await app.db.selectFrom('users').select(['id', 'email', 'role']).orderBy('email').execute();
  const steps = await app.db
    .selectFrom('step_states')
    .innerJoin('users', 'users.id', 'step_states.subject_id')
    .select(['users.email', 'step_states.machine', 'step_states.step', 'step_states.status'])
    .orderBy('users.email')
    .orderBy('step_states.machine')
    .orderBy('step_states.step')
    .execute();
  const documents = await app.db.selectFrom('kyc_documents').innerJoin('users', 'users.id', 'kyc_documents.user_id').select(['users.email', 'kyc_documents.level', 'kyc_documents.kind']).orderBy('users.email').orderBy('kyc_documents.level').orderBy('kyc_documents.kind').execute();
  const decisions = await app.db.selectFrom('review_decisions').select('actor_id').execute();
  return { users: users.map((u) => `${u.email}:${u.role}`), steps, documents, decisions: decisions.length };
}

describe('demo seeding survives a crash', () => {
  let expected: Awaited<ReturnType<typeof demoState>> | undefined;
  /** What an uninterrupted first start creates (on its own database). */
  async function reference() {
    if (!expected) {
      const app = await start({ database: { kind: 'sqlite', file: path.join(dir, 'reference.sqlite') }, demo: true });
      expected = await demoState(app);
      expect(expected.users).toHaveLength(DEMO_USERS.length);
      await stop(app);
    }
    return expected;
  }

  it.each([
    // l2-approved's level-1 approval: the user exists, half-way through its scenario.
    ['in the middle of a demo user', (s: Services) => dyingAtApproval(s, 2), { email: 'l2-approved@example.com', machine: 'kyc_level', step: '1', status: 'PENDING' }, 2],
    // l1-pending's account: its attempt is recorded, the account was never committed.
    ['before a demo user\'s account is committed', (s: Services) => dyingAtCreateUser(s, 3), undefined, 1],
  ] as const)('killed %s: the next start completes every demo user, once', { timeout: 240_000 }, async (_when, dying, halfBuiltStep, closingRecords) => {
    const want = await reference();

    const first = await start();
    await expect(seedDemoOnStart(dying(first.services), first.db)).rejects.toThrow('killed');
    const broken = await demoState(first);
    expect(broken.users).not.toContain('kyc-tag@example.com:user');
    if (halfBuiltStep) expect(broken.steps).toContainEqual(halfBuiltStep);
    await stop(first);

    // Restart on the same database: seeding is finished, with each user in its state, nothing twice.
    const restarted = await start({ demo: true });
    expect(await demoState(restarted)).toEqual(want);
    const closing = await restarted.db.selectFrom('audit_log').select('action').where('action', 'in', ['user.delete', 'document.delete_all', 'demo.seed_abandoned']).orderBy('action').execute();
    expect(closing.map((r) => r.action)).toEqual(closingRecords === 2 ? ['demo.seed_abandoned', 'document.delete_all', 'user.delete'] : ['demo.seed_abandoned']);
    // The demo password works for every rebuilt user.
    const login = await restarted.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: { 'content-type': 'application/json' }, payload: { email: 'l2-approved@example.com', password: 'demo-password-1' } });
    expect(login.json().ret_code).toBe(0);
    await stop(restarted);

    // Another restart changes nothing.
    const again = await start({ demo: true });
    expect(await seedDemoOnStart(again.services, again.db)).toEqual([]);
    expect(await demoState(again)).toEqual(want);
  });

  it('killed right after migrating (no user yet): the next start seeds', { timeout: 120_000 }, async () => {
    await stop(await start());
    const restarted = await start({ demo: true });
    expect((await demoState(restarted)).users).toHaveLength(DEMO_USERS.length);
  });

  it('a database with real users and no unfinished seeding is left alone, even in demo mode', async () => {
    const first = await start();
    await first.services.accounts.createUser({ email: 'real@example.com', password: 'a-real-users-password' }, { type: 'system', id: null });
    await stop(first);
    const restarted = await start({ demo: true });
    expect((await demoState(restarted)).users).toEqual(['real@example.com:user']);
  });

  it('`npm run seed` adds missing demo users next to existing ones, and keeps a demo user made before progress records', async () => {
    const app = await start();
    // A demo user from an older version: no progress records; it must not be mistaken for a half-built one.
    await app.services.accounts.createUser({ email: 'demo@example.com', password: 'changed-by-its-owner' }, { type: 'system', id: null });
    const before = await app.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow();
    const created = await seedDemoData({ ...app.services }, app.db);
    expect(created).not.toContain('demo@example.com');
    expect(created).toHaveLength(DEMO_USERS.length - 1);
    expect(await app.db.selectFrom('users').select('id').where('email', '=', 'demo@example.com').executeTakeFirstOrThrow()).toEqual(before);
  }, 120_000);
});
