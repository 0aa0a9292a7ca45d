import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app.ts';
import { createTestApp } from '../test/test-app.ts';
import { precompress } from '../../../scripts/precompress.ts';

let app: App;
let close: () => Promise<void>;
let dist: string;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'ua-web-'));
  ({ app, close } = await createTestApp({ webDist: dist }));
});
afterAll(async () => {
  await close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

describe('serving the web app', () => {
  it('says "not built" until the build is there, then serves it without a restart', async () => {
    const before = await get('/user/accounts/auth/personal');
    expect(before.statusCode).toBe(503);
    expect(before.body).toContain('npm run build');

    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(path.join(dist, 'login.html'), '<!doctype html><title>login</title>');
    writeFileSync(path.join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');

    const deepLink = await get('/user/accounts/auth/kyc?level=2');
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.body).toContain('<title>app</title>');
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.headers['content-security-policy']).toContain("script-src 'self'");
    expect((await get('/login')).body).toContain('<title>login</title>');
  });

  it('serves hashed assets for a year, including ones written after startup (a rebuild)', async () => {
    writeFileSync(path.join(dist, 'assets', 'chunk-new456.js'), 'export default 2');
    const res = await get('/user/accounts/assets/chunk-new456.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('export default 2');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
  });

  it('answers a missing asset with 404, never with the app page', async () => {
    const res = await get('/user/accounts/assets/gone-000000.js');
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>app</title>');
  });

  it('never serves a file outside the assets folder', async () => {
    // A file next to the web root, and one at its top: neither is an asset.
    const name = path.basename(dist);
    writeFileSync(path.join(dist, '..', `${name}-sentinel.txt`), 'SENTINEL-OUTSIDE');
    writeFileSync(path.join(dist, 'secret.txt'), 'SENTINEL-ROOT');
    try {
      for (const url of [
        `/user/accounts/assets/..%2f..%2f${name}-sentinel.txt`,
        `/user/accounts/assets/%2e%2e/%2e%2e/${name}-sentinel.txt`,
        `/user/accounts/assets/..%5c..%5c${name}-sentinel.txt`,
        '/user/accounts/assets/..%2fsecret.txt',
        '/user/accounts/assets/%2e%2e/secret.txt',
        '/user/accounts/secret.txt',
      ]) {
        const res = await get(url);
        expect(res.body, url).not.toContain('SENTINEL');
        expect(String(res.headers['cache-control'] ?? ''), url).not.toContain('immutable');
      }
    } finally {
      rmSync(path.join(dist, '..', `${name}-sentinel.txt`), { force: true });
    }
  });

  it('sends the build\'s brotli or gzip file as the browser accepts, and the plain file otherwise', async () => {
    // A chunk as the build leaves it: precompress writes .br and .gz beside it.
    const source = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word-${i % 37}`))};\n`;
    const file = path.join(dist, 'assets', 'big-9f8e7d.js');
    writeFileSync(file, source);
    precompress(path.join(dist, 'assets'));
    const onDisk = { br: readFileSync(`${file}.br`), gz: readFileSync(`${file}.gz`) };
    expect(brotliDecompressSync(onDisk.br).toString()).toBe(source);
    expect(gunzipSync(onDisk.gz).toString()).toBe(source);

    const br = await get('/user/accounts/assets/big-9f8e7d.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.length).toBe(onDisk.br.length);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(source);

    const gz = await get('/user/accounts/assets/big-9f8e7d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(source);

    const plain = await get('/user/accounts/assets/big-9f8e7d.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(source);
  });

  it("serves a route's own page (its chunks named in the head) where the build wrote one, index.html elsewhere", async () => {
    mkdirSync(path.join(dist, 'routes', 'auth'), { recursive: true });
    writeFileSync(path.join(dist, 'routes', 'auth', 'kyc.html'), '<!doctype html><title>app</title><link rel="modulepreload" href="kyc">');
    writeFileSync(path.join(dist, 'routes', 'console.html'), '<!doctype html><title>app</title><link rel="modulepreload" href="console">');
    writeFileSync(path.join(dist, 'routes', 'secret.html'), 'SENTINEL-ROUTES');
    try {
      for (const url of ['/user/accounts/auth/kyc', '/user/accounts/auth/kyc?level=2', '/user/accounts/auth/kyc/']) expect((await get(url)).body, url).toContain('href="kyc"');
      for (const url of ['/user/accounts/console', '/user/accounts/console/', '/user/accounts/console/case/42']) expect((await get(url)).body, url).toContain('href="console"');
      // No page of its own (or not a route name): the app's index.html, never another file of the folder.
      for (const url of ['/user/accounts/auth/personal', '/user/accounts/auth/kyc-x', '/user/accounts/consoles', '/user/accounts/auth/..%2fsecret', '/user/accounts/auth/%2e%2e/secret', '/user/accounts/secret']) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(200);
        expect(res.body, url).toBe('<!doctype html><title>app</title>');
      }
    } finally {
      rmSync(path.join(dist, 'routes'), { recursive: true, force: true });
    }
  });

  it('sends / to the account area', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/user/accounts/auth/personal');
  });
});
