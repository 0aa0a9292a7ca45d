import { afterEach, expect, it, vi } from 'vitest';
import { ApiError } from '../http/api-error.ts';
import { redirectIfSignedOut } from './login-redirect.ts';

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
