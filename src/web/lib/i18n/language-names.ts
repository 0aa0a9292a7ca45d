/**
 * Each language in its own words, as a language picker shows it (people look for their language by
 * its own name, not by a translation into the current one). Regional variants of the same language
 * carry the region so the picker stays unambiguous.
 */
export const LANGUAGE_NAMES: Readonly<Record<string, string>> = {
  en: 'English',
  'en-US': 'English (United States)',
  'en-HK': 'English (Hong Kong)',
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文（台灣）',
  'zh-HK': '繁體中文（香港）',
  'ja-JP': '日本語',
  'ko-KR': '한국어',
  'ru-RU': 'Русский',
  'id-ID': 'Bahasa Indonesia',
  'es-ES': 'Español',
  'tr-TR': 'Türkçe',
  'th-TH': 'ไทย',
  'vi-VN': 'Tiếng Việt',
  'de-DE': 'Deutsch',
  'ar-SA': 'العربية',
};

export function languageName(language: string): string {
  return LANGUAGE_NAMES[language] ?? language;
}
