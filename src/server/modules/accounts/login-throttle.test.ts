import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';

/**
 * Login throttling counts failures only and answers them with growing delays, never a lock that an
 * attacker could put on someone else: per account and IP, per account from IPs that never signed in
 * to it, and per IP. Counters live in the database (rate_limits), so several servers share them.
 * Time passes by moving the stored timestamps back (no sleeping), and only then: the clock stands
 * still (only Date is faked), so a slow machine's seconds between two attempts never let a delay
 * run out by itself.
 */

let app: App;
let close: () => Promise<void>;

const LOGIN = { freeFailuresPerAccountIp: 3, freeFailuresPerAccount: 6, maxAttemptsPerIp: 8, windowMs: 60_000, maxDelayMs: 8_000 };
const PASSWORD = 'the-owners-password';
const OWNER = 'owner@example.com';

beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-02T10:00:00.000Z'));
  ({ app, close } = await createTestApp({ login: LOGIN }));
  await createUser(OWNER);
});
afterEach(async () => {
  await close();
  vi.useRealTimers();
});

const createUser = (email: string) => app.services.accounts.createUser({ email, password: PASSWORD }, { type: 'system', id: null });

async function login(email: string, password: string, ip: string) {
  const res = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', remoteAddress: ip, headers: { 'content-type': 'application/json' }, payload: { email, password } });
  return res.json() as { ret_code: number; result: { retryAfterSeconds?: number } };
}
const code = async (email: string, password: string, ip: string) => (await login(email, password, ip)).ret_code;

/** Moves every throttle timestamp `ms` into the past: as if that much time went by. */
async function passTime(ms: number) {
  const rows = await app.db.selectFrom('rate_limits').select(['key', 'window_start']).execute();
  for (const r of rows) {
    await app.db.updateTable('rate_limits').set({ window_start: new Date(Date.parse(r.window_start) - ms).toISOString() }).where('key', '=', r.key).execute();
  }
}
const counter = async (key: string) => (await app.db.selectFrom('rate_limits').select('count').where('key', '=', key).executeTakeFirst())?.count;

describe('failures only', () => {
  it('successful logins from one IP (users behind one NAT) never slow it down', async () => {
    for (let i = 0; i < 12; i++) await createUser(`colleague${i}@example.com`);
    for (let i = 0; i < 12; i++) expect(await code(`colleague${i}@example.com`, PASSWORD, '198.51.100.1')).toBe(RetCode.OK);
    expect(await counter('login:fail:ip:198.51.100.1')).toBe(0);
    expect(await code(OWNER, 'a-wrong-password', '198.51.100.1')).toBe(RetCode.LOGIN_FAILED);
    expect(await counter('login:fail:ip:198.51.100.1')).toBe(1);
  });

  it('a successful login clears its account-and-IP failures and is not counted itself', async () => {
    for (let i = 0; i < 2; i++) expect(await code(OWNER, `bad-${i}-password`, '198.51.100.2')).toBe(RetCode.LOGIN_FAILED);
    expect(await code(OWNER, PASSWORD, '198.51.100.2')).toBe(RetCode.OK);
    expect(await counter(`login:fail:account-ip:${OWNER}|198.51.100.2`)).toBeUndefined();
    expect(await counter('login:fail:ip:198.51.100.2')).toBe(2);
    expect(await counter(`login:fail:account:${OWNER}`)).toBe(2);
  });
});

