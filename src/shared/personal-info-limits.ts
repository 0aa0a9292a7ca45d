/**
 * The personal information's limits, free of schemas: the form the personal page paints for a new
 * user quotes them (hints, maxLength, messages) without loading zod (issue 15); the schema that
 * enforces them is api/personal-info.ts, which re-exports them.
 */

/** Adults only; and nobody is older than this (typing errors such as 1824 for 1984). */
export const MIN_AGE_YEARS = 18;
export const MAX_AGE_YEARS = 120;

export const NAME_MAX_LENGTH = 50;
export const ADDRESS_LINE_MAX_LENGTH = 100;
export const CITY_MAX_LENGTH = 60;
export const STATE_REGION_MAX_LENGTH = 60;
export const POSTAL_CODE_MAX_LENGTH = 16;
