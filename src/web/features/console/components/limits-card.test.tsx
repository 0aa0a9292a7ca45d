import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleLimitsResult } from '../../../../shared/api/limits.ts';
import codes from '../../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../../locales/user-accounts/en/common.json';
import limits from '../../../../../locales/user-accounts/en/limits.json';
import ui from '../../../../../locales/user-accounts/en/ui.json';
import validation from '../../../../../locales/user-accounts/en/validation.json';
import { clearResponseCache } from '../../../lib/http/index.ts';
import { envelope, installFetch } from '../../../lib/http/testing.ts';
import { globalTestI18n, renderInApp } from '../../../test/render.tsx';
import { LimitsCard } from './limits-card.tsx';

/** The withdrawal limits card of the console's administration page (decision 040), against a fake server at fetch. */
const v1: ConsoleLimitsResult = {
  current: { version: 1, source: 'file', document: { default: { '1': { BTC: '7', USD: '50000' } } }, note: 'LIMITS_FILE limits.json', createdAt: '2026-11-01T10:00:00.000Z', createdBy: null },
  history: [{ version: 1, source: 'file', note: 'LIMITS_FILE limits.json', createdAt: '2026-11-01T10:00:00.000Z', createdBy: null }],
  preview: [{ level: 1, coinLimit: [{ coin: 'BTC', limit: '7' }], usdLimit: '50000', period: 'DAILY' }],
};
const render = () => renderInApp(<LimitsCard />, globalTestI18n({ 'user-accounts': { limits, ui, common, validation }, 'inverse-error-code': codes }));

afterEach(() => {
  vi.unstubAllGlobals();
  clearResponseCache();
});

describe('the withdrawal limits card', () => {
  it('shows the version in force and what it gives; a save sends the edited document, the note and the version it started from', async () => {
    const calls = installFetch((call) => (call.method === 'PUT' ? envelope({ ...v1, current: { ...v1.current, version: 2, source: 'console', note: 'Lower level 1', createdBy: 'admin@example.com' } }) : envelope(v1)));
    render();
    expect(await screen.findByTestId('limits-current')).toHaveTextContent(/^Version 1 is in force \(the limits file\), saved .* by the server\.$/);
    expect(screen.getByTestId('limits-preview')).toHaveTextContent('7 BTC');
    const user = userEvent.setup();
    const editor = screen.getByRole('textbox', { name: /^Limits as JSON/ });
    await user.clear(editor);
    await user.click(editor);
    await user.paste('{ "default": { "1": { "BTC": "5" } } }');
    await user.type(screen.getByRole('textbox', { name: /^What changed and why/ }), 'Lower level 1');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText(/^Version 2 is in force \(the console\)/)).toBeVisible();
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(JSON.parse(put.body!)).toEqual({ document: { default: { '1': { BTC: '5' } } }, note: 'Lower level 1', expectedVersion: 1 });
  });

  it('text that is not JSON is refused in the browser, sending nothing', async () => {
    const calls = installFetch(() => envelope(v1));
    render();
    const user = userEvent.setup();
    const editor = await screen.findByRole('textbox', { name: /^Limits as JSON/ });
    await user.clear(editor);
    await user.type(editor, 'not json');
    await user.type(screen.getByRole('textbox', { name: /^What changed and why/ }), 'x');
    await user.click(screen.getByRole('button', { name: 'Save as a new version' }));
    expect(await screen.findByText('This is not valid JSON.')).toBeVisible();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
  });
});
