import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/test-app.ts';

let app: App;
let close: () => Promise<void>;
beforeAll(async () => ({ app, close } = await createTestApp()));
afterAll(async () => close());

const url = (ns: string, file: string) => `/common-static/fhs/i18n-upload/low-cache/project/release/${ns}/${file}?v=1`;

describe('translation files (§7)', () => {
  it('serves user-accounts parts nested by part name', async () => {
    const res = await app.inject({ method: 'GET', url: url('user-accounts', 'en.json') });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.auth.loginSubmit).toBe('Log in');
    expect(body.validation.invalid_email).toBe('invalid email');
  });

  it('serves inverse-error-code flat, keyed by ret_code', async () => {
    const body = (await app.inject({ method: 'GET', url: url('inverse-error-code', 'en.json') })).json();
    expect(body['20001']).toBe('Incorrect e-mail or password.');
  });

  it('accepts the testnet- and test- prefixes with the same content', async () => {
    const plain = (await app.inject({ method: 'GET', url: url('user-accounts', 'en.json') })).body;
    expect((await app.inject({ method: 'GET', url: url('user-accounts', 'testnet-en.json') })).body).toBe(plain);
    expect((await app.inject({ method: 'GET', url: url('user-accounts', 'test-en.json') })).body).toBe(plain);
  });

  it.each([
    ['user-accounts', 'xx-XX.json'],
    ['user-accounts', '..%2F..%2Fpackage.json'],
    ['nope', 'en.json'],
    ['user-accounts', 'prod-en.json'],
  ])('404s for %s/%s', async (ns, file) => {
    expect((await app.inject({ method: 'GET', url: url(ns, file) })).statusCode).toBe(404);
  });
});
