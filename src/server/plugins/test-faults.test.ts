import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer, type RunningServer } from '../start.ts';
import { createTestApp, jsonHeaders, signIn } from '../test/test-app.ts';
import testFaultsPlugin, { TEST_FAULTS_PATH } from './test-faults.ts';

const FAULTS = TEST_FAULTS_PATH;
const PROFILE = '/x-api/v2/private/user/profile';
const withFaults = { plugins: [testFaultsPlugin] };
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, stream };
}

describe('the server npm start runs', () => {
  /**
   * Starts the server as main.ts does (config from the environment, startServer), on a free port and a
   * throwaway data directory, with every switch a test environment might flip; `options` as a caller
   * passes them.
   */
  async function start(options: Parameters<typeof startServer>[1] = {}): Promise<RunningServer> {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'ua-start-'));
    const env = {
      ...process.env,
      TEST_FAULTS: 'true',
      NODE_ENV: 'test',
      APP_ENV: 'test',
      CI: 'true',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      DEMO: 'false',
      WEB_DIST: '/nonexistent-web-dist',
      DATABASE_URL: undefined,
    };
    const quiet = vi.spyOn(console, 'log').mockImplementation(() => {});
    try {
      const server = await startServer(loadConfig(env), options);
      close = async () => {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      };
      return server;
    } finally {
      quiet.mockRestore();
    }
  }
  const arm = (origin: string, method = 'POST') =>
    fetch(`${origin}${FAULTS}`, {
      method,
      headers: method === 'POST' ? { 'content-type': 'application/json', origin } : { origin },
      body: method === 'POST' ? JSON.stringify({ path: '/v2/private/user/profile', retCode: 1007 }) : undefined,
    });

  it('has no test endpoint and no fault hook, whatever the environment says', async () => {
    const { app, origin } = await start();
    expect((await arm(origin)).status).toBe(404);
    expect((await arm(origin, 'DELETE')).status).toBe(404);
    expect(app.hasRoute({ method: 'POST', url: FAULTS })).toBe(false);
    // Nothing was armed: the profile answers as usual (not signed in), not with the 1007 asked for.
    expect(await (await fetch(`${origin}${PROFILE}`)).json()).toMatchObject({ ret_code: 10007 });
  });

  it('serves injected faults only when its caller passes the plugin (the browser tests’ server)', async () => {
    const { origin } = await start(withFaults);
    const armed = await arm(origin);
    expect(armed.status).toBe(200);
    expect(await armed.json()).toMatchObject({ ret_code: 0, result: { path: '/v2/private/user/profile', count: 1 } });
    expect(await (await fetch(`${origin}${PROFILE}`)).json()).toEqual({ ret_code: 1007, ret_msg: 'injected fault', result: {} });
    expect(await (await fetch(`${origin}${PROFILE}`)).json()).toMatchObject({ ret_code: 10007 });
  });
});

describe('the test-faults plugin', () => {
  it('when not passed, registers nothing: no arming route, and requests are never altered', async () => {
    const t = await createTestApp();
    close = t.close;
    const arm = await t.app.inject({ method: 'POST', url: FAULTS, headers: jsonHeaders, payload: { path: '/v2/private/user/profile', retCode: 1007 } });
    expect(arm.statusCode).toBe(404);
    const cookie = await signIn(t.app, 'off@example.com');
    const profile = await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie } });
    expect(profile.json().ret_code).toBe(0);
  });

  it('when passed, warns at start and arms "the next N requests to <path>" with a ret_code', async () => {
    const { lines, stream } = logCapture();
    const t = await createTestApp({}, stream, withFaults);
    close = t.close;
    expect(lines.join('')).toContain('test-faults plugin registered');
    const cookie = await signIn(t.app, 'on@example.com');

    const arm = await t.app.inject({ method: 'POST', url: FAULTS, headers: jsonHeaders, payload: { path: '/v2/private/user/profile', retCode: 1007, retMsg: 'session expired', count: 2 } });
    expect(arm.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { path: '/v2/private/user/profile', count: 2 } });

    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({ method: 'GET', url: `${PROFILE}?x=${i}`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ ret_code: 1007, ret_msg: 'session expired', result: {} });
    }
    const third = await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie } });
    expect(third.json()).toMatchObject({ ret_code: 0, result: { email: 'on@example.com' } });
    expect(lines.filter((l) => l.includes('test fault injected'))).toHaveLength(2);
  });

  it('arms an HTTP status, only for the given path; DELETE clears every fault', async () => {
    const t = await createTestApp({}, undefined, withFaults);
    close = t.close;
    const cookie = await signIn(t.app, 'status@example.com');
    await t.app.inject({ method: 'POST', url: FAULTS, headers: jsonHeaders, payload: { path: '/v2/private/user/profile', status: 500, count: 5 } });

    const other = await t.app.inject({ method: 'GET', url: '/x-api/user/private/member/info', headers: { cookie } });
    expect(other.json().ret_code).toBe(0);
    const failed = await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie } });
    expect(failed.statusCode).toBe(500);

    const clear = await t.app.inject({ method: 'DELETE', url: FAULTS, headers: { origin: jsonHeaders.origin, host: jsonHeaders.host } });
    expect(clear.json().ret_code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie } })).statusCode).toBe(200);
  });

  it('a fault armed with a session cookie hits only that session', async () => {
    const t = await createTestApp({}, undefined, withFaults);
    close = t.close;
    const alice = await signIn(t.app, 'alice@example.com');
    const bob = await signIn(t.app, 'bob@example.com');
    await t.app.inject({ method: 'POST', url: FAULTS, headers: { ...jsonHeaders, cookie: alice }, payload: { path: '/v2/private/user/profile', retCode: 1008 } });

    expect((await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie: bob } })).json().ret_code).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: PROFILE })).json().ret_code).toBe(10007);
    expect((await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie: alice } })).json().ret_code).toBe(1008);
    expect((await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie: alice } })).json().ret_code).toBe(0);
  });

  it.each([
    [{ path: '/v2/private/user/profile' }],
    [{ path: '/v2/private/user/profile', retCode: 1007, status: 500 }],
    [{ path: 'no-slash', retCode: 1007 }],
    [{ path: '/a?b=1', retCode: 1007 }],
    [{ path: '/a', status: 200 }],
    [{ path: '/a', retCode: 1007, count: 0 }],
    [{ path: '/a', retCode: 1007, extra: true }],
  ])('refuses an invalid fault %j', async (payload) => {
    const t = await createTestApp({}, undefined, withFaults);
    close = t.close;
    const res = await t.app.inject({ method: 'POST', url: FAULTS, headers: jsonHeaders, payload });
    expect(res.json().ret_code).toBe(10001);
  });
});
