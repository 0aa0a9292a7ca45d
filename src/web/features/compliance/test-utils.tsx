/**
 * Test support for the compliance screens (only *.test.tsx import this): i18next with the real
 * English translation parts these screens use, and a render() with a fresh QueryClient and a router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../locales/user-accounts/en/common.json';
import compliance from '../../../../locales/user-accounts/en/compliance.json';
import kyc from '../../../../locales/user-accounts/en/kyc.json';
import page from '../../../../locales/user-accounts/en/page.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import validation from '../../../../locales/user-accounts/en/validation.json';

export function renderCompliance(element: ReactElement) {
  const userAccounts = { compliance, common, kyc, page, ui, validation };
  if (!i18next.isInitialized) {
    void i18next.init({
      lng: 'en',
      fallbackLng: 'en',
      ns: ['user-accounts', 'inverse-error-code'],
      defaultNS: 'user-accounts',
      resources: { en: { 'user-accounts': userAccounts, 'inverse-error-code': codesCore } },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    i18next.addResourceBundle('en', 'user-accounts', userAccounts, true, true);
    i18next.addResourceBundle('en', 'inverse-error-code', codesCore, true, true);
    void i18next.changeLanguage('en');
  }
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18next}>
      <QueryClientProvider client={client}>
        <Router>{children}</Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return render(element, { wrapper });
}
