/** §9: languages of the main site, default en. */
export const SUPPORTED_LANGUAGES = [
  'en', 'en-US', 'zh-CN', 'zh-TW', 'ja-JP', 'ko-KR', 'ru-RU', 'id-ID', 'es-ES', 'tr-TR', 'th-TH', 'vi-VN', 'de-DE',
] as const;
export const DEFAULT_LANGUAGE = 'en';

/** §9: the HK region's languages, default zh-HK. */
export const HK_LANGUAGES = ['en-HK', 'zh-HK'] as const;
export const HK_DEFAULT_LANGUAGE = 'zh-HK';

/** §9: "SDK default language ES". */
export const SDK_DEFAULT_LANGUAGE = 'es-ES';

/** Beyond the spec: Arabic for the UAE site, so right-to-left layout is real (issue 3). */
export const ARE_EXTRA_LANGUAGES = ['ar-SA'] as const;

/** §2: default right-to-left list (replaceable by a global list at runtime). */
export const DEFAULT_RTL_LANGUAGES: readonly string[] = ['ar-SA'];

/** Every language we ship translation files for. Each is a real translation of every key. */
export const SHIPPED_LANGUAGES = [...SUPPORTED_LANGUAGES, ...HK_LANGUAGES, ...ARE_EXTRA_LANGUAGES] as const;
export type ShippedLanguage = (typeof SHIPPED_LANGUAGES)[number];

export function isShippedLanguage(lng: string): lng is ShippedLanguage {
  return (SHIPPED_LANGUAGES as readonly string[]).includes(lng);
}
