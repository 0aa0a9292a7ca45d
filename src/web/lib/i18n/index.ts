import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { TRANSLATION_PATH_PREFIX, TranslationNamespace } from '../../../shared/api/paths.ts';
import { matchSupported, regionFromHostname, regionLanguages, type Region, type RegionLanguages } from '../../../shared/sites.ts';
import { env as buildEnv, translationFilePrefix, translationOrigin, type WebEnv } from '../../env.ts';
import { FetchBackend } from './fetch-backend.ts';
import { applyDocumentLanguage, LANGUAGE_QUERY_PARAM, languagesFor, readStoredLanguage, resolveLanguage, storeLanguage } from './language.ts';

export interface I18nOptions {
  /** Defaults to the page's hostname: the region (§1) decides the languages. */
  hostname?: string;
  /** Defaults to the page's query string (`?lang=`). */
  search?: string;
  /** The SDK view: default language es-ES (§9). */
  sdk?: boolean;
  /** The region whose languages apply when not the hostname's (the SDK page's `site`, decision 040). */
  region?: Region;
  env?: WebEnv;
}

/** §7: `{origin}/common-static/…/release/{ns}/{prefix}{lng}.json?v=1`, prefix by environment. */
export function translationLoadPath(e: WebEnv): string {
  return `${translationOrigin(e)}${TRANSLATION_PATH_PREFIX}/{{ns}}/${translationFilePrefix(e.appEnv)}{{lng}}.json?v=1`;
}

let active: RegionLanguages = regionLanguages(regionFromHostname(globalThis.location?.hostname ?? ''));
let activeHostname = globalThis.location?.hostname ?? '';

/** The languages of the current region (what the picker offers) and its default. */
export function currentLanguages(): RegionLanguages {
  return active;
}

/**
 * §2 language selection and §7 translation loading. The language is resolved once from `?lang=`,
 * the saved choice or the browser (see resolveLanguage), saved back to local storage and put on
 * `<html lang>` / `<html dir>`; every later change does the same. §7: 5 retries from 350 ms
 * doubling, at most 10 parallel reads (i18next's defaults, stated so they cannot drift).
 */
export function initI18n(options: I18nOptions = {}): Promise<unknown> {
  const hostname = options.hostname ?? window.location.hostname;
  const search = options.search ?? window.location.search;
  const e = options.env ?? buildEnv;
  active = languagesFor(regionLanguages(options.region ?? regionFromHostname(hostname)), options.sdk ?? false);
  activeHostname = hostname;
  const language = resolveLanguage(
    { query: new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM), stored: readStoredLanguage(), browser: navigator.languages ?? [navigator.language] },
    active,
  );
  storeLanguage(language);
  applyDocumentLanguage(document, language, hostname);
  i18n.off('languageChanged', onLanguageChanged);
  i18n.on('languageChanged', onLanguageChanged);

  return i18n
    .use(FetchBackend)
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: [...active.supported],
      // Every shipped language has exactly the keys of `en` (src/server/locales.test.ts), so a region's
      // language never needs its fallback's file: loading it as well sent both en-US and en on every
      // first load (issue 15). Only a language we do not ship falls back to the region's default.
      fallbackLng: (code: string) => (active.supported.includes(code) ? [] : [active.defaultLanguage]),
      nonExplicitSupportedLngs: false,
      load: 'currentOnly',
      // The language is set before init returns, not a task later: a component that renders first
      // (a test's, or one rendered before the deferred init) would ask for the namespaces before the
      // language is known and fetch `en` besides `en-US` (decisions 032, 033). Files load asynchronously.
      initAsync: false,
      ns: [TranslationNamespace.USER_ACCOUNTS, TranslationNamespace.INVERSE_ERROR_CODE],
      defaultNS: TranslationNamespace.USER_ACCOUNTS,
      maxRetries: 5,
      retryTimeout: 350,
      maxParallelReads: 10,
      backend: { loadPath: translationLoadPath(e) },
      interpolation: { escapeValue: false },
      react: { useSuspense: true },
    });
}

function onLanguageChanged(language: string) {
  storeLanguage(language);
  applyDocumentLanguage(document, language, activeHostname);
}

/**
 * Switches to a language of the current region (the picker), saving the choice (§2). A `?lang=`
 * in the address is dropped so a reload keeps the new choice instead of the link's language.
 */
export async function changeLanguage(language: string): Promise<void> {
  const match = matchSupported(language, active.supported);
  if (!match) return;
  const url = new URL(window.location.href);
  if (url.searchParams.has(LANGUAGE_QUERY_PARAM)) {
    url.searchParams.delete(LANGUAGE_QUERY_PARAM);
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  }
  await i18n.changeLanguage(match);
}

export { i18n };
