import { LIMITATION_DEFAULT } from './kyc.ts';

/**
 * Decisions that restrict an account (issue 28, decision 052): kyc-info's `limitation` and
 * `limitationInfo` follow an EDD rejection and a confirmed screening match, and say what the user can
 * do about it. Free of schemas, like compliance-reasons.ts, so the KYC overview can read them without zod.
 */

/** Which decision restricts: one restriction per source and user at a time. */
export const RestrictionSource = { EDD: 'EDD', SCREENING: 'SCREENING' } as const;
export type RestrictionSource = (typeof RestrictionSource)[keyof typeof RestrictionSource];

/** The limitation a rejected enhanced due diligence brings (§3 limitation). */
export const LIMITATION_EDD_REJECTED = 'LIMITATION_EDD_REJECTED';
/**
 * The limitation a confirmed screening match brings. Its name and its texts say "compliance review",
 * never "sanctions": telling the user of a list match would tip them off (decision 028).
 */
export const LIMITATION_COMPLIANCE_RESTRICTED = 'LIMITATION_COMPLIANCE_RESTRICTED';

/** limitationInfo.reasons entries of restrictions. */
export const RestrictionReason = { EDD_REJECTED: 'EDD_REJECTED', COMPLIANCE_REVIEW: 'COMPLIANCE_REVIEW' } as const;
export type RestrictionReason = (typeof RestrictionReason)[keyof typeof RestrictionReason];

/**
 * What a user can do about a limitation (limitationInfo.actions): answer the EDD questionnaires again
 * (a RETRY rejection), contact support (a final one, a compliance restriction), send the document
 * re-verification asks for, or complete the overdue compliance tasks.
 */
export const LimitationAction = {
  ANSWER_EDD_AGAIN: 'ANSWER_EDD_AGAIN',
  CONTACT_SUPPORT: 'CONTACT_SUPPORT',
  UPDATE_DOCUMENTS: 'UPDATE_DOCUMENTS',
  COMPLETE_TASKS: 'COMPLETE_TASKS',
} as const;
export type LimitationAction = (typeof LimitationAction)[keyof typeof LimitationAction];

/** The account area's child route (§2) where each action is taken; '' when it is not taken there. */
export const LIMITATION_ACTION_ROUTE: Record<LimitationAction, string> = {
  ANSWER_EDD_AGAIN: 'eddQuestionnaire',
  CONTACT_SUPPORT: '',
  UPDATE_DOCUMENTS: 'reverification',
  COMPLETE_TASKS: 'complianceTasks',
};

/**
 * kyc-info reports one limitation: the strongest in force, in this order (a compliance restriction,
 * a rejected EDD, an overdue re-verification, an overdue task). limitationInfo lists every reason.
 */
export const LIMITATION_PRECEDENCE: readonly string[] = [
  LIMITATION_COMPLIANCE_RESTRICTED,
  LIMITATION_EDD_REJECTED,
  'LIMITATION_REVERIFICATION_OVERDUE',
  'LIMITATION_COMPLIANCE_TASK_OVERDUE',
];

/** One limitation cause as kyc-info reports it (limitation, limitationInfo's reasons and actions). */
export interface LimitationPart {
  limitation: string;
  reasons: string[];
  actions: { reason: string; action: LimitationAction; route: string }[];
}

/** The action of one reason, with the route where the user takes it. */
export const actionOf = (reason: string, action: LimitationAction) => ({ reason, action, route: LIMITATION_ACTION_ROUTE[action] });

/** The strongest limitation of `parts` (LIMITATION_PRECEDENCE; LIMITATION_DEFAULT when none), every reason and action. */
export function combineLimitations(parts: readonly LimitationPart[]): LimitationPart {
  const rank = (l: string) => (LIMITATION_PRECEDENCE.includes(l) ? LIMITATION_PRECEDENCE.indexOf(l) : LIMITATION_PRECEDENCE.length);
  const inForce = parts.map((p) => p.limitation).filter((l) => l !== LIMITATION_DEFAULT);
  const limitation = [...inForce].sort((a, b) => rank(a) - rank(b))[0] ?? LIMITATION_DEFAULT;
  return { limitation, reasons: parts.flatMap((p) => p.reasons), actions: parts.flatMap((p) => p.actions) };
}

/**
 * The deadlines' part of the account's limitation: an overdue re-verification, then an overdue task
 * (each reason with what the user does about it). kyc-info combines it with the restrictions'; so does
 * the limitation sweep (decision 061), which publishes the account's limitation when it changes.
 */
export function deadlinePart(reverify: { limitation: string; limitationInfo: { reasons: string[] } }, tasks: { limitation: string; reasons: string[] }): LimitationPart {
  return combineLimitations([
    { limitation: reverify.limitation, reasons: reverify.limitationInfo.reasons, actions: reverify.limitationInfo.reasons.map((r) => actionOf(r, LimitationAction.UPDATE_DOCUMENTS)) },
    { limitation: tasks.limitation, reasons: tasks.reasons, actions: tasks.reasons.map((r) => actionOf(r, LimitationAction.COMPLETE_TASKS)) },
  ]);
}
