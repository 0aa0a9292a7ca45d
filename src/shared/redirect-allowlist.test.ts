import { describe, expect, it } from 'vitest';
import { allowlistedUrl, normalizeOrigin } from './redirect-allowlist.ts';

const allowlist = ['https://partner.example', 'https://Shop.Example:8443/ignored/path', 'http://localhost:5173'];

describe('allowlistedUrl (§2 jump-back)', () => {
  it.each([
    ['https://partner.example/done?x=1#y', 'https://partner.example/done?x=1#y'],
    ['https://PARTNER.example:443/', 'https://partner.example/'],
    ['https://shop.example:8443/back', 'https://shop.example:8443/back'],
    ['http://localhost:5173/cb', 'http://localhost:5173/cb'],
  ])('allows %s', (candidate, expected) => {
    expect(allowlistedUrl(candidate, allowlist)).toBe(expected);
  });

  it.each([
    'https://evil.example/',
    'https://partner.example.evil.example/',
    'https://evil.example/?next=https://partner.example',
    'https://partner.example@evil.example/',
    'https://user:pw@partner.example/',
    'http://partner.example/',
    'https://partner.example:444/',
    'https://shop.example/back',
    '//partner.example/path',
    '/user/accounts/auth/personal',
    'javascript:alert(1)//https://partner.example',
    'JAVASCRIPT:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'https://partner.example\\@evil.example/',
    'https:\\\\evil.example',
    'https://partner.example/\n/evil',
    ' https://partner.example/',
    'https://xn--partner-9za.example/',
    'https://partner.example%2eevil.example/',
    `https://partner.example/${'a'.repeat(2100)}`,
    '',
    null,
    undefined,
    42,
  ])('refuses %j', (candidate) => {
    expect(allowlistedUrl(candidate, allowlist)).toBeNull();
  });

  it('an empty allowlist allows nothing', () => {
    expect(allowlistedUrl('https://partner.example/', [])).toBeNull();
  });

  it('ignores allowlist entries that are not http(s) origins', () => {
    expect(allowlistedUrl('https://partner.example/', ['partner.example', 'javascript:x'])).toBeNull();
    expect(normalizeOrigin('ftp://partner.example')).toBeNull();
    expect(normalizeOrigin('https://a:b@partner.example')).toBeNull();
    expect(normalizeOrigin(' https://Partner.Example:443/x ')).toBe('https://partner.example');
  });
});
