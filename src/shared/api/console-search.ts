import { z } from '../zod.ts';
import { CaseStatus, SubjectKind } from '../review.ts';
import { ValidationMessage } from '../validation.ts';

/**
 * The console's search (issue 28, decision 051): one box that finds a user by e-mail, name, user id,
 * case id or document number. The server decides what the text is and asks the owning module's
 * index; the reply lists the users found with their newest cases, so one step leads to a case or to
 * the user's page.
 */
export const SearchMatch = { EMAIL: 'email', USER_ID: 'userId', CASE_ID: 'caseId', NAME: 'name', DOCUMENT_NUMBER: 'documentNumber' } as const;
export type SearchMatch = (typeof SearchMatch)[keyof typeof SearchMatch];

/** Users a search lists at most (a name shared by many people: the reviewer adds a word). */
export const SEARCH_USERS_MAX = 20;
/** Cases shown per user found (the user's page has every one). */
export const SEARCH_CASES_PER_USER = 5;

/** GET search?q=: 2 to 254 characters (an e-mail's longest). */
export const consoleSearchQuery = z.object({
  q: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .min(2, { error: ValidationMessage.MIN_LENGTH })
    .max(254, { error: ValidationMessage.MAX_LENGTH }),
});
export type ConsoleSearchQuery = z.input<typeof consoleSearchQuery>;

export const consoleSearchCase = z.object({
  id: z.string(),
  kind: z.enum(SubjectKind),
  status: z.enum(CaseStatus),
  level: z.number().int().nullable(),
  openedAt: z.string(),
});
export type ConsoleSearchCase = z.infer<typeof consoleSearchCase>;

export const consoleSearchUser = z.object({
  id: z.string(),
  email: z.string(),
  /** As given with the personal information; '' when none was given. */
  name: z.string(),
  createdAt: z.string(),
  /** The newest cases first, at most SEARCH_CASES_PER_USER. */
  cases: z.array(consoleSearchCase),
});
export type ConsoleSearchUser = z.infer<typeof consoleSearchUser>;

export const consoleSearchResult = z.object({
  /** What the text was taken for; null when nothing matched. */
  matchedBy: z.enum(SearchMatch).nullable(),
  users: z.array(consoleSearchUser),
  /** A case id search: the case itself (its page opens directly). */
  caseId: z.string().nullable(),
  /** More users matched than listed. */
  truncated: z.boolean(),
});
export type ConsoleSearchResult = z.infer<typeof consoleSearchResult>;
