import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import HttpBackend from 'i18next-http-backend';
import { initReactI18next } from 'react-i18next';
import { TRANSLATION_PATH_PREFIX, TranslationNamespace } from '../../../shared/api/paths.ts';
import { DEFAULT_LANGUAGE, SUPPORTED_LANGUAGES } from '../../../shared/languages.ts';

/**
 * §2 language selection: `lang` query parameter, else local storage `i18nextLng`, else the browser;
 * unsupported -> default; the choice is saved back. §7: files from our server, 5 retries from 350 ms
 * doubling, at most 10 parallel reads (i18next's own defaults, stated here so they cannot drift).
 */
export function initI18n(): Promise<unknown> {
  return i18n
    .use(HttpBackend)
    .use(LanguageDetector)
    .use(initReactI18next)
    .init({
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: DEFAULT_LANGUAGE,
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      ns: [TranslationNamespace.USER_ACCOUNTS, TranslationNamespace.INVERSE_ERROR_CODE],
      defaultNS: TranslationNamespace.USER_ACCOUNTS,
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: `${TRANSLATION_PATH_PREFIX}/{{ns}}/{{lng}}.json?v=1` },
      detection: {
        order: ['querystring', 'localStorage', 'navigator'],
        lookupQuerystring: 'lang',
        lookupLocalStorage: 'i18nextLng',
        caches: ['localStorage'],
      },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

export { i18n };
