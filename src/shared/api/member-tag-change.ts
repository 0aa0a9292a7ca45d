import { z } from '../zod.ts';
import { CaseStatus, SubjectKind } from '../review.ts';
import { timestampValue } from './kyc-fields.ts';

/**
 * Decision 036: a member tag change that lowers what the member must prove or lifts a limit (KYC '1',
 * KYB '1') is a MEMBER_TAG review case, proposed by one senior reviewer and applied when another
 * confirms it.
 */
export const memberTagChangeView = z.object({
  id: z.string(),
  caseId: z.string(),
  tagName: z.string(),
  value: z.string(),
  /** The tag when the change was proposed (null: not set). */
  previousValue: z.string().nullable(),
  reason: z.string(),
  requestedBy: z.object({ id: z.string(), email: z.string() }),
  requestedAt: timestampValue,
  /** PENDING while it awaits its second look (or its proposer, once sent back); APPROVED: applied; REJECTED: withdrawn. */
  status: z.enum(CaseStatus),
});
export type MemberTagChangeView = z.output<typeof memberTagChangeView>;

/** The subject of a MEMBER_TAG case in the console: the change and the tag as it is now. */
export const memberTagSubject = z.object({
  kind: z.literal(SubjectKind.MEMBER_TAG),
  change: memberTagChangeView,
  /** The member's tag now (null: not set). */
  currentValue: z.string().nullable(),
});
export type MemberTagSubject = z.output<typeof memberTagSubject>;
