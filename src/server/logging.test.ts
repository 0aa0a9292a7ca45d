import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { confirmationTokenFor, createTestApp, jsonHeaders } from './test/test-app.ts';

it('never writes passwords, session tokens or secret query values to the log', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { app, close, mailer } = await createTestApp({}, stream);
  let confirmation: string | undefined;
  try {
    await app.inject({ method: 'POST', url: '/x-api/v1/user/register', headers: jsonHeaders, payload: { email: 'log@example.com', password: 'super-secret-password' } });
    confirmation = confirmationTokenFor(mailer, 'log@example.com');
    await app.inject({ method: 'POST', url: '/x-api/v1/user/confirm-email', headers: jsonHeaders, payload: { token: confirmation } });
    const login = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email: 'log@example.com', password: 'super-secret-password' } });
    const token = login.cookies.find((c) => c.name === 'ua_sid')!.value;
    await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile?token=abc-secret-token', headers: { cookie: `ua_sid=${token}` } });
    await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: jsonHeaders, payload: { email: 'log@example.com', password: 'wrong-secret-password' } });
  } finally {
    await close();
  }
  const log = lines.join('');
  expect(log).toContain('/x-api/v1/user/register'); // requests are logged…
  expect(log).not.toContain('super-secret-password'); // …but never their secrets
  expect(log).not.toContain('wrong-secret-password');
  expect(log).not.toContain('abc-secret-token');
  expect(confirmation).toBeTruthy();
  expect(log).not.toContain(confirmation); // the mailed link's token is a credential too
  expect(log).toContain('token=[redacted]');
});
