import { z } from '../zod.ts';
import { EDDStatus, QuestionnaireStatus } from '../kyc.ts';
import { SubjectKind } from '../review.ts';
import { ValidationMessage, visibleMultilineText } from '../validation.ts';
import { questionnaireSubject } from './questionnaire-review.ts';

/**
 * Enhanced due diligence (§4 EDDStatus_*, §7 GET /v3/private/aml/get-edd-info; issue 12, decision
 * 028): risk rules put a user into EDD, the user answers the EDD questionnaires with evidence, a
 * reviewer decides the round as an EDD review case.
 */

/** What put a user into EDD (one per risk rule). Never shown to the user: telling them of a screening hit would tip them off. */
export const EddTrigger = {
  HIGH_RISK_RESIDENCE: 'HIGH_RISK_RESIDENCE',
  HIGH_RISK_NATIONALITY: 'HIGH_RISK_NATIONALITY',
  HIGH_VOLUME: 'HIGH_VOLUME',
  SCREENING_MATCH: 'SCREENING_MATCH',
  REVIEWER_DECISION: 'REVIEWER_DECISION',
} as const;
export type EddTrigger = (typeof EddTrigger)[keyof typeof EddTrigger];

/** A user's trading volume over the monitoring period, in bands (the exchange's thresholds). */
export const VolumeBand = { LOW: 'LOW', MEDIUM: 'MEDIUM', HIGH: 'HIGH', VERY_HIGH: 'VERY_HIGH' } as const;
export type VolumeBand = (typeof VolumeBand)[keyof typeof VolumeBand];

/** The outcome of the latest sanctions / PEP screening of a user. */
export const ScreeningOutcome = { CLEAR: 'CLEAR', POTENTIAL_MATCH: 'POTENTIAL_MATCH', CONFIRMED_MATCH: 'CONFIRMED_MATCH' } as const;
export type ScreeningOutcome = (typeof ScreeningOutcome)[keyof typeof ScreeningOutcome];

/** One questionnaire of the user's EDD round and where it stands. */
export const eddTemplateValue = z.object({
  templateCode: z.string(),
  /** The attempt sent for the current round (null: not sent yet). */
  requestId: z.string().nullable(),
  status: z.enum(QuestionnaireStatus),
  /** Sent for this round. */
  submitted: z.boolean(),
});

/** GET get-edd-info: the caller's EDD status and what it asks of them. */
export const eddInfoResult = z.object({
  eddStatus: z.enum(EDDStatus),
  /** The questionnaires the round asks for, in the order to answer them (empty outside EDD). */
  templates: z.array(eddTemplateValue),
  /** The first questionnaire still to send ('' when none): where the client sends the user. */
  nextTemplateCode: z.string(),
  submittedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  /** After _Reject: the reviewer's message to the user, and whether a new round is possible. */
  rejection: z.object({ message: z.string(), final: z.boolean() }).nullable(),
});
export type EddInfoResult = z.output<typeof eddInfoResult>;

/** Console: POST edd-requests — a reviewer puts a user (by e-mail) into EDD, saying why (kept in the audit). */
export const requireEddRequest = z.object({
  email: z.string({ error: ValidationMessage.REQUIRED }).trim().toLowerCase().min(3, { error: ValidationMessage.REQUIRED }).max(254, { error: ValidationMessage.MAX_LENGTH }),
  note: z.string({ error: ValidationMessage.REQUIRED }).trim().check(visibleMultilineText).min(1, { error: ValidationMessage.REQUIRED }).max(1000, { error: ValidationMessage.MAX_LENGTH }),
});
export type RequireEddRequest = z.input<typeof requireEddRequest>;

export const requireEddResult = z.object({
  userId: z.string(),
  eddStatus: z.enum(EDDStatus),
  /** False when the user already was in EDD (nothing changed). */
  changed: z.boolean(),
});
export type RequireEddResult = z.output<typeof requireEddResult>;

/** Console case subject of an EDD case: the round, why it was opened, and each questionnaire's answers and evidence. */
export const eddSubject = z.object({
  kind: z.literal(SubjectKind.EDD),
  round: z.object({
    id: z.string(),
    /** The user's EDD status now. */
    status: z.enum(EDDStatus),
    triggers: z.array(z.object({ trigger: z.enum(EddTrigger), detail: z.string() })),
    createdAt: z.string(),
    submittedAt: z.string().nullable(),
    decidedAt: z.string().nullable(),
  }),
  questionnaires: z.array(questionnaireSubject),
  /** The user's earlier rounds, newest first. */
  previous: z.array(z.object({ id: z.string(), createdAt: z.string(), decidedAt: z.string().nullable(), outcome: z.string().nullable() })),
});
export type EddSubject = z.output<typeof eddSubject>;

/** Why the console's EDD form is refused (translation keys, like ReverificationRule). */
export const EddRule = {
  UNKNOWN_USER: 'edd.rule_unknown_user',
  ALREADY_IN_EDD: 'edd.rule_already_in_edd',
} as const;
