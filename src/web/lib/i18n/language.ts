import { DEFAULT_RTL_LANGUAGES, SDK_DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { matchSupported, type RegionLanguages } from '../../../shared/sites.ts';
import { localStore } from '../browser-storage.ts';

/** §2: the local storage key the language choice is saved under (i18next's own key). */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
/** §2: the query parameter that picks the language. */
export const LANGUAGE_QUERY_PARAM = 'lang';

export interface LanguageCandidates {
  /** `?lang=` */
  query?: string | null;
  /** localStorage `i18nextLng` */
  stored?: string | null;
  /** `navigator.languages` (most preferred first). */
  browser?: readonly string[];
}

/**
 * §9: in the SDK view the default language is es-ES ("SDK default language ES"), where the region
 * offers it; elsewhere the region's default.
 */
export function languagesFor(region: RegionLanguages, sdk: boolean): RegionLanguages {
  if (sdk && region.supported.includes(SDK_DEFAULT_LANGUAGE)) return { supported: region.supported, defaultLanguage: SDK_DEFAULT_LANGUAGE };
  return region;
}

/**
 * §2 language selection: the `lang` query parameter, else the saved choice, else the browser.
 * The first of the three that is present decides; when it names a language this region does not
 * support, the region's default is used (§2 "If not supported, the default is used"; an explicit
 * but unknown choice is not second-guessed with another source). For the browser, each of its
 * preferred languages is tried in order; only exact matches count (case-insensitive), so an
 * English browser on the HK site gets the HK default zh-HK, not a guess.
 */
export function resolveLanguage(candidates: LanguageCandidates, languages: RegionLanguages): string {
  const { supported, defaultLanguage } = languages;
  const query = candidates.query?.trim();
  if (query) return matchSupported(query, supported) ?? defaultLanguage;
  const stored = candidates.stored?.trim();
  if (stored) return matchSupported(stored, supported) ?? defaultLanguage;
  for (const tag of candidates.browser ?? []) {
    const match = matchSupported(tag, supported);
    if (match) return match;
  }
  return defaultLanguage;
}

/**
 * §2: the right-to-left list: a global list the host page provides (`window.__RTL_LANGUAGES__`),
 * else the default (`['ar-SA']`). A malformed global is ignored.
 */
export function rtlLanguages(global: { __RTL_LANGUAGES__?: unknown } = globalThis as { __RTL_LANGUAGES__?: unknown }): readonly string[] {
  const provided = global.__RTL_LANGUAGES__;
  if (Array.isArray(provided) && provided.every((l) => typeof l === 'string')) return provided as string[];
  return DEFAULT_RTL_LANGUAGES;
}

export function isRtl(language: string, list: readonly string[] = rtlLanguages()): boolean {
  const lower = language.toLowerCase();
  return list.some((l) => l.toLowerCase() === lower);
}

/** §2: the html lang attribute is left alone on hosts containing announcements, learn or blog. */
export function setsHtmlLang(hostname: string): boolean {
  return !/announcements|learn|blog/i.test(hostname);
}

/** §2: `<html lang>` (except on those hosts) and `<html dir>` for the current language. */
export function applyDocumentLanguage(doc: Document, language: string, hostname: string, rtlList: readonly string[] = rtlLanguages()): void {
  const root = doc.documentElement;
  if (setsHtmlLang(hostname)) root.lang = language;
  root.dir = isRtl(language, rtlList) ? 'rtl' : 'ltr';
}

/** localStorage can throw (disabled storage, private modes): the language then simply is not remembered. */
export function readStoredLanguage(storage: Pick<Storage, 'getItem'> | undefined = localStore()): string | null {
  try {
    return storage?.getItem(LANGUAGE_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function storeLanguage(language: string, storage: Pick<Storage, 'setItem'> | undefined = localStore()): void {
  try {
    storage?.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not remembered; the page still works in the chosen language.
  }
}
