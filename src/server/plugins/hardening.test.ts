import { connect } from 'node:net';
import cookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp, signIn } from '../test/test-app.ts';
import authPlugin from './auth.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp()));
afterAll(async () => close());

/** Sends one raw HTTP/1.1 request to 127.0.0.1 and returns the response text. */
function raw(port: number, text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let out = '';
    socket.setTimeout(5000, () => socket.destroy(new Error('timeout')));
    socket.on('data', (d) => {
      out += String(d);
      if (/\r\n\r\n[\s\S]*\}$/.test(out)) socket.end();
    });
    socket.on('end', () => resolve(out));
    socket.on('close', () => resolve(out));
    socket.on('error', reject);
    socket.write(text);
  });
}

describe('request hardening', () => {
  it('refuses text/plain bodies on JSON routes (415), like form encodings', async () => {
    const res = await app.inject({ method: 'POST', url: '/x-api/v1/user/login', headers: { 'content-type': 'text/plain' }, payload: '{"email":"a@b.co","password":"x"}' });
    expect(res.statusCode).toBe(415);
  });

  it('API replies are not stored by caches unless the route says so', async () => {
    const cookie = await signIn(app, 'cache@example.com');
    const profile = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(profile.headers['cache-control']).toBe('no-store');
    const anon = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile' });
    expect(anon.headers['cache-control']).toBe('no-store');
    const site = await app.inject({ method: 'GET', url: '/x-api/v1/public/site-config' });
    expect(site.headers['cache-control']).toBe('private, max-age=300');
    const countries = await app.inject({ method: 'GET', url: '/x-api/v2/public/country-list' });
    expect(countries.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('an absolute-form request line gets the same session and origin checks', async () => {
    const cookie = await signIn(app, 'absolute@example.com');
    await app.listen({ host: '127.0.0.1', port: 0 });
    const port = (app.server.address() as { port: number }).port;
    const reply = await raw(
      port,
      [
        `POST http://127.0.0.1:${port}/x-api/logout HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        `Cookie: ${cookie}`,
        'Origin: https://evil.example',
        'Content-Type: application/json',
        'Content-Length: 2',
        'Connection: close',
        '',
        '{}',
      ].join('\r\n'),
    );
    expect(reply).toContain('"ret_code":10010');
    const still = await app.inject({ method: 'GET', url: '/x-api/v2/private/user/profile', headers: { cookie } });
    expect(still.json().ret_code).toBe(0);
  });
});

describe('route guards fail at startup, never open', () => {
  /** Just the auth plugin, with a session lookup that knows one plain user. */
  async function guarded(register: (a: FastifyInstance) => void) {
    const a = Fastify();
    a.decorate('services', { accounts: { resolveSession: async (token: string) => (token === 'user-token' ? { id: 'u1', email: 'u@example.com', role: 'user', sessionIdHash: 'h' } : null) } } as never);
    await a.register(cookie);
    await a.register(authPlugin);
    register(a);
    await a.ready();
    return a;
  }

  it('a console route not declared for reviewers', async () => {
    await expect(guarded((a) => a.get('/x-api/v1/console/extra', { config: { auth: 'user' } }, async () => ({})))).rejects.toThrow(/console route/);
  });

  it('an integration route declared for anyone or for cookie sessions (decision 021: SDK tokens or partner signatures only)', async () => {
    await expect(guarded((a) => a.post('/x-api/v1/s1/kyc/integration/extra', { config: { auth: 'public' } }, async () => ({})))).rejects.toThrow(/integration route/);
    await expect(guarded((a) => a.post('/x-api/v1/s1/kyc/integration/extra', { config: { auth: 'user' } }, async () => ({})))).rejects.toThrow(/integration route/);
  });

  it('a console route without any declaration is for reviewers only', async () => {
    const a = await guarded((x) => x.get('/x-api/v1/console/undeclared', async () => ({ secret: true })));
    try {
      const asUser = await a.inject({ method: 'GET', url: '/x-api/v1/console/undeclared', cookies: { ua_sid: 'user-token' } });
      expect(asUser.body).toContain('user no permission'); // the guard refused (no envelope plugin here)
      expect(asUser.body).not.toContain('secret');
      const anonymous = await a.inject({ method: 'GET', url: '/x-api/v1/console/undeclared' });
      expect(anonymous.body).not.toContain('secret');
    } finally {
      await a.close();
    }
  });
});
