import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

/** PostgreSQL deployments must name the shared master key (decision 024). */
const KEY = Buffer.alloc(32, 7).toString('base64');
const POSTGRES = { DATABASE_URL: 'postgres://db.internal/accounts', DATA_ENCRYPTION_KEY: KEY };

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['true', ['loopback', 'linklocal', 'uniquelocal']],
    ['10.0.0.1, 10.1.0.0/16', ['10.0.0.1', '10.1.0.0/16']],
    ['loopback,::1', ['loopback', '::1']],
  ])('%s -> %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['every', '*', '2', 'proxy.example', '10.0.0.0/33', '10.0.0.1/8/1'])('refuses %s (never trust every hop or names we cannot check)', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });
});

describe('DEMO (decision 035)', () => {
  it.each([
    [{}, true],
    [{ HOST: '127.0.0.1' }, true],
    [{ HOST: '127.1.2.3' }, true],
    [{ HOST: '::1' }, true],
    [{ HOST: '[::1]' }, true],
    [{ HOST: 'LocalHost' }, true],
    [{ HOST: '0.0.0.0' }, false],
    [{ HOST: '::' }, false],
    [{ HOST: '10.0.0.7' }, false],
    [{ HOST: 'accounts.example' }, false],
    [POSTGRES, false],
    [{ PUBLIC_URL: 'https://accounts.example' }, false],
    [{ PUBLIC_URL: 'http://127.0.0.1:8080' }, true],
  ])('%j -> demo %s: on by default only on loopback alone, embedded, without an https address', (env, demo) => {
    const config = loadConfig(env);
    expect(config.demo).toBe(demo);
    expect(config.demoExplicit).toBe(false);
  });

  it('an explicit setting wins either way', () => {
    expect(loadConfig({ HOST: '0.0.0.0', DEMO: 'true' })).toMatchObject({ demo: true, demoExplicit: true });
    expect(loadConfig({ DEMO: 'false' })).toMatchObject({ demo: false, demoExplicit: true });
  });

  it('private webhook addresses are allowed by default in demo mode only (the partner demo receives on loopback, decision 056); an explicit value wins', () => {
    expect(loadConfig({}).webhooks.allowPrivate).toBe(true);
    expect(loadConfig({ WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'false' }).webhooks.allowPrivate).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0' }).webhooks.allowPrivate).toBe(false);
    expect(loadConfig({ HOST: '0.0.0.0', WEBHOOK_ALLOW_PRIVATE_ADDRESSES: 'true' }).webhooks.allowPrivate).toBe(true);
  });

  it('the relay runs in a thread of its own with PostgreSQL by default, at nice 19; never on SQLite (decision 066)', () => {
    expect(loadConfig(POSTGRES).webhooks).toMatchObject({ relayThread: true, relayNice: 19 });
    expect(loadConfig({ ...POSTGRES, WEBHOOK_RELAY_THREAD: 'false', WEBHOOK_RELAY_NICE: '5' }).webhooks).toMatchObject({ relayThread: false, relayNice: 5 });
    expect(loadConfig({ WEBHOOK_RELAY_THREAD: 'true' }).webhooks.relayThread).toBe(false);
    expect(() => loadConfig({ WEBHOOK_RELAY_NICE: '20' })).toThrow(/WEBHOOK_RELAY_NICE/);
  });

  it('outside demo mode no published secret is there for the fakes', () => {
    expect(loadConfig({ HOST: '0.0.0.0' }).vendors.webhookSecrets).toBeNull();
    expect(loadConfig({}).vendors.webhookSecrets?.sumsub).toBe('demo-sumsub-webhook-secret');
  });

  it.each([
    ['SUMSUB_WEBHOOK_SECRET', { SUMSUB_APP_TOKEN: 'prd:token', SUMSUB_SECRET_KEY: 'real-key', SUMSUB_WEBHOOK_SECRET: 'demo-sumsub-webhook-secret' }],
    ['SUMSUB_SECRET_KEY', { SUMSUB_APP_TOKEN: 'prd:token', SUMSUB_SECRET_KEY: 'demo-sumsub-secret-key', SUMSUB_WEBHOOK_SECRET: 'a-real-secret-of-ours' }],
    ['ONFIDO_WEBHOOK_SECRET', { ONFIDO_API_TOKEN: 'real', ONFIDO_WEBHOOK_SECRET: 'demo-onfido-webhook-token' }],
    ['AAI_WEBHOOK_SECRET', { AAI_ACCESS_KEY: 'a', AAI_SECRET_KEY: 'b', AAI_WEBHOOK_SECRET: ' demo-aai-callback-secret' }],
  ])('startup refuses a published value in %s outside demo mode', (name, env) => {
    expect(() => loadConfig({ HOST: '0.0.0.0', ...env })).toThrow(new RegExp(`${name}: is a published demo value`));
  });

  it('the replaced SEED_DEMO and VENDOR_FAKES are refused with what to set instead', () => {
    expect(() => loadConfig({ SEED_DEMO: 'false' })).toThrow(/SEED_DEMO is replaced by DEMO/);
    expect(() => loadConfig({ SEED_DEMO: 'true', VENDOR_FAKES: 'true' })).toThrow(/SEED_DEMO, VENDOR_FAKES are replaced by DEMO/);
  });
});

