import { afterEach, beforeEach, expect, it, vi } from 'vitest';

// A fresh module per test: the redirect happens once per page.
let redirectIfSignedOut: typeof import('./login-redirect.ts').redirectIfSignedOut;
let ApiError: typeof import('../http/api-error.ts').ApiError;
beforeEach(async () => {
  vi.resetModules();
  ({ redirectIfSignedOut } = await import('./login-redirect.ts'));
  ({ ApiError } = await import('../http/api-error.ts'));
});
afterEach(() => vi.unstubAllGlobals());

it('a 10007 anywhere goes to /login with the current address, step included, as redirect_url', () => {
  const replace = vi.fn();
  vi.stubGlobal('location', { pathname: '/user/accounts/auth/kyc', search: '?step=selfie', hash: '', replace });
  expect(redirectIfSignedOut(new ApiError('no-permission', 'user no permission', { retCode: 10007 }))).toBe(true);
  expect(replace).toHaveBeenCalledWith(`/login?redirect_url=${encodeURIComponent('/user/accounts/auth/kyc?step=selfie')}`);
});

it('other errors are left to the screen', () => {
  const replace = vi.fn();
  vi.stubGlobal('location', { pathname: '/', search: '', hash: '', replace });
  expect(redirectIfSignedOut(new ApiError('business', 'bad business ret_code', { retCode: 10001 }))).toBe(false);
  expect(redirectIfSignedOut(new Error('x'))).toBe(false);
  expect(replace).not.toHaveBeenCalled();
});

it('several 10007s at once navigate once: a second replace() would restart the navigation under way', () => {
  const replace = vi.fn();
  vi.stubGlobal('location', { pathname: '/user/accounts/console/cases/c1', search: '', hash: '', replace });
  const signedOut = new ApiError('no-permission', 'user no permission', { retCode: 10007 });
  expect(redirectIfSignedOut(signedOut)).toBe(true);
  expect(redirectIfSignedOut(signedOut)).toBe(true);
  expect(replace).toHaveBeenCalledTimes(1);
});
