import type { CountryListEntry, CountryListResult } from '../../../shared/api/country-list.ts';
import { isCountryEnabled } from '../../../shared/countries.ts';
import { buildCountryRecords } from './country-data.ts';

/** §3 country list, built once from the data libraries. */
export function createCountriesService() {
  let all: CountryListEntry[] | undefined;
  const entries = () => (all ??= buildCountryRecords().map((c) => ({ ...c, isDisable: !isCountryEnabled(c.countryCode) })));
  return {
    /** Every country; disabled ones only when asked for (`is_disable=1`), flagged. */
    list(includeDisabled: boolean): CountryListResult {
      return { list: includeDisabled ? entries() : entries().filter((c) => !c.isDisable) };
    },
  };
}

export type CountriesService = ReturnType<typeof createCountriesService>;
