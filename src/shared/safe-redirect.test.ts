import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './safe-redirect.ts';

const origin = 'https://accounts.example';
const fallback = '/user/accounts/auth/personal';

describe('safeRedirectPath', () => {
  it('keeps paths of this site, with query and hash', () => {
    expect(safeRedirectPath('/user/accounts/auth/kyc?x=1#top', fallback, origin)).toBe('/user/accounts/auth/kyc?x=1#top');
  });

  it.each([
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example',
    'http://accounts.example.evil.example/',
    'javascript:alert(1)',
    'JaVaScRiPt:alert(1)',
    'data:text/html,hi',
    '/\t/evil.example',
    '/\n/evil.example',
    // Dot segments collapse during parsing: the result must be judged, not only the input.
    '/.//evil.example/phish',
    '/..//evil.example',
    '/%2e%2e//evil.example',
    '/%2E//evil.example',
    '/a/..//evil.example',
    'evil.example',
    '',
    null,
  ])('refuses %j', (candidate) => {
    expect(safeRedirectPath(candidate, fallback, origin)).toBe(fallback);
  });
});
