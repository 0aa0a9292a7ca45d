import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { formatLogLine, logStreamFor, prettyLogStream, resolveLogFormat } from './log-format.ts';
import { createTestApp, jsonHeaders } from './test/test-app.ts';

/** A stand-in for stdout that says whether it is a terminal and keeps what is written. */
function output(isTTY: boolean) {
  const chunks: string[] = [];
  const stream = Object.assign(
    new Writable({
      write(chunk, _enc, done) {
        chunks.push(String(chunk));
        done();
      },
    }),
    { isTTY },
  );
  return { stream, text: () => chunks.join('') };
}

describe('which format', () => {
  it('auto: readable on a terminal, JSON for files, pipes and collectors; an explicit setting wins', () => {
    expect(resolveLogFormat('auto', true)).toBe('pretty');
    expect(resolveLogFormat('auto', false)).toBe('json');
    expect(resolveLogFormat('auto', undefined)).toBe('json');
    expect(resolveLogFormat('json', true)).toBe('json');
    expect(resolveLogFormat('pretty', false)).toBe('pretty');
    expect(loadConfig({}).logFormat).toBe('auto');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('JSON output keeps pino\'s own destination; pretty output gets a formatting stream', () => {
    expect(logStreamFor('auto', output(false).stream)).toBeUndefined();
    expect(logStreamFor('auto', output(true).stream)).toBeInstanceOf(Writable);
  });
});

describe('readable lines', () => {
  it('time, level, message, request and the other fields; non-JSON lines unchanged', () => {
    const line = JSON.stringify({ level: 30, time: Date.parse('2026-01-02T03:04:05.678Z'), pid: 1, hostname: 'h', reqId: 'req-1', req: { method: 'GET', url: '/x-api/v1/x' }, msg: 'incoming request' });
    expect(formatLogLine(line)).toBe('03:04:05.678 INFO  incoming request GET /x-api/v1/x (req-1)');
    const done = JSON.stringify({ level: 40, time: 0, res: { statusCode: 429 }, responseTime: 3.4, msg: 'request completed', signal: 'SIGTERM' });
    expect(formatLogLine(done)).toBe('00:00:00.000 WARN  request completed 429 3 ms signal=SIGTERM');
    expect(formatLogLine('plain text')).toBe('plain text');
    expect(formatLogLine('[1,2]')).toBe('[1,2]');
  });

  it('an error shows its stack below the line; colours only for a terminal', () => {
    const line = JSON.stringify({ level: 50, time: 0, msg: 'unhandled error', err: { type: 'Error', message: 'boom', stack: 'Error: boom\n    at f (x.ts:1:1)' } });
    expect(formatLogLine(line)).toBe('00:00:00.000 ERROR unhandled error\n    Error: boom\n        at f (x.ts:1:1)');
    expect(formatLogLine(line, true)).toContain('\x1b[31mERROR\x1b[0m');
  });

  it('the server\'s real log, made readable, keeps its redactions', async () => {
    const out = output(true);
    const { app, close } = await createTestApp({}, prettyLogStream(out.stream));
    try {
      await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: { ...jsonHeaders, cookie: 'ua_sid=secret-session' }, payload: { email: 'log@example.com', password: 'a-secret-password' } });
      await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile?token=abc-secret-token' });
    } finally {
      await close();
    }
    const text = out.text();
    // One line per request, when its reply is sent: the request, its status and time (decision 034).
    expect(text).toMatch(/^\d\d:\d\d:\d\d\.\d{3} \x1b\[32mINFO \x1b\[0m request completed POST \/x-api\/v1\/user\/login 200 \d+ ms \(req-\w+\)$/m);
    expect(text.match(/request completed/g)).toHaveLength(2);
    expect(text).not.toContain('incoming request');
    expect(text).toContain('token=[redacted]');
    expect(text).not.toContain('abc-secret-token');
    expect(text).not.toContain('a-secret-password');
    expect(text).not.toContain('secret-session');
    expect(text).not.toMatch(/^\{/m);
  });
});
