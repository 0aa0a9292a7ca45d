/**
 * Test support for the UI kit (only *.test.tsx import this): an i18next instance with the real
 * English `ui` and `common` translation files, and a render() that provides it.
 */
import { render, type RenderOptions } from '@testing-library/react';
import { createInstance, type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import common from '../../../../locales/user-accounts/en/common.json';
import ui from '../../../../locales/user-accounts/en/ui.json';

/** A fresh, synchronously initialised i18next with the English ui/common parts. */
export function createTestI18n(): I18n {
  const instance = createInstance();
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['user-accounts'],
    defaultNS: 'user-accounts',
    resources: { en: { 'user-accounts': { ui, common } } },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Testing Library's render, inside an I18nextProvider with the English translations. */
export function renderUi(element: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const i18n = createTestI18n();
  const wrapper = ({ children }: { children: ReactNode }) => <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
  return { i18n, ...render(element, { wrapper, ...options }) };
}
