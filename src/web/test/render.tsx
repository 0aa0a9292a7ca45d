/**
 * Test support shared by the features' test-utils (only tests import it): the global i18next
 * instance with the real translation parts a feature's screens use — global because the request
 * layer's §8 error lookups read it, as in the app — and a render inside i18n, a fresh QueryClient
 * (no retries) and a wouter Router, at a memory location when a path is given.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';

export type TestResources = Record<'user-accounts' | 'inverse-error-code', Record<string, unknown>>;

/** The global i18next in `lng` with `resources` (added to what earlier tests loaded); `fallbackLng: false` to see missing keys. */
export function globalTestI18n(resources: TestResources, { lng = 'en', fallbackLng = 'en' as string | false } = {}): I18n {
  if (!i18next.isInitialized) {
    void i18next.init({
      lng,
      fallbackLng,
      ns: ['user-accounts', 'inverse-error-code'],
      defaultNS: 'user-accounts',
      resources: { [lng]: resources },
      initAsync: false,
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  } else {
    i18next.addResourceBundle(lng, 'user-accounts', resources['user-accounts'], true, true);
    i18next.addResourceBundle(lng, 'inverse-error-code', resources['inverse-error-code'], true, true);
    void i18next.changeLanguage(lng);
  }
  return i18next;
}

/** Renders `element` inside `i18n`, a fresh QueryClient and a Router (at `path` in memory, when given). */
export function renderInApp(element: ReactElement, i18n: I18n, { path, ...options }: Omit<RenderOptions, 'wrapper'> & { path?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const memory = path === undefined ? null : memoryLocation({ path });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <Router {...(memory ? { hook: memory.hook, searchHook: memory.searchHook } : {})}>{children}</Router>
      </QueryClientProvider>
    </I18nextProvider>
  );
  return { i18n, client, ...render(element, { wrapper, ...options }) };
}
