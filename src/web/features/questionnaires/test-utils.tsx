/**
 * Test support for the questionnaire screens (only *.test.tsx import this): i18next with the real
 * translation parts these screens use, in any shipped language, and a render() with a fresh
 * QueryClient and a wouter Router.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import codesCore from '../../../../locales/inverse-error-code/en/core.json';
import codesQuestionnaires from '../../../../locales/inverse-error-code/en/questionnaires.json';

/** Every shipped language's questionnaire, ui, common, validation and edd parts (read at build time by Vite). */
const parts = import.meta.glob<Record<string, unknown>>('../../../../locales/user-accounts/*/{questionnaires,ui,common,validation,edd}.json', { eager: true, import: 'default' });

export function resourcesOf(lng: string): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [file, data] of Object.entries(parts)) {
    const m = /user-accounts\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (m && m[1] === lng) out[m[2]!] = data;
  }
  return out;
}

export function questionnaireI18n(lng = 'en'): I18n {
  const resources = { [lng]: { 'user-accounts': resourcesOf(lng), 'inverse-error-code': { ...codesCore, ...codesQuestionnaires } } };
  if (!i18next.isInitialized) {
    void i18next.init({ lng, fallbackLng: false, ns: ['user-accounts', 'inverse-error-code'], defaultNS: 'user-accounts', resources, initAsync: false, interpolation: { escapeValue: false }, react: { useSuspense: false } });
  } else {
    i18next.addResourceBundle(lng, 'user-accounts', resources[lng]!['user-accounts'], true, true);
    i18next.addResourceBundle(lng, 'inverse-error-code', resources[lng]!['inverse-error-code'], true, true);
    void i18next.changeLanguage(lng);
  }
  return i18next;
}

export function renderQuestionnaire(element: ReactElement, lng = 'en') {
  const i18n = questionnaireI18n(lng);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router>{children}</Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { i18n, client, ...render(element, { wrapper }) };
}
