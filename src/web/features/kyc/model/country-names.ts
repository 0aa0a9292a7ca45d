import type { CountryListEntry } from '../../../../shared/api/country-list.ts';

export interface CountryOption {
  code: string;
  name: string;
  disabled: boolean;
}

interface RegionNames {
  names: Intl.DisplayNames;
  /** CLDR's "Unknown Region" (ZZ) in this language: what it answers for a code it has no name for. */
  unknown: string | undefined;
}
const displayNames = new Map<string, RegionNames | null>();

function regionNames(language: string): RegionNames | null {
  if (!displayNames.has(language)) {
    let entry: RegionNames | null;
    try {
      const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
      entry = { names, unknown: names.of('ZZ') };
    } catch {
      entry = null;
    }
    displayNames.set(language, entry);
  }
  return displayNames.get(language)!;
}

/**
 * A country's name in the UI language: the server's English and Simplified Chinese names where they
 * fit (§3 nameEn / nameZhCN), the browser's own region names (Intl.DisplayNames) for the other
 * languages, and the English name when the browser has none.
 */
export function countryName(entry: Pick<CountryListEntry, 'countryCode' | 'nameEn' | 'nameZhCN'>, language: string): string {
  if (language === 'zh-CN' && entry.nameZhCN) return entry.nameZhCN;
  if (language === 'en' || language.startsWith('en-')) return entry.nameEn;
  const region = regionNames(language);
  let name: string | undefined;
  try {
    name = region?.names.of(entry.countryCode);
  } catch {
    name = undefined;
  }
  return name && name !== entry.countryCode && name !== region?.unknown ? name : entry.nameEn;
}

/** The list as select options, named and sorted in the UI language; disabled countries stay visible but cannot be chosen. */
export function countryOptions(list: readonly CountryListEntry[], language: string): CountryOption[] {
  let collator: Intl.Collator;
  try {
    collator = new Intl.Collator(language);
  } catch {
    collator = new Intl.Collator('en');
  }
  return list
    .map((c) => ({ code: c.countryCode, name: countryName(c, language), disabled: c.isDisable }))
    .sort((a, b) => collator.compare(a.name, b.name));
}

/** The name of a code from the list, or the code itself when it is not listed. */
export function nameOfCountry(list: readonly CountryListEntry[] | undefined, code: string, language: string): string {
  const entry = list?.find((c) => c.countryCode === code);
  return entry ? countryName(entry, language) : code;
}
