import { z } from './zod.ts';
import { DisplayUpdatePOIStatus, EDDStatus, QuestionnaireStatus, StepStatus } from './kyc.ts';

/**
 * Domain events (issue 29, decision 050): what consumers — the exchange's own systems and partners —
 * learn when a user's verification changes. Each type has a stable name and a versioned payload
 * schema; a breaking change is a new version (the old one keeps being sent until retired).
 * Payloads carry ids, statuses and reasons, never personal data: a consumer reads details through
 * the API. Delivered as Standard Webhooks (`{ type, timestamp, data }`) and read by the events feed.
 */

const userId = z.string().min(1);
/** Reason codes of the decision behind a change (the console's catalogue: shared/review-reasons.ts); empty when none. */
const reasonCodes = z.array(z.string());

export const levelStatusChanged = z.object({
  userId,
  level: z.union([z.literal(1), z.literal(2)]),
  previousStatus: z.enum(StepStatus),
  status: z.enum(StepStatus),
  /** The step machine's event (APPROVE, REJECT_RETRY, SUBMIT, OVERRIDE_APPROVE, …). */
  cause: z.string(),
  reasonCodes,
  applicationId: z.string().nullable(),
});

const reverificationChange = z.object({
  userId,
  /** POI or POA. */
  target: z.string(),
  previousStatus: z.enum(DisplayUpdatePOIStatus),
  status: z.enum(DisplayUpdatePOIStatus),
  cause: z.string(),
  reasonCodes,
});

const questionnaireChange = z.object({
  userId,
  templateCode: z.string(),
  previousStatus: z.enum(QuestionnaireStatus),
  status: z.enum(QuestionnaireStatus),
  cause: z.string(),
});

export const eddStatusChanged = z.object({ userId, previousStatus: z.enum(EDDStatus), status: z.enum(EDDStatus), cause: z.string(), reasonCodes });

/** An identity transfer's phase changed (decision 029): `userId` is the source account, `targetUserId` the account on the other site. */
export const transferStatusChanged = z.object({ userId, targetUserId: z.string(), transferId: z.string(), previousPhase: z.string(), phase: z.string(), cause: z.string() });

const screeningMatch = z.object({
  userId,
  matchId: z.string(),
  listVersion: z.number().int(),
  /** OPEN (a potential match), CLEARED (a false positive) or CONFIRMED (a true match). */
  status: z.enum(['OPEN', 'CLEARED', 'CONFIRMED']),
  /** LEVEL_APPROVED or LIST_CHANGE. */
  trigger: z.string().nullable(),
});

const complianceTask = z.object({
  userId,
  taskId: z.string(),
  /** The task's type (compliance tasks of decision 027: a questionnaire, a document, an RFI, …). */
  taskType: z.string(),
  /** OPEN (due by `dueDate`) or DONE. */
  status: z.enum(['OPEN', 'DONE']),
  dueDate: z.string().nullable(),
});

/** The user's verification data was erased (their request, or the retention job): a consumer drops what it keeps of them. */
export const userErased = z.object({ userId, anonymised: z.boolean() });

/** A compliance task still OPEN after its due date, as the limitation sweep noticed it (decision 061); once per due date. */
export const complianceTaskOverdue = z.object({ userId, taskId: z.string(), taskType: z.string(), dueDate: z.string(), noticedAt: z.string() });

/**
 * The account's limitation (kyc-info's `limitation` and `limitationInfo.reasons`) changed: set
 * (`previousLimitation` LIMITATION_DEFAULT), lifted (`limitation` LIMITATION_DEFAULT), or another one or
 * other reasons in force (decision 061). `cause`: RESTRICTION (a decision's restriction set or lifted,
 * at once) or DEADLINE (the sweep: a re-verification or task deadline passed, or what was overdue was done).
 */
export const limitationChanged = z.object({
  userId,
  previousLimitation: z.string(),
  limitation: z.string(),
  previousReasonCodes: reasonCodes,
  reasonCodes,
  cause: z.enum(['RESTRICTION', 'DEADLINE']),
});

/**
 * The relay turned an endpoint off because every delivery to it failed for days (decision 050); the
 * administrators are e-mailed (decision 060). No user: the endpoint's own state.
 */
export const webhookEndpointDisabled = z.object({ endpointId: z.string(), businessId: z.string().nullable(), failingSince: z.string() });

/**
 * The catalogue: type -> current version, payload schema, and whether partners may receive it
 * (`exchangeOnly`: AML screening outcomes go to the exchange's own endpoints and feed only).
 */
export const DomainEventCatalog = {
  'kyc.level.status_changed': { version: 1, data: levelStatusChanged, exchangeOnly: false },
  'kyc.reverification.requested': { version: 1, data: reverificationChange, exchangeOnly: false },
  'kyc.reverification.decided': { version: 1, data: reverificationChange, exchangeOnly: false },
  'kyc.reverification.status_changed': { version: 1, data: reverificationChange, exchangeOnly: false },
  'kyc.questionnaire.due': { version: 1, data: questionnaireChange, exchangeOnly: false },
  'kyc.questionnaire.decided': { version: 1, data: questionnaireChange, exchangeOnly: false },
  'kyc.questionnaire.status_changed': { version: 1, data: questionnaireChange, exchangeOnly: false },
  'kyc.edd.status_changed': { version: 1, data: eddStatusChanged, exchangeOnly: false },
  'kyc.identity_transfer.status_changed': { version: 1, data: transferStatusChanged, exchangeOnly: false },
  'kyc.screening.match_opened': { version: 1, data: screeningMatch, exchangeOnly: true },
  'kyc.screening.match_decided': { version: 1, data: screeningMatch, exchangeOnly: true },
  'kyc.compliance_task.due': { version: 1, data: complianceTask, exchangeOnly: false },
  'kyc.compliance_task.done': { version: 1, data: complianceTask, exchangeOnly: false },
  'kyc.user.erased': { version: 1, data: userErased, exchangeOnly: false },
  'kyc.compliance_task.overdue': { version: 1, data: complianceTaskOverdue, exchangeOnly: false },
  // Exchange-only: the limitation is the exchange's own account state, and its reasons name EDD
  // rejections and compliance restrictions (a confirmed screening match) that partners never get.
  'kyc.limitation.changed': { version: 1, data: limitationChanged, exchangeOnly: true },
  // Exchange-only: the exchange's own integration (a partner's endpoint's state is the exchange's to tell).
  'kyc.webhook_endpoint.disabled': { version: 1, data: webhookEndpointDisabled, exchangeOnly: true },
} as const;

export type DomainEventType = keyof typeof DomainEventCatalog;
export const DOMAIN_EVENT_TYPES = Object.keys(DomainEventCatalog) as DomainEventType[];
export type DomainEventData<T extends DomainEventType> = z.output<(typeof DomainEventCatalog)[T]['data']>;

/** A subscription's `events`: types of the catalogue, or `["*"]` (every type, present and future). */
export const eventTypesField = z.union([z.tuple([z.literal('*')]), z.array(z.enum(DOMAIN_EVENT_TYPES as [DomainEventType, ...DomainEventType[]])).min(1).max(DOMAIN_EVENT_TYPES.length)]);

/** What a webhook's body and a feed item are (Standard Webhooks' `{ type, timestamp, data }`; `data.version` names the payload's version). */
export const eventEnvelope = z.object({
  /** The event id (the `webhook-id` of its deliveries). */
  id: z.string(),
  type: z.string(),
  /** When the change happened (ISO 8601). */
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type EventEnvelope = z.output<typeof eventEnvelope>;
