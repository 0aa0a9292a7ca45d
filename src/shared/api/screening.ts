import { z } from '../zod.ts';
import { SubjectKind } from '../review.ts';

/**
 * AML name screening (issue 12, decision 026): verified users' names and dates of birth against a
 * sanctions/PEP list; a potential match becomes a SCREENING review case and makes the name-screening
 * questionnaire (nsquestion) due.
 */

/** A user's latest screening outcome. */
export const ScreeningStatus = {
  /** Not screened yet (not verified, or no list loaded). */
  NOT_SCREENED: 'NOT_SCREENED',
  CLEAR: 'CLEAR',
  /** A reviewer has a case open. */
  POTENTIAL_MATCH: 'POTENTIAL_MATCH',
  /** A reviewer found the match was someone else. */
  FALSE_POSITIVE: 'FALSE_POSITIVE',
  /** A reviewer confirmed the match: the account is restricted. */
  TRUE_MATCH: 'TRUE_MATCH',
} as const;
export type ScreeningStatus = (typeof ScreeningStatus)[keyof typeof ScreeningStatus];

/**
 * The scenes a caller asks about (§7 get-aml-result sceneCode): the same stored state answers each,
 * but what blocks differs (decision 026): an open case holds back withdrawals, not deposits or the
 * KYC flow; a confirmed match blocks all three.
 */
export const AmlScene = { KYC: 'KYC', DEPOSIT: 'DEPOSIT', WITHDRAW: 'WITHDRAW' } as const;
export type AmlScene = (typeof AmlScene)[keyof typeof AmlScene];

/** GET get-aml-result ?sceneCode */
export const amlResultQuery = z.object({ sceneCode: z.enum(AmlScene) });

/** The answer for a scene: PASS, REVIEW (a reviewer decides), REJECT (confirmed match), NONE (not screened). */
export const AmlResult = { PASS: 'PASS', REVIEW: 'REVIEW', REJECT: 'REJECT', NONE: 'NONE' } as const;
export type AmlResult = (typeof AmlResult)[keyof typeof AmlResult];

export const amlResultReply = z.object({
  sceneCode: z.enum(AmlScene),
  result: z.enum(AmlResult),
  /** Whether the scene's action is held back now. */
  blocked: z.boolean(),
  status: z.enum(ScreeningStatus),
  /** The list version the user was last screened against; null when never. */
  listVersion: z.number().int().nullable(),
  screenedAt: z.string().nullable(),
  /** The questionnaire the user must answer about the match (nsquestion), while it waits for them. */
  needQuestionnaire: z.boolean(),
  templateCode: z.string(),
});
export type AmlResultReply = z.infer<typeof amlResultReply>;

/** One list entry a user's name matched, as stored with the match (a copy: lists are replaced). */
export const screeningHit = z.object({
  entryId: z.string(),
  name: z.string(),
  aliases: z.array(z.string()),
  birthDates: z.array(z.string()),
  countries: z.array(z.string()),
  sanctions: z.string(),
  dataset: z.string(),
  lastChange: z.string(),
  /** 0–100 (decision 026). */
  score: z.number(),
  matchedName: z.string(),
  dob: z.enum(['MATCH', 'MISMATCH', 'UNKNOWN']),
});
export type ScreeningHit = z.infer<typeof screeningHit>;

export const ScreeningMatchStatus = { PENDING: 'PENDING', CLEARED: 'CLEARED', CONFIRMED: 'CONFIRMED' } as const;
export type ScreeningMatchStatus = (typeof ScreeningMatchStatus)[keyof typeof ScreeningMatchStatus];

