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
