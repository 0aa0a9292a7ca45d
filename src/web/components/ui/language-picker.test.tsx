import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from '../../env.ts';
import { i18n, initI18n } from '../../lib/i18n/index.ts';
import { LanguagePicker } from './language-picker.tsx';

const site = (lng: string) => ({ language: { en: 'Language', 'en-HK': 'Language', 'zh-HK': '語言', 'de-DE': 'Sprache', 'ar-SA': 'اللغة' }[lng] ?? 'Language' });

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL) => {
      const m = /release\/([^/]+)\/([^/?]+)\.json/.exec(String(input));
      return Response.json(m?.[1] === 'user-accounts' ? { site: site(m[2]!) } : {});
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

async function renderPicker(hostname: string, search = '') {
  await act(async () => {
    await initI18n({ hostname, search, env: readEnv({}) });
  });
  render(
    <Suspense fallback={null}>
      <LanguagePicker />
    </Suspense>,
  );
  return screen.findByRole('combobox');
}

describe('LanguagePicker', () => {
  it('offers only the HK languages on an HK host, labelled, and switches with the keyboard', async () => {
    const picker = await renderPicker('accounts.exchange.hk');
    expect(screen.getByLabelText('語言')).toBe(picker);
    expect([...picker.querySelectorAll('option')].map((o) => o.getAttribute('value'))).toEqual(['en-HK', 'zh-HK']);
    expect(picker).toHaveValue('zh-HK');

    const user = userEvent.setup();
    await user.selectOptions(picker, 'en-HK');
    expect(await screen.findByLabelText('Language')).toHaveValue('en-HK');
    expect(i18n.language).toBe('en-HK');
    expect(localStorage.getItem('i18nextLng')).toBe('en-HK');
  });

  it('offers Arabic on the UAE site and flips the page direction', async () => {
    const picker = await renderPicker('accounts.exchange.ae', '?lang=de-DE');
    expect(picker.querySelectorAll('option')).toHaveLength(14);
    expect(screen.getByRole('option', { name: 'العربية' })).toHaveAttribute('lang', 'ar-SA');
    await userEvent.setup().selectOptions(picker, 'ar-SA');
    expect(await screen.findByLabelText('اللغة')).toHaveValue('ar-SA');
    expect(document.documentElement.dir).toBe('rtl');
  });
});
