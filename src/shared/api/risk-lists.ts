import { z } from '../zod.ts';

/**
 * Country risk lists as data (issue 30, decision 041): the FATF's "High-risk jurisdictions subject
 * to a call for action" and "Jurisdictions under increased monitoring" (and any other country list
 * compliance keeps) put residents and nationals into enhanced due diligence. A file holds every list
 * with its source address and publication date; loading it makes the next version, audited.
 */

export const RISK_LIST_FORMAT = 'user-accounts/country-risk-lists/v1';

/** A list is older than this many months after its publication: the console warns (the FATF publishes three times a year). */
export const RISK_LIST_STALE_MONTHS = 4;

/** The largest file the console takes: a few lists of at most ~250 countries fit in a few kilobytes. */
export const RISK_LIST_MAX_BYTES = 256 * 1024;
export const RISK_LIST_FILE_FIELD = 'file';

/** The refusal of a file (10001 on `file`; params kind, at and value say what to fix). */
export const RISK_LIST_INVALID = 'RISK_LIST_INVALID';

/** Why a file was refused (the field issue's `kind`), translated in the console; `problem` says it in English for the command line. */
export const RiskListProblem = {
  NOT_JSON: 'NOT_JSON',
  FORMAT: 'FORMAT',
  FIELD: 'FIELD',
  SOURCE_URL: 'SOURCE_URL',
  DATE: 'DATE',
  FUTURE_DATE: 'FUTURE_DATE',
  UNKNOWN_COUNTRY: 'UNKNOWN_COUNTRY',
  DUPLICATE_COUNTRY: 'DUPLICATE_COUNTRY',
  DUPLICATE_LIST: 'DUPLICATE_LIST',
} as const;
export type RiskListProblem = (typeof RiskListProblem)[keyof typeof RiskListProblem];

/** One list of the file as stored and shown. */
export const riskList = z.object({
  /** Upper-case identifier, e.g. FATF_CALL_FOR_ACTION. */
  code: z.string(),
  /** The publisher's title of the list. */
  name: z.string(),
  /** Where the list is published (https). */
  sourceUrl: z.string(),
  /** YYYY-MM-DD. */
  publishedOn: z.string(),
  /** ISO 3166-1 alpha-2, sorted. */
  countries: z.array(z.string()),
});
export type RiskList = z.infer<typeof riskList>;

/** A validated file. */
export interface RiskListDocument {
  format: typeof RISK_LIST_FORMAT;
  /** What the file reflects, in the words of whoever prepared it (e.g. the plenary it follows). */
  reflects: string;
  lists: RiskList[];
}

/** GET console risk-lists: the version in use (null before the first load), and whether a re-assessment runs on this server. */
export const riskListInfo = z.object({
  current: z
    .object({
      version: z.number().int(),
      fileName: z.string(),
      sha256: z.string(),
      reflects: z.string(),
      lists: z.array(riskList),
      loadedAt: z.string(),
      /** The administrator's e-mail; null when loaded from the command line or at the first start. */
      loadedBy: z.string().nullable(),
      /** The oldest publication date of its lists. */
      publishedOn: z.string(),
      /** Older than RISK_LIST_STALE_MONTHS after `publishedOn` (computed on the server). */
      stale: z.boolean(),
      /** When the verified users were re-assessed against this version; null while not (yet). */
      reassessedAt: z.string().nullable(),
      /** How many that re-assessment put into enhanced due diligence. */
      enteredEdd: z.number().int().nullable(),
    })
    .nullable(),
  reassessing: z.boolean(),
});
export type RiskListInfo = z.infer<typeof riskListInfo>;
