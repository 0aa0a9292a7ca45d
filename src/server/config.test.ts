import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

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
    expect(loadConfig({ DATABASE_URL: 'postgres://db.internal/accounts' }).seedDemo).toBe(false);
  });

  it('an explicit setting wins', () => {
    expect(loadConfig({ SEED_DEMO: 'false' }).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: 'true', DATABASE_URL: 'postgres://db.internal/accounts' }).seedDemo).toBe(true);
  });
});
