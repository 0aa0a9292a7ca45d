import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18n from 'i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import auth from '../../../locales/user-accounts/en/auth.json';
import common from '../../../locales/user-accounts/en/common.json';
import password from '../../../locales/user-accounts/en/password.json';
import validation from '../../../locales/user-accounts/en/validation.json';
import { envelope, initTestI18n, installFetch, resetRequestLayer, type FakeCall } from '../lib/http/testing.ts';
import { LoginPage } from './login-page.tsx';

/**
 * Registration replies the same for a new and a taken address (decision 013); the page then logs in
 * with the same credentials: signed in for a new account, "check your e-mail" otherwise.
 */

const assign = vi.fn();
beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('en', 'user-accounts', { auth, common, password, validation }, true, true);
});
beforeEach(() => {
  resetRequestLayer();
  assign.mockReset();
  vi.stubGlobal('location', { ...window.location, assign, search: '', origin: window.location.origin, href: window.location.href });
});
afterEach(() => vi.unstubAllGlobals());

const pathOf = (call: FakeCall) => new URL(call.url, 'http://localhost').pathname;

async function registerAs(email: string, pw: string) {
  const user = userEvent.setup();
  render(<LoginPage />);
  await user.click(screen.getByRole('tab', { name: 'Create account' }));
  await user.type(screen.getByLabelText('E-mail'), email);
  await user.type(screen.getByLabelText('Password', { selector: 'input' }), pw);
  await user.click(screen.getByRole('button', { name: 'Create account' }));
  return user;
}

describe('creating an account on the login page', () => {
  it('a new address: registers, logs in with the same credentials, and goes to the account area', async () => {
    const calls = installFetch((call) => (pathOf(call).endsWith('/user/register') ? envelope({}) : envelope({ id: 'u1', role: 'user' })));
    await registerAs('new@example.com', 'correct-horse-battery');
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/user/accounts/auth/personal'));
    expect(calls.map(pathOf)).toEqual(['/x-api/v1/user/register', '/x-api/v1/user/login']);
    expect(JSON.parse(calls[1]!.body!)).toEqual({ email: 'new@example.com', password: 'correct-horse-battery' });
  });

  it('an address that has an account (another password): says to check the e-mail, on the login tab, password cleared', async () => {
    installFetch((call) => (pathOf(call).endsWith('/user/register') ? envelope({}) : envelope({}, 20001, 'invalid email or password')));
    await registerAs('taken@example.com', 'correct-horse-battery');
    expect(await screen.findByRole('status')).toHaveTextContent('Check your e-mail: we sent a message to taken@example.com about your account.');
    expect(screen.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveValue('');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });

  it('a guessable password: the server\'s hint on the password field, no login attempted', async () => {
    const calls = installFetch(() => envelope({ fields: [{ path: 'password', code: 'password.common' }] }, 10001, 'params error'));
    await registerAs('new@example.com', 'password1234');
    expect(await screen.findByText(/one of the most common ones/)).toBeInTheDocument();
    expect(calls.map(pathOf)).toEqual(['/x-api/v1/user/register']);
  });
});
