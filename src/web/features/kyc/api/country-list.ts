import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CountryListResult } from '../../../../shared/api/country-list.ts';
import { ApiPath } from '../../../../shared/api/paths.ts';
import { http } from '../../../lib/http/index.ts';
import { kycKeys } from './keys.ts';

/**
 * §7 GET /v2/public/country-list?is_disable=1: disabled countries come too (flagged), so the selects
 * can show them as unavailable instead of hiding them. The §7 response cache keeps it for 60 s.
 */
export const getCountryList = (signal?: AbortSignal) => http.get<CountryListResult>(ApiPath.countryList, { is_disable: 1 }, { cache: true, silent: true, signal });

export const countryListQuery = queryOptions({
  queryKey: kycKeys.countries(),
  queryFn: ({ signal }) => getCountryList(signal),
  // The list changes with a release, not during a visit.
  staleTime: Infinity,
});

export const useCountryList = () => useQuery(countryListQuery);
