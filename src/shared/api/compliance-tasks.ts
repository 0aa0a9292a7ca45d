import { z } from '../zod.ts';
import { ValidationMessage, visibleMultilineText } from '../validation.ts';
import { isCalendarDate } from './calendar.ts';
import { Site } from '../sites.ts';
import { COMPLIANCE_TASK_REASON_PREFIX } from '../compliance-reasons.ts';

/**
 * Compliance tasks and requests for information (issue 12, decision 027). §7 names the calls
 * (POST /segw/task/v1/task/list, /segw/task/v1/task/region, POST kyc compliance-tasks) but not their
 * shapes: these are ours.
 */

/** What a task asks for. RFI: answer a reviewer's question; QUESTIONNAIRE: submit a questionnaire. */
export const ComplianceTaskType = { RFI: 'RFI', QUESTIONNAIRE: 'QUESTIONNAIRE' } as const;
export type ComplianceTaskType = (typeof ComplianceTaskType)[keyof typeof ComplianceTaskType];

export const ComplianceTaskStatus = { OPEN: 'OPEN', DONE: 'DONE', CANCELLED: 'CANCELLED' } as const;
export type ComplianceTaskStatus = (typeof ComplianceTaskStatus)[keyof typeof ComplianceTaskStatus];

/** The entity a task is for: the main one or a regulated site (§1). */
export const TaskRegion = { MAIN: 'MAIN', ...Site } as const;
export type TaskRegion = (typeof TaskRegion)[keyof typeof TaskRegion];
export const TASK_REGIONS = Object.values(TaskRegion);

/** The §2 child route of the RFI page. Its name is also a fixed questionnaire template's (decision 020), which tasks never point to. */
export const RFI_ROUTE = 'rfiQuestion';

/** The limitation kyc-info reports while a task is overdue (§3 limitation). */
export const LIMITATION_COMPLIANCE_TASK_OVERDUE = 'LIMITATION_COMPLIANCE_TASK_OVERDUE';
/** limitationInfo.reasons entries: which kind of task is overdue (schema-free home: compliance-reasons.ts). */
export { COMPLIANCE_TASK_REASON_PREFIX } from '../compliance-reasons.ts';
export const taskOverdueReason = (type: ComplianceTaskType) => `${COMPLIANCE_TASK_REASON_PREFIX}${type}_OVERDUE`;

/** A due date is at least tomorrow and at most this many days ahead. */
export const MAX_TASK_DUE_DAYS = 180;

/** The RFI round's life: the user answers, the reviewer accepts or asks again. */
export const RfiStatus = { AWAITING_ANSWER: 'AWAITING_ANSWER', ANSWERED: 'ANSWERED', ACCEPTED: 'ACCEPTED', ASKED_AGAIN: 'ASKED_AGAIN' } as const;
export type RfiStatus = (typeof RfiStatus)[keyof typeof RfiStatus];

/** Why the console's forms are refused, field by field (translation keys, like ReverificationRule). */
export const ComplianceRule = {
  UNKNOWN_USER: 'compliance.rule_unknown_user',
  ALREADY_OPEN: 'compliance.rule_already_open',
  UNKNOWN_TEMPLATE: 'compliance.rule_unknown_template',
  ANSWER_REQUIRED: 'compliance.rule_answer_required',
  DOCUMENT_REQUIRED: 'compliance.rule_document_required',
  /** An RFI task ends with its case (accept the answer), not by a cancel. */
  CANCEL_RFI: 'compliance.rule_cancel_rfi',
} as const;

/** A cancel's reason: what the user is told. */
export const CANCEL_REASON_MAX_LENGTH = 500;

export const QUESTION_MAX_LENGTH = 1000;
export const ANSWER_MAX_LENGTH = 2000;
/** Pictures an answer may carry. */
export const MAX_RFI_DOCUMENTS = 5;

const dueDate = z.string({ error: ValidationMessage.REQUIRED }).trim().refine(isCalendarDate, { error: ValidationMessage.TYPE });
const email = z.string({ error: ValidationMessage.REQUIRED }).trim().toLowerCase().min(3, { error: ValidationMessage.REQUIRED }).max(254, { error: ValidationMessage.MAX_LENGTH });

