/**
 * Test support for the account extras' screens (only *.test.tsx import this): the global i18next
 * (the request layer's §8 lookups read it) with the real English texts they use, a fresh
 * QueryClient and a wouter Router with a memory location.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import codesExtras from '../../../../locales/inverse-error-code/en/extras.json';
import common from '../../../../locales/user-accounts/en/common.json';
import extras from '../../../../locales/user-accounts/en/extras.json';
import ui from '../../../../locales/user-accounts/en/ui.json';

const userAccounts = { extras, ui, common };
const inverseErrorCode = { ...codesCore, ...codesExtras };

export function createExtrasTestI18n(): I18n {
  if (!i18next.isInitialized) {
    void i18next.init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['user-accounts', 'inverse-error-code'],
      defaultNS: 'user-accounts',
      resources: { en: { 'user-accounts': userAccounts, 'inverse-error-code': inverseErrorCode } },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    i18next.addResourceBundle('en', 'user-accounts', userAccounts, true, true);
    i18next.addResourceBundle('en', 'inverse-error-code', inverseErrorCode, true, true);
    void i18next.changeLanguage('en');
  }
  return i18next;
}

/** Renders at `path` (with its search) inside i18n, a fresh QueryClient and a memory router. */
export function renderExtras(element: ReactElement, path = '/') {
  const i18n = createExtrasTestI18n();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const { hook, searchHook } = memoryLocation({ path });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router hook={hook} searchHook={searchHook}>
          {children}
        </Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { i18n, client, ...render(element, { wrapper }) };
}
