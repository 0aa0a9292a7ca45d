import { Writable } from 'node:stream';
import Fastify from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiPath } from '../../shared/api/paths.ts';
import { okEnvelope } from '../../shared/envelope-schema.ts';
import { RetCode } from '../../shared/ret-codes.ts';
import type { App } from '../app.ts';
import { BusinessError } from '../errors.ts';
import { createTestApp, jsonHeaders, signIn } from '../test/test-app.ts';
import { immutableResult } from '../immutable-result.ts';
import envelopePlugin, { ok } from './envelope.ts';

/** How often the kept result's contract ran. */
let keptChecks = 0;

/** A bare app with the envelope plugin and routes that break their contracts on purpose. */
async function contractApp() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = Fastify({ logger: { level: 'info', stream } }).withTypeProvider<ZodTypeProvider>();
  await app.register(envelopePlugin);
  const reply = { response: { 200: okEnvelope(z.object({ id: z.string(), count: z.number().int() })) } };
  app.get('/x-api/extra-keys', { schema: reply }, async () => ok({ id: 'a', count: 1, passwordHash: 'scrypt$secret', internal: { x: 1 } }));
  // @ts-expect-error the type checker catches this too; the test is about what happens at run time
  app.get('/x-api/broken', { schema: reply }, async () => ok({ id: 'personal-value', count: 'many' }));
  // An immutable result (a kept reply): checked against the contract once per route, then its JSON reused.
  const kept = immutableResult({ id: 'kept', count: 2, passwordHash: 'scrypt$kept' });
  const counted = okEnvelope(
    z.object({ id: z.string(), count: z.number().int() }).refine(() => {
      keptChecks++;
      return true;
    }),
  );
  app.get('/x-api/kept', { schema: { response: { 200: counted } } }, async () => ok(kept));
  app.get('/x-api/kept-other', { schema: { response: { 200: okEnvelope(z.object({ id: z.string() })) } } }, async () => ok(kept));
  const keptBroken = immutableResult({ id: 'x', count: 'many' });
  // @ts-expect-error broken on purpose: an immutable result is still checked
  app.get('/x-api/kept-broken', { schema: reply }, async () => ok(keptBroken));
  app.get('/x-api/business-error', { schema: reply }, async () => {
    throw new BusinessError(RetCode.WRONG_STATE, 'level 1 is PENDING', { fields: [{ path: 'level', code: 'type' }], extra: true });
  });
  await app.ready();
  return { app, log: () => lines.join('') };
}

describe('reply contracts (bare app)', () => {
  let bare: Awaited<ReturnType<typeof contractApp>>;
  beforeAll(async () => {
    bare = await contractApp();
  });
  afterAll(async () => bare.app.close());

  it('sends only the keys the contract names', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/x-api/extra-keys' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { id: 'a', count: 1 } });
    expect(res.body).not.toContain('scrypt');
  });

  it('a reply that breaks its contract is a logged server error, and nothing of it is sent', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/x-api/broken' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ ret_code: RetCode.INTERNAL_ERROR, ret_msg: 'internal error', result: {} });
    expect(res.body).not.toContain('personal-value');
    const line = bare.log().split('\n').find((l) => l.includes('reply does not match its contract'));
    expect(line).toBeDefined();
    const entry = JSON.parse(line!);
    expect(entry).toMatchObject({ level: 50, route: 'GET /x-api/broken', issues: [{ path: 'result.count', code: 'invalid_type' }] });
    expect(line).not.toContain('personal-value');
  });

  it("an immutable result's JSON is made once per route, through that route's contract", async () => {
    const first = await bare.app.inject({ method: 'GET', url: '/x-api/kept' });
    const second = await bare.app.inject({ method: 'GET', url: '/x-api/kept' });
    expect(first.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { id: 'kept', count: 2 } });
    expect(second.body).toBe(first.body);
    expect(keptChecks).toBe(1);
    // Another route's contract applies to the same result on its own.
    expect((await bare.app.inject({ method: 'GET', url: '/x-api/kept-other' })).json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: { id: 'kept' } });
    expect((await bare.app.inject({ method: 'GET', url: '/x-api/kept-broken' })).statusCode).toBe(500);
    expect((await bare.app.inject({ method: 'GET', url: '/x-api/kept-broken' })).statusCode).toBe(500);
  });

  it('a failure envelope bypasses the success contract: its result arrives unchanged', async () => {
    const res = await bare.app.inject({ method: 'GET', url: '/x-api/business-error' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toEqual({ ret_code: RetCode.WRONG_STATE, ret_msg: 'level 1 is PENDING', result: { fields: [{ path: 'level', code: 'type' }], extra: true } });
  });
});

describe('failure replies of real routes keep their result', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ app, close } = await createTestApp({ login: { freeFailuresPerAccountIp: 1, freeFailuresPerAccount: 1, maxAttemptsPerIp: 50, windowMs: 60_000, maxDelayMs: 60_000 } }));
  });
  afterAll(async () => close());

  it('10001: the field issues of kyc-personal-info', async () => {
    const cookie = await signIn(app, 'fields@example.com');
    const res = await app.inject({ method: 'POST', url: `/x-api${ApiPath.kycPersonalInfo}`, headers: { ...jsonHeaders, cookie }, payload: { firstName: 'Ada2' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.ret_code).toBe(RetCode.PARAMS_ERROR);
    expect(body.result.fields).toEqual(expect.arrayContaining([{ path: 'firstName', code: 'kyc-rules.invalid_name' }, { path: 'lastName', code: 'required' }]));
    // Nothing was saved.
    const saved = await app.inject({ method: 'GET', url: `/x-api${ApiPath.kycPersonalInfo}`, headers: { cookie } });
    expect(saved.json().result.info).toBeNull();
  });

  it('10012: self-reset of a level that did not fail', async () => {
    const cookie = await signIn(app, 'state@example.com');
    const res = await app.inject({ method: 'POST', url: `/x-api${ApiPath.selfReset}`, headers: { ...jsonHeaders, cookie }, payload: { level: 1 } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ ret_code: RetCode.WRONG_STATE, result: {} });
    const info = await app.inject({ method: 'POST', url: `/x-api${ApiPath.kycInfo}`, headers: { ...jsonHeaders, cookie }, payload: { obtain_state: true } });
    expect(info.json().result.state).toEqual([
      { level: 1, status: 'ALLOW', type: 'INDIVIDUAL' },
      { level: 2, status: 'NOT_ALLOW', type: 'INDIVIDUAL' },
    ]);
  });

  it('10006: the throttled login says when to retry', async () => {
    await signIn(app, 'throttle@example.com');
    const login = (password: string) => app.inject({ method: 'POST', url: `/x-api${ApiPath.login}`, headers: jsonHeaders, payload: { email: 'throttle@example.com', password } });
    // The clock stands still between the two attempts: a slow machine must not let the delay run out.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      await login('wrong-password-1');
      const res = await login('wrong-password-2');
      expect(res.json()).toMatchObject({ ret_code: RetCode.TOO_MANY_ATTEMPTS, result: { retryAfterSeconds: expect.any(Number) } });
    } finally {
      vi.useRealTimers();
    }
  });
});
