/**
 * Intl formatters, made once per locale and options. Constructing an Intl.NumberFormat costs about a
 * hundred times a `format` call (it resolves the locale's data); the overview formats every limit of
 * every level, and made one or two per figure (issue 32: 36 ms of the personal page's script on a
 * desktop CPU, four times that on a phone). The cache is bounded: locales and options are few.
 */
const MAX_ENTRIES = 200;
const numberFormats = new Map<string, Intl.NumberFormat>();

/** `new Intl.NumberFormat(locale, options)`, shared; throws as the constructor does (an unknown currency). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    if (numberFormats.size >= MAX_ENTRIES) numberFormats.clear();
    numberFormats.set(key, format);
  }
  return format;
}
