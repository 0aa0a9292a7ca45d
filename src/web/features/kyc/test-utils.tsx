/**
 * Test support for the KYC screens (only *.test.tsx import this): an i18next instance with the real
 * English translation parts these screens use, and a render() inside it and a fresh QueryClient.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import codesDocuments from '../../../../locales/inverse-error-code/en/documents.json';
import codesKyc from '../../../../locales/inverse-error-code/en/kyc.json';
import codesQuickKyc from '../../../../locales/inverse-error-code/en/quick-kyc.json';
import codesVendor from '../../../../locales/inverse-error-code/en/vendor.json';
import common from '../../../../locales/user-accounts/en/common.json';
import kycReasons from '../../../../locales/user-accounts/en/kyc-reasons.json';
import kycRules from '../../../../locales/user-accounts/en/kyc-rules.json';
import kyc from '../../../../locales/user-accounts/en/kyc.json';
import page from '../../../../locales/user-accounts/en/page.json';
import personal from '../../../../locales/user-accounts/en/personal.json';
import quickKyc from '../../../../locales/user-accounts/en/quick-kyc.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import ux from '../../../../locales/user-accounts/en/ux.json';
import validation from '../../../../locales/user-accounts/en/validation.json';
import vendor from '../../../../locales/user-accounts/en/vendor.json';

const userAccounts = { kyc, ui, ux, page, common, validation, personal, 'kyc-rules': kycRules, 'kyc-reasons': kycReasons, 'quick-kyc': quickKyc, vendor };
const inverseErrorCode = { ...codesCore, ...codesDocuments, ...codesKyc, ...codesVendor, ...codesQuickKyc };

/**
 * The global i18next instance (the request layer's §8 lookups read it, so the screens' error texts
 * come from the same place as in the app), in English with the real translation files.
 */
export function createKycTestI18n(): I18n {
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

/** Renders inside i18n (English), a fresh QueryClient (no retries) and a wouter Router. */
export function renderKyc(element: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const i18n = createKycTestI18n();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router>{children}</Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { i18n, client, ...render(element, { wrapper, ...options }) };
}
