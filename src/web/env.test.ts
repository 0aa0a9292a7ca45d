import { describe, expect, it } from 'vitest';
import { AppEnv, readEnv, translationFilePrefix, translationOrigin } from './env.ts';
import { translationLoadPath } from './lib/i18n/index.ts';

describe('web environment (§7 translation files)', () => {
  it('defaults to production on this origin without a prefix', () => {
    const e = readEnv({});
    expect(e).toEqual({ appEnv: 'production', testStaticOrigin: '', company: 'Exchange', appUserAgentMarker: 'ExchangeApp' });
    expect(translationLoadPath(e)).toBe('/common-static/fhs/i18n-upload/low-cache/project/release/{{ns}}/{{lng}}.json?v=1');
  });

  it('testnet prefixes file names with testnet-', () => {
    const e = readEnv({ VITE_APP_ENV: 'testnet', VITE_TEST_STATIC_ORIGIN: 'https://static-test.example' });
    expect(translationFilePrefix(e.appEnv)).toBe('testnet-');
    // Only the test environment uses the test host.
    expect(translationOrigin(e)).toBe('');
    expect(translationLoadPath(e)).toBe('/common-static/fhs/i18n-upload/low-cache/project/release/{{ns}}/testnet-{{lng}}.json?v=1');
  });

  it('the test environment prefixes test- and uses the test host', () => {
    const e = readEnv({ VITE_APP_ENV: 'test', VITE_TEST_STATIC_ORIGIN: 'https://static-test.example/' });
    expect(e.appEnv).toBe(AppEnv.TEST);
    expect(translationLoadPath(e)).toBe('https://static-test.example/common-static/fhs/i18n-upload/low-cache/project/release/{{ns}}/test-{{lng}}.json?v=1');
  });

  it('ignores unknown environments and malformed hosts', () => {
    expect(readEnv({ VITE_APP_ENV: 'staging' }).appEnv).toBe('production');
    expect(readEnv({ VITE_APP_ENV: 'test', VITE_TEST_STATIC_ORIGIN: 'javascript:alert(1)' }).testStaticOrigin).toBe('');
    expect(readEnv({ VITE_APP_ENV: 'test', VITE_TEST_STATIC_ORIGIN: 'https://a.example/path' }).testStaticOrigin).toBe('');
  });
});