describe('documents on many servers (decision 024)', () => {
  it('with PostgreSQL the master key must be configured, and the error says how to keep a generated one', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://db.internal/accounts', DATA_DIR: '/srv/ua' })).toThrow(
      /DATA_ENCRYPTION_KEY is required with DATABASE_URL.*\/srv\/ua\/keys\/master\.key.*DATA_ENCRYPTION_KEYS_PREVIOUS.*rewrap-keys/,
    );
    expect(loadConfig(POSTGRES).dataEncryptionKey).toBe(KEY);
  });

  it('DOCUMENT_STORE_URL defaults: a directory in DATA_DIR when embedded, the database row with PostgreSQL', () => {
    expect(loadConfig({ DATA_DIR: '/srv/ua' }).documentStore).toEqual({ kind: 'file', dir: '/srv/ua/documents' });
    expect(loadConfig(POSTGRES).documentStore).toEqual({ kind: 'database' });
  });

  it.each([
    ['file:///mnt/shared/documents', { kind: 'file', dir: '/mnt/shared/documents' }],
    ['database:', { kind: 'database' }],
    ['s3://kyc-documents', { kind: 's3', bucket: 'kyc-documents', prefix: '', region: 'us-east-1', forcePathStyle: false }],
    [
      's3://AKID:se%2Fcret@kyc-documents/eu/prod?endpoint=http://127.0.0.1:9000&region=eu-central-1',
      { kind: 's3', bucket: 'kyc-documents', prefix: 'eu/prod/', endpoint: 'http://127.0.0.1:9000', region: 'eu-central-1', forcePathStyle: true, credentials: { accessKeyId: 'AKID', secretAccessKey: 'se/cret' } },
    ],
  ])('%s', (url, expected) => {
    expect(loadConfig({ ...POSTGRES, DOCUMENT_STORE_URL: url }).documentStore).toEqual(expected);
  });

  it.each(['ftp://host/x', 's3://', 's3://AKID@bucket', 's3://bucket?endpoint=javascript:alert(1)', 'database:x'])('refuses %s', (url) => {
    expect(() => loadConfig({ ...POSTGRES, DOCUMENT_STORE_URL: url })).toThrow(/DOCUMENT_STORE_URL/);
  });
});

describe('PASSWORD_HASH_N (scrypt cost of new password hashes)', () => {
  it("is OWASP's baseline, 2^15, unless raised; never lower, and only a power of two up to 2^18", () => {
    expect(loadConfig({}).passwordHashN).toBe(2 ** 15);
    expect(loadConfig({ PASSWORD_HASH_N: '65536' }).passwordHashN).toBe(2 ** 16);
    for (const weak of ['16384', '1024', '50000', '524288', 'x']) {
      expect(() => loadConfig({ PASSWORD_HASH_N: weak })).toThrow(/PASSWORD_HASH_N/);
    }
  });
});
