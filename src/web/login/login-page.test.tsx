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
 * Registration replies the same for a new and a taken address (decision 013), and a new account logs
 * in only after its address is confirmed: the page says to check the e-mail, whose link
 * (/login?confirm=…) confirms and signs in.
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
  it('registers (no login attempt), then says to confirm from the e-mail, on the login tab, password cleared', async () => {
    const calls = installFetch(() => envelope({}));
    await registerAs('new@example.com', 'correct-horse-battery');
    expect(await screen.findByRole('status')).toHaveTextContent('Almost there: we sent an e-mail to new@example.com. Open the link in it to confirm your account');
    expect(calls.map(pathOf)).toEqual(['/x-api/v1/user/register']);
    expect(JSON.parse(calls[0]!.body!)).toEqual({ email: 'new@example.com', password: 'correct-horse-battery' });
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

describe('checking the fields before anything is sent (the server\'s rules, shared/credential-rules.ts)', () => {
  it('says what is missing, focuses the first field, sends nothing; then follows the tab\'s rules as one types', async () => {
    const calls = installFetch(() => envelope({ id: 'u1', email: 'ada@example.com', role: 'user' }));
    const user = userEvent.setup();
    render(<LoginPage />);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('E-mail is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('E-mail'), 'ada@example');
    expect(await screen.findByText('invalid email')).toBeInTheDocument();
    // Creating an account asks for a longer password than signing in (rules may have changed since sign-up).
    await user.click(screen.getByRole('tab', { name: 'Create account' }));
    await user.type(screen.getByLabelText('E-mail'), '.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Password must be at least 10 characters')).toBeInTheDocument();
    expect(screen.getByLabelText('Password', { selector: 'input' })).toHaveFocus();
    expect(calls).toEqual([]);
    // The same password signs in: the login tab checks only that there is one.
    await user.click(screen.getByRole('tab', { name: 'Log in' }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await vi.waitFor(() => expect(calls.map(pathOf)).toEqual(['/x-api/v1/user/login']));
    expect(JSON.parse(calls[0]!.body!)).toEqual({ email: 'ada@example.com', password: 'short' });
  });
});

describe('logging in', () => {
  it('a failed login says so, and gently reminds that a new account must be confirmed first', async () => {
    installFetch(() => envelope({}, 20001, 'invalid email or password'));
    const user = userEvent.setup();
    render(<LoginPage />);
    await user.type(screen.getByLabelText('E-mail'), 'someone@example.com');
    await user.type(screen.getByLabelText('Password', { selector: 'input' }), 'whatever-password');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Incorrect e-mail or password.');
    expect(alert).toHaveTextContent('Just created an account? Open the link we sent to your e-mail first to confirm it.');
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('opening the confirmation link /login?confirm=…', () => {
  it('confirms once, takes the token out of the address bar, and goes to the account area', async () => {
    stubLocation('?confirm=tok-123');
    const replaceState = vi.spyOn(window.history, 'replaceState');
    let answer: (value: Response) => void = () => {};
    const calls = installFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    render(<LoginPage />);
    expect(screen.getByRole('status')).toHaveTextContent('Confirming your e-mail address…');
    expect(screen.queryByRole('button', { name: 'Log in' })).toBeNull();
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(pathOf(calls[0]!)).toBe('/x-api/v1/user/confirm-email');
    expect(JSON.parse(calls[0]!.body!)).toEqual({ token: 'tok-123' });
    expect(replaceState).toHaveBeenCalledWith(null, '', '/login');
    answer(envelope({ id: 'u1', role: 'user' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/user/accounts/auth/personal'));
    replaceState.mockRestore();
  });

  it('an invalid or expired link: the translated reason and a way to register again', async () => {
    stubLocation('?confirm=used-token');
    installFetch(() => envelope({}, 20003, 'confirmation link invalid or expired'));
    const user = userEvent.setup();
    render(<LoginPage />);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This confirmation link is not valid any more');
    await user.click(screen.getByRole('button', { name: 'Create your account again' }));
    expect(screen.getByRole('tab', { name: 'Create account' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('E-mail')).toHaveFocus();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(assign).not.toHaveBeenCalled();
  });
});
