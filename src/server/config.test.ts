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

describe('SEED_DEMO', () => {
  it('defaults to the demo users for the embedded quick start only', () => {
    expect(loadConfig({}).seedDemo).toBe(true);
    expect(loadConfig(POSTGRES).seedDemo).toBe(false);
  });

  it('an explicit setting wins', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true', ...POSTGRES }).seedDemo).toBe(true);
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
