import type { CountryListEntry } from '../../../../shared/api/country-list.ts';

export interface CountryOption {
  code: string;
  name: string;
  disabled: boolean;
}

interface RegionNames {
  names: Intl.DisplayNames;
  short: Intl.DisplayNames;
  /** CLDR's "Unknown Region" (ZZ) in this language: what it answers for a code it has no name for. */
  unknown: string | undefined;
}
const displayNames = new Map<string, RegionNames | null>();

/**
 * Places whose standard name is an administrative label ("Hong Kong SAR China", "Palestinian
 * Territories"): CLDR's short form is what people say. Only these: the short form of others is an
 * abbreviation ("US", "UK", "Bosnia") that does not belong in a form.
 */
const SHORT_NAMED: ReadonlySet<string> = new Set(['HK', 'MO', 'PS']);

function regionNames(language: string): RegionNames | null {
  if (!displayNames.has(language)) {
    let entry: RegionNames | null;
    try {
      const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
      const short = new Intl.DisplayNames([language], { type: 'region', fallback: 'none', style: 'short' });
      entry = { names, short, unknown: names.of('ZZ') };
    } catch {
      entry = null;
    }
    displayNames.set(language, entry);
  }
  return displayNames.get(language)!;
}

/**
 * A country's name in the UI language, as people say it ("China", "Taiwan", "South Korea"): the
 * browser's own region names (Intl.DisplayNames, CLDR data, every language the browser supports).
 * The server's names (§3 nameEn / nameZhCN) come from ISO tables ("Taiwan, Province of China",
 * "Korea, Republic of") and are only the fallback when the browser has no name for a code.
 */
export function countryName(entry: Pick<CountryListEntry, 'countryCode' | 'nameEn' | 'nameZhCN'>, language: string): string {
  const region = regionNames(language);
  let name: string | undefined;
  try {
    name = (SHORT_NAMED.has(entry.countryCode) ? region?.short : region?.names)?.of(entry.countryCode);
  } catch {
    name = undefined;
  }
  if (name && name !== entry.countryCode && name !== region?.unknown) return name;
  return language === 'zh-CN' && entry.nameZhCN ? entry.nameZhCN : entry.nameEn;
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
