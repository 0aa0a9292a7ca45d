import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BusinessView } from '../../../../shared/api/integration-admin.ts';
import partnersTexts from '../../../../../locales/user-accounts/en/partners-console.json';
import sdkCodes from '../../../../../locales/inverse-error-code/en/sdk.json';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch, type FakeCall } from '../../../lib/http/testing.ts';
import { createConsoleTestI18n, ME, renderConsole } from '../test-utils.tsx';
import PartnersScreen from './partners-screen.tsx';

const ADMIN = { ...ME, role: 'administrator' as const };
const LIST = '/x-api/v1/console/businesses';

beforeAll(() => {
  const i18n = createConsoleTestI18n();
  i18n.addResourceBundle('en', 'user-accounts', { 'partners-console': partnersTexts }, true, true);
  i18n.addResourceBundle('en', 'inverse-error-code', sdkCodes, true, true);
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

function business(overrides: Partial<BusinessView> = {}): BusinessView {
  return {
    id: 'acme',
    name: 'Acme Pay',
    allowedOrigins: ['https://acme.example'],
    scenes: ['acme'],
    redirectAllowlist: ['https://acme.example'],
    defaultLanguage: 'es-ES',
    status: 'ACTIVE',
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    secretCreatedAt: '2026-01-01T10:00:00.000Z',
    previousSecretValidUntil: null,
    ...overrides,
  };
}

const path = (call: FakeCall) => new URL(call.url, 'http://localhost').pathname;

/** A console API with one business; `reply` answers the writes. */
function serve(me: typeof ME | typeof ADMIN, reply: (call: FakeCall) => Response) {
  const businesses = [business()];
  return installFetch((call) => {
    if (path(call) === '/x-api/v1/console/me') return envelope(me);
    if (path(call) === LIST && call.method === 'GET') return envelope({ businesses });
    return reply(call);
  });
}

describe('console: businesses', () => {
  it('refuses a reviewer without the administrator role, and never asks for the list', async () => {
    const calls = serve(ME, () => envelope({}, 10009, 'no permission'));
    renderConsole(<PartnersScreen />);
    expect(await screen.findByText('For administrators only')).toBeVisible();
    expect(calls.some((c) => path(c) === LIST)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Register a business' })).toBeNull();
  });

  it('registers a business: lists split per line, and the secret is shown once with a copy button', async () => {
    const created = business({ id: 'hooli', name: 'Hooli', allowedOrigins: ['https://hooli.example', 'https://app.hooli.example'], scenes: ['hooli'] });
    const calls = serve(ADMIN, (call) => (path(call) === LIST && call.method === 'POST' ? envelope({ business: created, secret: 'psk_once-only' }) : envelope({}, 10011, 'nf')));
    renderConsole(<PartnersScreen />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('business-acme')).toHaveTextContent('Acme Pay');

    await user.click(screen.getByRole('button', { name: 'Register a business' }));
    const form = screen.getByRole('form', { name: 'Register a business' });
    await user.type(within(form).getByLabelText(/^Business id/), 'hooli');
    await user.type(within(form).getByLabelText(/^Name shown to users/), 'Hooli');
    await user.type(within(form).getByLabelText(/^Allowed origins/), 'https://hooli.example/{enter}https://APP.hooli.example');
    await user.type(within(form).getByLabelText(/^Business scenes/), 'hooli');
    await user.selectOptions(within(form).getByLabelText(/^Default language/), 'en');
    await user.click(within(form).getByRole('button', { name: 'Register' }));

    const secret = await screen.findByTestId('secret-once');
    expect(secret).toHaveTextContent('It is shown only this once');
    expect(within(secret).getByLabelText('API secret')).toHaveValue('psk_once-only');
    const sent = calls.find((c) => path(c) === LIST && c.method === 'POST')!;
    expect(JSON.parse(sent.body!)).toEqual({
      id: 'hooli',
      name: 'Hooli',
      allowedOrigins: ['https://hooli.example', 'https://app.hooli.example'],
      scenes: ['hooli'],
      redirectAllowlist: [],
      defaultLanguage: 'en',
    });
    await user.click(within(secret).getByRole('button', { name: 'Copy' }));
    // user-event's clipboard stands in for the browser's.
    expect(await navigator.clipboard.readText()).toBe('psk_once-only');
    expect(within(secret).getByRole('status')).toHaveTextContent('Copied to the clipboard.');
    // Once stored, the secret leaves the page for good.
    await user.click(within(secret).getByRole('button', { name: 'I have stored it' }));
    expect(screen.queryByTestId('secret-once')).toBeNull();
    expect(screen.queryByDisplayValue('psk_once-only')).toBeNull();
  });

  it('refuses bad entries on their field before sending, and shows the server refusal translated', async () => {
    const calls = serve(ADMIN, (call) => (path(call) === LIST && call.method === 'POST' ? envelope({}, 39008, 'business exists') : envelope({}, 10011, 'nf')));
    renderConsole(<PartnersScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Register a business' }));
    const form = screen.getByRole('form', { name: 'Register a business' });
    await user.type(within(form).getByLabelText(/^Business id/), 'Acme Pay');
    await user.type(within(form).getByLabelText(/^Name shown to users/), 'Acme');
    await user.type(within(form).getByLabelText(/^Allowed origins/), 'https://acme.example/checkout');
    await user.type(within(form).getByLabelText(/^Business scenes/), 'acme');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('Business id is not valid')).toBeVisible();
    expect(within(form).getByText('Each line must be an origin such as https://partner.example, without a path.')).toBeVisible();
    expect(within(form).getByLabelText(/^Allowed origins/)).toHaveAttribute('aria-invalid', 'true');
    expect(calls.some((c) => path(c) === LIST && c.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText(/^Business id/));
    await user.type(within(form).getByLabelText(/^Business id/), 'acme');
    await user.clear(within(form).getByLabelText(/^Allowed origins/));
    await user.type(within(form).getByLabelText(/^Allowed origins/), 'https://acme.example');
    await user.click(within(form).getByRole('button', { name: 'Register' }));
    expect(await within(form).findByText('A business with this id already exists.')).toBeVisible();
    expect(screen.queryByTestId('secret-once')).toBeNull();
  });

  it('places the server field issues (10001) on the list field at fault', async () => {
    serve(ADMIN, () => envelope({ fields: [{ path: 'scenes.1', code: 'type' }] }, 10001, 'params error'));
    renderConsole(<PartnersScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Pay' }));
    const form = screen.getByRole('form', { name: 'Settings of acme' });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByText('Each line must be lowercase letters, digits and hyphens, like acme-pay.')).toBeVisible();
    expect(within(form).getByLabelText(/^Business scenes/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('disables a business (status) and rotates its secret with the chosen overlap, showing the new one once', async () => {
    const calls = serve(ADMIN, (call) => {
      if (path(call) === '/x-api/v1/console/businesses/acme') return envelope({ business: business({ status: 'DISABLED' }) });
      if (path(call) === '/x-api/v1/console/businesses/acme/rotate-secret') return envelope({ business: business(), secret: 'psk_rotated' });
      return envelope({}, 10011, 'nf');
    });
    renderConsole(<PartnersScreen />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Acme Pay' }));
    const form = screen.getByRole('form', { name: 'Settings of acme' });
    expect(within(form).getByLabelText(/^Allowed origins/)).toHaveValue('https://acme.example');
    expect(within(form).queryByLabelText(/^Business id/)).toBeNull();
    await user.selectOptions(within(form).getByLabelText(/^Status/), 'DISABLED');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(calls.some((c) => path(c) === '/x-api/v1/console/businesses/acme')).toBe(true));
    const saved = calls.find((c) => path(c) === '/x-api/v1/console/businesses/acme')!;
    expect(JSON.parse(saved.body!)).toEqual({ name: 'Acme Pay', allowedOrigins: ['https://acme.example'], scenes: ['acme'], redirectAllowlist: ['https://acme.example'], defaultLanguage: 'es-ES', status: 'DISABLED' });

    expect(screen.getByRole('radio', { name: 'For one more hour' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'No longer: stop it at once' }));
    await user.click(screen.getByRole('button', { name: 'Make a new secret' }));
    expect(await screen.findByTestId('secret-value')).toHaveValue('psk_rotated');
    const rotated = calls.find((c) => path(c) === '/x-api/v1/console/businesses/acme/rotate-secret')!;
    expect(JSON.parse(rotated.body!)).toEqual({ overlapMinutes: 0 });
  });
});