/** One task as the user (and the console) sees it. `route`: the §2 child route that completes it. */
export const complianceTask = z.object({
  taskId: z.string(),
  taskType: z.enum(ComplianceTaskType),
  status: z.enum(ComplianceTaskStatus),
  region: z.enum(TaskRegion),
  /** A reviewer's note for the user ('' when none); for an RFI the question is on its page. */
  message: z.string(),
  dueDate: z.string(),
  /** OPEN and past its due date (UTC day). */
  overdue: z.boolean(),
  route: z.string(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
  /** CANCELLED: the reviewer's reason, shown to the user (decision 052); null otherwise. */
  cancelReason: z.string().nullable(),
});
export type ComplianceTask = z.output<typeof complianceTask>;

/** POST /segw/task/v1/task/list: the caller's tasks, optionally of one region and status. */
export const taskListRequest = z.preprocess(
  (v) => v ?? {},
  z.object({
    region: z.enum(TaskRegion, { error: ValidationMessage.TYPE }).optional(),
    status: z.enum(ComplianceTaskStatus, { error: ValidationMessage.TYPE }).optional(),
  }),
);
export const taskListResult = z.object({ list: z.array(complianceTask), total: z.number().int() });
export type TaskListResult = z.output<typeof taskListResult>;

/** POST /segw/task/v1/task/region: the region serving the caller, and counts per region with tasks. */
export const taskRegionRequest = z.preprocess((v) => v ?? {}, z.object({}));
export const taskRegionResult = z.object({
  region: z.enum(TaskRegion),
  regions: z.array(z.object({ region: z.enum(TaskRegion), open: z.number().int(), overdue: z.number().int() })),
});
export type TaskRegionResult = z.output<typeof taskRegionResult>;

/** POST kyc compliance-tasks: what is open now, and whether the account is limited for it. */
export const complianceTasksRequest = z.preprocess((v) => v ?? {}, z.object({}));
export const complianceTasksResult = z.object({
  tasks: z.array(complianceTask),
  overdue: z.boolean(),
  limitation: z.string(),
});
export type ComplianceTasksResult = z.output<typeof complianceTasksResult>;

/** Console: POST compliance-tasks — a reviewer gives a user a questionnaire to submit by a day. */
export const createTaskRequest = z.object({
  email,
  taskType: z.literal(ComplianceTaskType.QUESTIONNAIRE, { error: ValidationMessage.TYPE }),
  templateCode: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(64, { error: ValidationMessage.MAX_LENGTH }),
  message: z.string({ error: ValidationMessage.TYPE }).trim().check(visibleMultilineText).max(500, { error: ValidationMessage.MAX_LENGTH }).default(''),
  dueDate,
});
export type CreateTaskRequest = z.input<typeof createTaskRequest>;
export const createTaskResult = complianceTask.extend({ userId: z.string() });
export type CreateTaskResult = z.output<typeof createTaskResult>;

/** Console: GET compliance-tasks?email= — a user's tasks, soonest due first (decision 052). */
export const consoleTasksQuery = z.object({ email });
export const consoleTasksResult = z.object({ userId: z.string(), list: z.array(complianceTask) });
export type ConsoleTasksResult = z.output<typeof consoleTasksResult>;

/** Console: POST compliance-tasks/:id/cancel — a reviewer cancels an open questionnaire task, saying why (the user is told). */
export const cancelTaskParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });
export const cancelTaskRequest = z.object({
  reason: z.string({ error: ValidationMessage.REQUIRED }).trim().check(visibleMultilineText).min(1, { error: ValidationMessage.REQUIRED }).max(CANCEL_REASON_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
});
export type CancelTaskRequest = z.input<typeof cancelTaskRequest>;
export const cancelTaskResult = complianceTask;

/** Console: POST rfi-requests — a reviewer asks a user a question (and/or for a document). */
export const askRfiRequest = z.object({
  email,
  question: z
    .string({ error: ValidationMessage.REQUIRED })
    .trim()
    .check(visibleMultilineText)
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(QUESTION_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
  documentRequested: z.boolean({ error: ValidationMessage.TYPE }).default(false),
  dueDate,
});
export type AskRfiRequest = z.input<typeof askRfiRequest>;
export type AskRfi = z.output<typeof askRfiRequest>;
export const askRfiResult = z.object({ rfiId: z.string(), taskId: z.string(), caseId: z.string(), userId: z.string(), dueDate: z.string(), status: z.enum(RfiStatus) });
export type AskRfiResult = z.output<typeof askRfiResult>;

/** A picture of an answer, for its owner (and the reviewer through the console's document path). */
export const rfiDocument = z.object({ id: z.string(), byteSize: z.number().int(), createdAt: z.string() });

/** The user's view of an RFI round. */
export const rfiView = z.object({
  rfiId: z.string(),
  taskId: z.string(),
  round: z.number().int(),
  question: z.string(),
  documentRequested: z.boolean(),
  status: z.enum(RfiStatus),
  dueDate: z.string(),
  overdue: z.boolean(),
  answerText: z.string(),
  documents: z.array(rfiDocument),
  askedAt: z.string(),
  answeredAt: z.string().nullable(),
});
export type RfiView = z.output<typeof rfiView>;

/** GET rfi: the caller's open round (null when nothing is asked) and their earlier rounds. */
export const rfiInfoResult = z.object({ open: rfiView.nullable(), history: z.array(rfiView) });
export type RfiInfoResult = z.output<typeof rfiInfoResult>;

/** POST answer-rfi: the text and the pictures uploaded for this round before. */
export const answerRfiRequest = z.object({
  rfiId: z.uuid({ error: ValidationMessage.TYPE }),
  answer: z.string({ error: ValidationMessage.TYPE }).trim().check(visibleMultilineText).max(ANSWER_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }).default(''),
});
export type AnswerRfiRequest = z.input<typeof answerRfiRequest>;
export const answerRfiResult = rfiView;

/** POST upload-rfi-document (multipart): `rfi_id`, then the picture in `file`. */
export const uploadRfiDocumentFields = z.object({ rfi_id: z.uuid({ error: ValidationMessage.TYPE }) });
export const uploadRfiDocumentResult = rfiDocument;

/** Console case subject of an RFI case. */
export const rfiSubject = z.object({
  kind: z.literal('RFI'),
  rfi: rfiView,
  /** Earlier rounds of the same task, oldest first. */
  earlier: z.array(rfiView),
  /** The reviewer's path to each picture (console document path). */
  documentPaths: z.record(z.string(), z.string()),
});
export type RfiSubject = z.output<typeof rfiSubject>;
