import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { configWith, loadConfig } from '../config.ts';
import { createTestApp, jsonHeaders, signIn } from '../test/test-app.ts';

const FAULTS = '/x-api/v1/test/faults';
const PROFILE = '/x-api/v2/private/user/profile';
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

describe('TEST_FAULTS', () => {
  it('is off by default', () => {
    expect(loadConfig({}).testFaults).toBe(false);
    expect(loadConfig({ TEST_FAULTS: 'true' }).testFaults).toBe(true);
    expect(configWith({}).testFaults).toBe(false);
  });

  it('when off, registers nothing: no arming route, and requests are never altered', async () => {
    const t = await createTestApp();
    close = t.close;
    const arm = await t.app.inject({ method: 'POST', url: FAULTS, headers: jsonHeaders, payload: { path: '/v2/private/user/profile', retCode: 1007 } });
    expect(arm.statusCode).toBe(404);
    const cookie = await signIn(t.app, 'off@example.com');
    const profile = await t.app.inject({ method: 'GET', url: PROFILE, headers: { cookie } });
    expect(profile.json().ret_code).toBe(0);
  });

  it('when on, warns at start and arms "the next N requests to <path>" with a ret_code', async () => {
    const { lines, stream } = logCapture();
    const t = await createTestApp({ testFaults: true }, stream);
    close = t.close;
    expect(lines.join('')).toContain('TEST_FAULTS is on');
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
    const t = await createTestApp({ testFaults: true });
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
    const t = await createTestApp({ testFaults: true });
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
    const t = await createTestApp({ testFaults: true });
    close = t.close;
    const res = await t.app.inject({ method: 'POST', url: FAULTS, headers: jsonHeaders, payload });
    expect(res.json().ret_code).toBe(10001);
  });
});
