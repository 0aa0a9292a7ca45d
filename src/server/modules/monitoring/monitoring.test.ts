import { Writable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp, jsonHeaders } from '../../test/test-app.ts';
import { redactSecrets, sanitizeReport } from './monitoring.service.ts';

const URL_ = '/x-api/v1/public/monitoring/report';
let app: App;
let close: () => Promise<void>;
let lines: string[];

beforeEach(async () => {
  lines = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  ({ app, close } = await createTestApp({ monitoringReportsPerMinute: 3 }, stream));
});
afterEach(async () => close());

const send = (payload: unknown, extra: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  app.inject({ method: 'POST', url: URL_, headers: { ...jsonHeaders, ...extra.headers }, payload: payload as object, remoteAddress: extra.remoteAddress });
const logged = () => lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.msg === 'client error report');

const report = {
  kind: 'http',
  message: 'http error',
  method: 'get',
  path: '/v2/private/user/profile',
  status: 500,
  durationMs: 120,
  page: '/user/accounts/auth/personal',
  userId: 'user-1',
  language: 'en',
  platform: 'pc',
};

describe('POST /v1/public/monitoring/report', () => {
  it('accepts a report without a session and logs it at warn level', async () => {
    const res = await send(report, { headers: { 'user-agent': 'Mozilla/5.0 test' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ret_code: 0, ret_msg: 'OK', result: {} });
    const [line] = logged();
    expect(line.level).toBe(40);
    expect(line.clientReport).toEqual(report);
    expect(line.userAgent).toBe('Mozilla/5.0 test');
  });

  it('never writes secrets a report carries to the log', async () => {
    const jwt = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c';
    const res = await send({
      ...report,
      message: `failed with token=abc123secret and ${jwt}`,
      path: '/v1/s1/kyc/integration/info?token=query-secret-1',
      page: '/user/accounts/auth/sdk?token=query-secret-2#x',
      event: 'Bearer abcdefghijklmnop',
    });
    expect(res.json().ret_code).toBe(0);
    const all = lines.join('');
    for (const secret of ['abc123secret', jwt, 'query-secret-1', 'query-secret-2', 'abcdefghijklmnop']) expect(all).not.toContain(secret);
    const [line] = logged();
    expect(line.clientReport).toMatchObject({ path: '/v1/s1/kyc/integration/info', page: '/user/accounts/auth/sdk' });
  });

  it('refuses an invalid report with 10001 and logs nothing', async () => {
    const unknownField = await send({ ...report, body: '{"password":"x"}' });
    expect(unknownField.statusCode).toBe(200);
    expect(unknownField.json().ret_code).toBe(10001);
    const wrongKind = await send({ ...report, kind: 'anything' });
    expect(wrongKind.json()).toMatchObject({ ret_code: 10001, result: { fields: [{ path: 'kind' }] } });
    const tooLong = await send({ ...report, message: 'x'.repeat(201) });
    expect(tooLong.json().ret_code).toBe(10001);
    expect(logged()).toEqual([]);
  });

  it('answers 413 to a body over 8 KB', async () => {
    const res = await send({ ...report, message: 'x'.repeat(9000) });
    expect(res.statusCode).toBe(413);
    expect(logged()).toEqual([]);
  });

  it('limits reports per IP (429), other IPs are unaffected', async () => {
    for (let i = 0; i < 3; i++) expect((await send(report, { remoteAddress: '10.0.0.1' })).statusCode).toBe(200);
    const limited = await send(report, { remoteAddress: '10.0.0.1' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().ret_code).toBe(10006);
    expect((await send(report, { remoteAddress: '10.0.0.2' })).statusCode).toBe(200);
    expect(logged()).toHaveLength(4);
  });

  it('refuses reports sent from another site (cross-site write defence)', async () => {
    const res = await send(report, { headers: { origin: 'https://evil.example' } });
    expect(res.json().ret_code).toBe(10010);
    expect(logged()).toEqual([]);
  });
});

describe('sanitizing', () => {
  it('redacts credential-looking text and keeps the rest', () => {
    expect(redactSecrets('http error at step 2')).toBe('http error at step 2');
    expect(redactSecrets('password: hunter2!')).toBe('[redacted]');
    expect(redactSecrets(`key ${'a'.repeat(40)} end`)).toBe('key [redacted] end');
    expect(redactSecrets('line\nbreak')).toBe('line break');
  });

  it('cuts query strings and fragments off paths', () => {
    expect(sanitizeReport({ kind: 'http', message: 'm', path: '/a?b=1', page: '/p#h' })).toEqual({ kind: 'http', message: 'm', path: '/a', page: '/p' });
  });
});