/** The subject of a SCREENING case in the console: our data next to the list's, with the scores. */
export const screeningSubject = z.object({
  kind: z.literal(SubjectKind.SCREENING),
  match: z.object({
    id: z.string(),
    status: z.enum(ScreeningMatchStatus),
    listVersion: z.number().int(),
    /** What that version was (decision 043): a file's name, or `yente:<dataset>@<version>` of the yente dataset that answered. */
    listSource: z.string(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  }),
  ours: z.object({ name: z.string(), dateOfBirth: z.string() }),
  hits: z.array(screeningHit),
  /** The list version in use now (a newer one may have arrived since the match). */
  currentListVersion: z.number().int().nullable(),
});
export type ScreeningSubject = z.infer<typeof screeningSubject>;

/** What loading a list did (command line, seeding). */
export interface LoadListResult {
  version: number;
  entryCount: number;
  sha256: string;
}

/** The refusal of a list file (10001 on `file`; params line, kind, value and problem say what to fix). */
export const SCREENING_LIST_INVALID = 'SCREENING_LIST_INVALID';

/**
 * Why a list file was refused, at its line (the field issue's params: line, kind, value), for a
 * translated message in the console; `problem` in the same params says it in English for the CLI.
 */
export const ScreeningListProblem = {
  QUOTE_NOT_CLOSED: 'QUOTE_NOT_CLOSED',
  HEADER: 'HEADER',
  COLUMNS: 'COLUMNS',
  EMPTY_ID: 'EMPTY_ID',
  DUPLICATE_ID: 'DUPLICATE_ID',
  EMPTY_SCHEMA: 'EMPTY_SCHEMA',
  EMPTY_NAME: 'EMPTY_NAME',
  BIRTH_DATE: 'BIRTH_DATE',
  TOO_MANY: 'TOO_MANY',
  EMPTY_FILE: 'EMPTY_FILE',
  NO_PERSONS: 'NO_PERSONS',
} as const;
export type ScreeningListProblem = (typeof ScreeningListProblem)[keyof typeof ScreeningListProblem];

/** The largest list file the console takes (a full OpenSanctions targets export is well below). */
export const SCREENING_LIST_MAX_BYTES = 200 * 1024 * 1024;
/** The multipart field of the list file. */
export const SCREENING_LIST_FILE_FIELD = 'file';

/**
 * The engine that screens (decision 043): the in-house index over a list loaded here, or
 * OpenSanctions' yente, where the list lives (nothing is loaded here then).
 */
export const ScreeningEngineKind = { INHOUSE: 'inhouse', YENTE: 'yente' } as const;
export type ScreeningEngineKind = (typeof ScreeningEngineKind)[keyof typeof ScreeningEngineKind];

/** GET console screening-list: the list in use, and how many verified users still wait for screening against it. */
export const screeningListInfo = z.object({
  engine: z.enum(ScreeningEngineKind),
  current: z
    .object({
      version: z.number().int(),
      source: z.string(),
      sha256: z.string(),
      entryCount: z.number().int(),
      loadedAt: z.string(),
      loadedBy: z.string().nullable(),
      /** A version of yente's dataset (decision 043): its name and version as yente's catalog gave them; null for a loaded file. */
      yente: z.object({ dataset: z.string(), datasetVersion: z.string() }).nullable(),
    })
    .nullable(),
  /** Verified users not yet screened against the list in use: the re-screening after a load is under way, or was interrupted. */
  usersToScreen: z.number().int(),
  /**
   * The background re-screening against the list in use (decision 044), null before the first load:
   * verified users in all and how many are screened; RUNNING (a server holds its lease), WAITING (users
   * left, no server at it yet: the next pass of any server takes them) or DONE; the current run's
   * start, its rate (users per second, null until a batch is recorded) and the end that rate gives.
   */
  rescreen: z
    .object({
      total: z.number().int(),
      screened: z.number().int(),
      state: z.enum(['RUNNING', 'WAITING', 'DONE']),
      runStartedAt: z.string().nullable(),
      perSecond: z.number().nullable(),
      estimatedEnd: z.string().nullable(),
      finishedAt: z.string().nullable(),
    })
    .nullable(),
});
export type ScreeningListInfo = z.infer<typeof screeningListInfo>;
