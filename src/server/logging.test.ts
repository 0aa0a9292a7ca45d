import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { HandoffStep } from '../shared/api/capture.ts';
import { makeImage } from './modules/documents/test-images.ts';
import { caseOf, newReviewer, post, submitLevel1 } from './modules/kyc/kyc.fixtures.ts';
import { partnerSignature } from './modules/partners/partners.service.ts';
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

/**
 * Issue 26: every one-time secret a whole journey uses — the sign-up's confirmation link (opened as
 * the page `/login?confirm=` and posted), the session, a handoff link and the phone's cookie, an
 * e-mailed code, a partner's secret, signature and SDK access token (used in headers and on the SDK
 * page's address) — is collected, and none of them is in the log written at trace level.
 */
it('a full sign-up, handoff, self-reset and partner flow leaves none of its secrets in the log', async () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { app, close, mailer } = await createTestApp({ logLevel: 'trace', fourEyes: [] }, stream);
  const secrets = new Map<string, string>();
  const keep = (what: string, value: string | undefined) => {
    expect(value, what).toBeTruthy();
    secrets.set(what, value!);
    return value!;
  };
  const cookieOf = (res: { cookies: { name: string; value: string }[] }, name: string) => keep(`cookie ${name}`, res.cookies.find((c) => c.name === name)?.value);
  try {
    // Sign-up: the mailed link is opened as a page (the request line carries it), then confirmed.
    const email = 'flow@example.com';
    const password = keep('password', 'flow-secret-password-1');
    await app.inject({ method: 'POST', url: '/x-api/v1/user/register', headers: jsonHeaders, payload: { email, password } });
    const confirm = keep('confirmation token', confirmationTokenFor(mailer, email));
    await app.inject({ method: 'GET', url: `/login?confirm=${confirm}` });
    const confirmed = await app.inject({ method: 'POST', url: '/x-api/v1/user/confirm-email', headers: jsonHeaders, payload: { token: confirm } });
    const session = `ua_sid=${cookieOf(confirmed, 'ua_sid')}`;
    const user = { id: (await app.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id, email, cookie: session };

    // Handoff: the desktop makes a link, the phone opens it (token in the body) and sends a picture.
    const link = (await app.inject({ method: 'POST', url: '/x-api/v1/private/capture/handoff/create', headers: { ...jsonHeaders, cookie: session }, payload: { level: 1, step: HandoffStep.DOCUMENTS } })).json().result;
    keep('handoff token', link.token);
    await app.inject({ method: 'GET', url: link.path }); // a browser never sends the fragment; a careless proxy might
    const opened = await app.inject({ method: 'POST', url: '/x-api/v1/capture/handoff/open', headers: jsonHeaders, payload: { token: link.token } });
    const phone = `ua_hoff=${cookieOf(opened, 'ua_hoff')}`;
    const fd = new FormData();
    fd.append('kind', 'DOCUMENT_FRONT');
    fd.append('file', new Blob([new Uint8Array(await makeImage('jpeg', 900, 600))], { type: 'image/jpeg' }), 'front.jpg');
    const form = new Request('http://localhost/', { method: 'POST', body: fd });
    const upload = await app.inject({ method: 'POST', url: '/x-api/v1/capture/handoff/upload-document', headers: { origin: jsonHeaders.origin, host: jsonHeaders.host, 'content-type': form.headers.get('content-type')!, cookie: phone }, payload: Buffer.from(await form.arrayBuffer()) });
    expect(upload.json().ret_code).toBe(0);
    // A link replayed (refused, logged as a business error) and one posted as malformed JSON.
    await app.inject({ method: 'POST', url: '/x-api/v1/capture/handoff/open', headers: jsonHeaders, payload: { token: link.token } });
    await app.inject({ method: 'POST', url: '/x-api/v1/capture/handoff/open', headers: jsonHeaders, payload: `{"token":"${link.token}"` });

    // An e-mailed code: a rejected level 1 is reset with the code (§8 30101).
    const reviewer = await newReviewer(app, 'flow-reviewer@example.com');
    const applicationId = await submitLevel1(app, user);
    await app.services.console.reject(await caseOf(app, applicationId), { type: 'reviewer', id: reviewer.id }, { mode: 'RETRY', reasonCode: 'SELFIE_UNCLEAR', userMessage: 'Retake.', internalNote: '' });
    expect((await post(app, '/v3/private/kyc/self-reset', { level: 1 }, session)).json().ret_code).toBe(30101);
    const code = keep('one-time code', /\b(\d{6})\b/.exec(mailer.to(email).at(-1)!.text)?.[1]);
    expect((await post(app, '/v3/private/kyc/self-reset', { level: 1, otp: code }, session)).json().ret_code).toBe(0);

    // A partner: its secret signs a call for an access token, used in SDK headers and on the SDK page.
    const secret = keep('partner secret', (await app.services.partners.createBusiness({ id: 'acme', name: 'Acme', allowedOrigins: ['https://acme.example'], scenes: ['acme'], redirectAllowlist: [], defaultLanguage: 'en' }, { type: 'system', id: null })).secret);
    const url = '/x-api/v1/s1/kyc/integration/access-token';
    const raw = JSON.stringify({ externalUserId: 'flow-1', level: 1 });
    const ts = String(Date.now());
    const sig = keep('partner signature', partnerSignature(secret, ts, 'POST', url, raw));
    const issued = (await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/json', 'x-partner-key': 'acme', 'x-partner-ts': ts, 'x-partner-sig': sig }, payload: raw })).json().result;
    const accessToken = keep('SDK access token', issued.accessToken);
    await app.inject({ method: 'GET', url: issued.sdkUrl });
    const info = await app.inject({ method: 'POST', url: '/x-api/v1/s1/kyc/integration/info', headers: { ...jsonHeaders, 'kyc-access-token': accessToken, 'kyc-access-origin': issued.origin, 'kyc-access-business': issued.scene }, payload: {} });
    expect(info.json().ret_code).toBe(0);
    await app.inject({ method: 'GET', url: `/x-api/v1/s1/kyc/integration/token-info?token=${accessToken}&access_token=${accessToken}` });
  } finally {
    await close();
  }
  const log = lines.join('');
  for (const [what, value] of secrets) expect(log.includes(value), `${what} is in the log`).toBe(false);
  // …while the requests that carried them are logged.
  expect(log).toContain('/login?confirm=[redacted]');
  expect(log).toContain('/x-api/v1/capture/handoff/upload-document');
  expect(log).toContain('/x-api/v1/s1/kyc/integration/info');
});
