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
 * Issue 27: "Forgot password?" on the login page (the same answer whatever the server knows) and the
 * mailed link's page `/login?reset=…` (the token out of the address bar at once; a new password checked
 * like at sign-up; a used link offers a new one; success back on the login tab).
 */

const assign = vi.fn();
beforeAll(async () => {
  await initTestI18n();
  i18n.addResourceBundle('en', 'user-accounts', { auth, common, password, validation }, true, true);
});
beforeEach(() => {
  resetRequestLayer();
  assign.mockReset();
  stubLocation('');
});
const stubLocation = (search: string) =>
  vi.stubGlobal('location', { ...window.location, assign, search, pathname: '/login', origin: window.location.origin, href: window.location.href });
afterEach(() => vi.unstubAllGlobals());
const pathOf = (call: FakeCall) => new URL(call.url, 'http://localhost').pathname;

describe('forgot password', () => {
  it('takes the address typed on the login tab, checks it, sends it, and says what to do next', async () => {
    const calls = installFetch(() => envelope({}));
    const user = userEvent.setup();
    render(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail'), 'Me@Example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot password?' }));

    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
    const email = screen.getByLabelText('E-mail');
    expect(email).toHaveValue('Me@Example.com');
    expect(email).toHaveFocus();
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(screen.getByText('invalid email')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);

    await user.clear(email);
    await user.type(email, 'Me@Example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('If me@example.com has an account, we have sent it a link to choose a new password. The link works once, for 30 minutes.');
    expect(calls.map(pathOf)).toEqual(['/x-api/v1/user/password/forgot']);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ email: 'me@example.com' });
    expect(screen.getByRole('heading', { name: 'Check your e-mail' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Back to log in' }));
    expect(screen.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
  });

  it('is not offered on the sign-up tab', async () => {
    const user = userEvent.setup();
    render(<LoginPage />);
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    expect(screen.queryByRole('button', { name: 'Forgot password?' })).toBeNull();
  });
});

describe('the mailed reset link', () => {
  it('takes the token out of the address, sets the new password, and sends the user to log in again', async () => {
    stubLocation('?reset=tok-42');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    const calls = installFetch(() => envelope({}));
    const user = userEvent.setup();
    render(<LoginPage />);
    expect(await screen.findByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    expect(replaceState).toHaveBeenCalledWith(null, '', '/login');
    const field = screen.getByLabelText('New password');
    expect(field).toHaveFocus();
    await user.type(field, 'short');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText(/at least 10 characters/)).toBeVisible();
    expect(calls).toEqual([]);

    await user.clear(field);
    await user.type(field, 'a-brand-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed and you were signed out everywhere. Log in with your new password.');
    expect(calls.map(pathOf)).toEqual(['/x-api/v1/user/password/reset']);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ token: 'tok-42', password: 'a-brand-new-passphrase' });
    expect(screen.getByRole('tab', { name: 'Log in' })).toHaveAttribute('aria-selected', 'true');
    expect(assign).not.toHaveBeenCalled();
    replaceState.mockRestore();
  });

  it("the server's refusal of a guessable password shows on the field; a used link offers a new one", async () => {
    stubLocation('?reset=tok-used');
    let reply = envelope({ fields: [{ path: 'password', code: 'password.common' }] }, 10001, 'params error');
    installFetch(() => reply);
    const user = userEvent.setup();
    render(<LoginPage />);
    const field = await screen.findByLabelText('New password');
    await user.type(field, 'password1234');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText(/one of the most common ones/)).toBeVisible();
    expect(field).toHaveFocus();

    reply = envelope({}, 20005, 'password reset link invalid or expired');
    await user.clear(field);
    await user.type(field, 'a-brand-new-passphrase');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is not valid any more');
    await user.click(screen.getByRole('button', { name: 'Send me a new link' }));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeVisible();
  });
});
