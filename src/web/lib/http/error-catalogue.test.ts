import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SHIPPED_LANGUAGES } from '../../../shared/languages.ts';
import { ApiError } from './api-error.ts';
import {
  classifyError,
  ERROR_RULES,
  ErrorRule,
  IDENTITY_UPDATE_ERROR_KEYS,
  identityUpdateErrorKey,
  VERIFICATION_STEP_CODES,
  verificationStepFor,
} from './error-catalogue.ts';

describe('§8 identity-update codes -> message keys', () => {
  it.each([
    [1045, 'updateIDError1'],
    [1046, 'updateIDError2'],
    [1062, 'updateIDError2'],
    [1047, 'updateIDError3'],
    [1048, 'updateIDError4'],
    [1049, 'updateIDError5'],
    [1050, 'updateIDError6'],
    [1052, 'updateIDError6'],
    [1053, 'updateIDError6'],
    [1051, 'updateIDError7'],
  ])('%i -> %s', (code, key) => {
    expect(identityUpdateErrorKey(code)).toBe(key);
  });

  it('knows no other code', () => {
    expect(Object.keys(IDENTITY_UPDATE_ERROR_KEYS)).toHaveLength(10);
    expect(identityUpdateErrorKey(1044)).toBeUndefined();
    expect(identityUpdateErrorKey(undefined)).toBeUndefined();
  });
});

describe('§8 verification step codes', () => {
  it.each([
    [30029, 'eye'],
    [30331, 'reset'],
    [70029, 'update'],
    [30030, 'identityTransferBefore'],
    [30031, 'identityTransferAfter'],
    [30101, 'otp'],
  ])('%i -> %s', (code, step) => {
    expect(verificationStepFor(code)).toBe(step);
  });

  it('knows no other code', () => {
    expect(Object.keys(VERIFICATION_STEP_CODES)).toHaveLength(6);
    expect(verificationStepFor(30032)).toBeUndefined();
  });
});

describe('classifyError: which §8 rule applies', () => {
  const business = (retCode?: number) => new ApiError('business', 'bad business ret_code', { retCode });
  it.each([
    [new ApiError('no-permission', 'user no permission', { retCode: 10007 }), ErrorRule.NO_PERMISSION],
    [business(1007), ErrorRule.TOKEN_TIMEOUT],
    [business(1008), ErrorRule.TOKEN_TIMEOUT],
    [business(9000001), ErrorRule.TRANSPORT],
    [new ApiError('timeout', 'Request timeout, please re-try!', { retCode: 9000001 }), ErrorRule.TRANSPORT],
    [new ApiError('network', 'http network error'), ErrorRule.TRANSPORT],
    [new ApiError('http', 'http error', { status: 500 }), ErrorRule.TRANSPORT],
    [business(20001), ErrorRule.BUSINESS],
    [business(undefined), ErrorRule.UNCODED],
    [new ApiError('no-response', 'Non Response!'), ErrorRule.UNCODED],
    [new Error('not ours'), ErrorRule.UNCODED],
  ])('%s -> %s', (error, rule) => {
    expect(classifyError(error)).toBe(rule);
  });

  it('only "user no permission" clears the cache; only transport and uncoded failures are reported', () => {
    expect(Object.entries(ERROR_RULES).filter(([, r]) => r.cache === 'clear').map(([k]) => k)).toEqual([ErrorRule.NO_PERMISSION]);
    expect(Object.entries(ERROR_RULES).filter(([, r]) => r.report).map(([k]) => k)).toEqual([ErrorRule.TRANSPORT, ErrorRule.UNCODED]);
  });
});

describe('errors.json: the texts of the catalogue in every shipped language', () => {
  const dir = path.resolve('locales/user-accounts');
  const read = (lng: string) => JSON.parse(readFileSync(path.join(dir, lng, 'errors.json'), 'utf8')) as Record<string, unknown>;
  const flatten = (o: Record<string, unknown>, prefix = ''): Record<string, string> =>
    Object.fromEntries(
      Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' && v ? Object.entries(flatten(v as Record<string, unknown>, `${prefix}${k}.`)) : [[`${prefix}${k}`, String(v)]])),
    );
  const en = flatten(read('en'));

  it('has every updateIDError key in English', () => {
    for (const key of new Set(Object.values(IDENTITY_UPDATE_ERROR_KEYS))) expect(en[key], key).toBeTruthy();
  });

  it.each([...SHIPPED_LANGUAGES])('%s: same keys as en, same placeholders, translated', (lng) => {
    expect(readdirSync(path.join(dir, lng))).toContain('errors.json');
    const texts = flatten(read(lng));
    expect(Object.keys(texts).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(texts)) {
      expect(text.match(/{{\w+}}/g) ?? [], `${lng} ${key}`).toEqual(en[key].match(/{{\w+}}/g) ?? []);
    }
    if (!lng.startsWith('en')) {
      const copied = Object.keys(en).filter((k) => texts[k] === en[k]);
      expect(copied, `${lng}: English copies`).toEqual([]);
    }
  });
});