describe('delays, not locks', () => {
  it('one IP guessing one account: free failures, then 1, 2, 4, 8, 8 s between attempts; the right password after the wait works', async () => {
    const attacker = '203.0.113.9';
    for (let i = 0; i < 3; i++) expect(await code(OWNER, `guess-${i}-password`, attacker)).toBe(RetCode.LOGIN_FAILED);
    const waits: number[] = [];
    for (let i = 0; i < 5; i++) {
      const refused = await login(OWNER, `guess-x${i}-password`, attacker);
      expect(refused.ret_code).toBe(RetCode.TOO_MANY_ATTEMPTS);
      waits.push(refused.result.retryAfterSeconds!);
      // A refused attempt is not counted: asking again at once gets the same wait.
      expect((await login(OWNER, `guess-y${i}-password`, attacker)).result.retryAfterSeconds).toBe(waits[i]);
      await passTime(waits[i]! * 1000);
      expect(await code(OWNER, `guess-z${i}-password`, attacker)).toBe(RetCode.LOGIN_FAILED);
    }
    expect(waits).toEqual([1, 2, 4, 8, 8]);
    await passTime(8_000);
    expect(await code(OWNER, PASSWORD, attacker)).toBe(RetCode.OK);
  });

  it('the owner elsewhere is not slowed by a guesser on another IP', async () => {
    for (let i = 0; i < 4; i++) await code(OWNER, `guess-${i}-password`, '203.0.113.10');
    expect(await code(OWNER, 'guess-again-password', '203.0.113.10')).toBe(RetCode.TOO_MANY_ATTEMPTS);
    expect(await code(OWNER, PASSWORD, '192.0.2.50')).toBe(RetCode.OK);
  });

  it('many IPs guessing one account: new IPs wait, the IPs the owner signed in from do not', async () => {
    expect(await code(OWNER, PASSWORD, '192.0.2.1')).toBe(RetCode.OK); // the owner's usual IP
    for (let i = 0; i < 6; i++) expect(await code(OWNER, `botnet-${i}-password`, `203.0.113.${100 + i}`)).toBe(RetCode.LOGIN_FAILED);
    const next = await login(OWNER, 'botnet-7-password', '203.0.113.120');
    expect(next).toMatchObject({ ret_code: RetCode.TOO_MANY_ATTEMPTS, result: { retryAfterSeconds: 1 } });
    // The owner is not kept out: at home at once, and on a new device after the (short, bounded) wait.
    expect(await code(OWNER, PASSWORD, '192.0.2.1')).toBe(RetCode.OK);
    expect(await code(OWNER, PASSWORD, '198.51.100.77')).toBe(RetCode.TOO_MANY_ATTEMPTS);
    await passTime(1_000);
    expect(await code(OWNER, PASSWORD, '198.51.100.77')).toBe(RetCode.OK);
  });

  it('one IP trying many accounts waits after its free failures', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push(await code(`someone${i}@example.com`, 'whatever-password', '203.0.113.30'));
    expect(codes).toEqual([...Array(8).fill(RetCode.LOGIN_FAILED), RetCode.TOO_MANY_ATTEMPTS]);
  });

  it('an address without an account is throttled exactly like one with (no hint either way)', async () => {
    const run = async (email: string, ip: string) => {
      const out: number[] = [];
      for (let i = 0; i < 5; i++) out.push(await code(email, `guess-${i}-password`, ip));
      return out;
    };
    expect(await run('nobody@example.com', '203.0.113.40')).toEqual(await run(OWNER, '203.0.113.41'));
  });

  it('parallel guesses cannot outrun the delay', async () => {
    const codes = await Promise.all(Array.from({ length: 12 }, (_, i) => code(OWNER, `guess-${i}-password`, '203.0.113.50')));
    // At most the 3 free failures reach the password check. Under real concurrency (PostgreSQL) the
    // three counters an attempt reserves one after another can also turn a contender away early, so
    // fewer may get through; never more.
    const failed = codes.filter((c) => c === RetCode.LOGIN_FAILED).length;
    expect(failed).toBeGreaterThanOrEqual(1);
    expect(failed).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === RetCode.TOO_MANY_ATTEMPTS).length).toBe(12 - failed);
  });

  it('failures are forgotten after a quiet window', async () => {
    for (let i = 0; i < 3; i++) await code(OWNER, `guess-${i}-password`, '203.0.113.60');
    expect(await code(OWNER, 'guess-3-password', '203.0.113.60')).toBe(RetCode.TOO_MANY_ATTEMPTS);
    await passTime(LOGIN.windowMs + 1);
    for (let i = 0; i < 3; i++) expect(await code(OWNER, `guess-${i}-password`, '203.0.113.60')).toBe(RetCode.LOGIN_FAILED);
  });
});
