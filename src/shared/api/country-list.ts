import { z } from 'zod';
// Imported first for zod's jitless setting (no `new Function` under our CSP), like every schema module.
import '../validation.ts';

/** GET /v2/public/country-list (§7, §3 country list). */

/** `?is_disable=1`: disabled countries are listed too, flagged. */
export const countryListQuery = z.object({ is_disable: z.enum(['0', '1']).default('0') });
export type CountryListQuery = z.input<typeof countryListQuery>;

/** §3 country list entry. */
export const countryListEntry = z.object({
  countryCode: z.string(),
  /** Phone dial code, digits only. */
  regionCode: z.string(),
  nameEn: z.string(),
  nameZhCN: z.string(),
  /** The country is disabled for verification (listed only with is_disable=1). */
  isDisable: z.boolean(),
});
export type CountryListEntry = z.output<typeof countryListEntry>;

export const countryListResult = z.object({ list: z.array(countryListEntry) });
export type CountryListResult = z.output<typeof countryListResult>;
