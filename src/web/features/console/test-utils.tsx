/**
 * Test support for the console's component tests (only *.test.tsx import this): an i18next
 * instance with the real English translation parts the console reads, and a render() that provides
 * it and a fresh TanStack Query client.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import type { ReactElement, ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import codes from '../../../../locales/inverse-error-code/en/core.json';
import common from '../../../../locales/user-accounts/en/common.json';
import consoleTexts from '../../../../locales/user-accounts/en/console.json';
import kycReasons from '../../../../locales/user-accounts/en/kyc-reasons.json';
import kycRules from '../../../../locales/user-accounts/en/kyc-rules.json';
import ui from '../../../../locales/user-accounts/en/ui.json';
import validation from '../../../../locales/user-accounts/en/validation.json';

/**
 * The global i18next (the request layer's §8 lookups, e.g. errorMessage(), read it), initialised
 * once per test file with the parts above.
 */
export function createConsoleTestI18n(): I18n {
  const instance = i18next;
  if (instance.isInitialized) return instance;
  void instance.init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['user-accounts', 'inverse-error-code'],
    defaultNS: 'user-accounts',
    resources: {
      en: {
        'user-accounts': { console: consoleTexts, 'kyc-reasons': kycReasons, 'kyc-rules': kycRules, ui, common, validation },
        'inverse-error-code': codes,
      },
    },
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

/** Renders inside the English console translations and a Query client that never retries. */
export function renderConsole(element: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  const i18n = createConsoleTestI18n();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>{children}</I18nextProvider>
    </QueryClientProvider>
  );
  return { i18n, queryClient, ...render(element, { wrapper, ...options }) };
}
