import { z } from '../zod.ts';
import { CaseStatus, SubjectKind } from '../review.ts';
import { ValidationMessage } from '../validation.ts';
import { complianceTask } from './compliance-tasks.ts';
import { consoleDocument } from './console-document.ts';
import { consoleHistoryEntry } from './console.ts';
import { kycLimitationInfo } from './kyc-info.ts';

/**
 * The console's user view (issue 28, decision 051): one page per user with every case of every kind,
 * the documents, the compliance tasks, the screening and EDD states, the account's limitation and the timeline of
 * all of their cases. Read-only; the read is audited like a case's.
 */
export const userIdParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });

export const consoleUserCase = z.object({
  id: z.string(),
  kind: z.enum(SubjectKind),
  status: z.enum(CaseStatus),
  level: z.number().int().nullable(),
  openedAt: z.string(),
  decidedAt: z.string().nullable(),
});

export const consoleUserView = z.object({
  user: z.object({ id: z.string(), email: z.string(), name: z.string(), createdAt: z.string() }),
  /** The KYC level reached (0: none). */
  level: z.number().int().nonnegative(),
  /** kyc-info's limitation as the user is limited now (LIMITATION_DEFAULT: none). */
  limitation: kycLimitationInfo,
  /** The screening state (get-aml-result's, for the KYC scene); null where screening is off. */
  screening: z.object({ status: z.string(), result: z.string(), screenedAt: z.string().nullable(), listVersion: z.number().int().nullable() }).nullable(),
  /** The EDD status (get-edd-info's); null where EDD is off. */
  edd: z.object({ status: z.string(), submittedAt: z.string().nullable(), decidedAt: z.string().nullable() }).nullable(),
  /** Every case of the user, newest first. */
  cases: z.array(consoleUserCase),
  /** Every picture the user submitted (any case, any kind; drafts stay the user's), newest first. */
  documents: z.array(consoleDocument),
  /** The user's compliance tasks (every status), newest first. */
  tasks: z.array(complianceTask),
  /** What happened to the user's cases, oldest first; each entry names its case. */
  timeline: z.array(consoleHistoryEntry.extend({ caseId: z.string(), kind: z.enum(SubjectKind) })),
});
export type ConsoleUserView = z.infer<typeof consoleUserView>;
