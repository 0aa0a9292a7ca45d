import { randomUUID } from 'node:crypto';
import { todayIso } from '../../../shared/api/calendar.ts';
import {
  ComplianceRule,
  ComplianceTaskStatus,
  ComplianceTaskType,
  MAX_TASK_DUE_DAYS,
  RFI_ROUTE,
  TaskRegion,
  TASK_REGIONS,
  type ComplianceTask,
  type ComplianceTasksResult,
  type ConsoleTasksResult,
  type CreateTaskResult,
  type TaskListResult,
  type TaskRegionResult,
} from '../../../shared/api/compliance-tasks.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import { QuestionnaireStatus } from '../../../shared/kyc.ts';
import { latestTemplate } from '../../../shared/questionnaires/index.ts';
import { ValidationMessage } from '../../../shared/validation.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, ValidationFailed, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { publishIn } from '../events/events.service.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { languageForCountry, type MailTemplates } from '../../mail/templates.ts';
import { isOverdue, limitationOf, routeOf } from './tasks.rules.ts';
import * as repo from './tasks.repo.ts';

const ENTITY = 'compliance_task';
const SYSTEM: Actor = { type: 'system', id: null };
/** A questionnaire counts as done once submitted (waiting for review) or approved. */
const SUBMITTED = new Set<string>([QuestionnaireStatus.QUESTIONNAIRE_STATUS_PENDING, QuestionnaireStatus.QUESTIONNAIRE_STATUS_PENDING_NO_EDIT, QuestionnaireStatus.QUESTIONNAIRE_STATUS_APPROVED]);

export interface TasksDeps {
  db: Db;
  accounts: {
    userByEmail(email: string): Promise<{ id: string; email: string; role: UserRole } | undefined>;
    usersByIds(ids: readonly string[]): Promise<Map<string, { email: string }>>;
  };
  /** A cancelled task is told to the user by e-mail, in the language of their residence (as an RFI is asked). */
  mailer: Mailer;
  templates: MailTemplates;
  residenceOf(userId: string): Promise<string>;
  publicUrl: string;
  log?: { warn(obj: object, msg: string): void };
  /** The regulated site serving an account ('' = the main one). */
  siteOf(userId: string): Promise<string>;
  /** A user's questionnaire statuses by template code. */
  questionnaireStatuses(userId: string): Promise<Record<string, string>>;
}

export interface NewTask {
  userId: string;
  type: ComplianceTaskType;
  subjectId: string;
  region: TaskRegion;
  message: string;
  dueDate: string;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The reviewer's due date: from tomorrow up to MAX_TASK_DUE_DAYS ahead (the server's clock). */
export function checkDueDate(dueDate: string, path = 'dueDate'): void {
  const today = todayIso();
  if (dueDate <= today || dueDate > addDays(today, MAX_TASK_DUE_DAYS)) throw new ValidationFailed([{ path, code: ValidationMessage.RANGE }]);
}

export function toTask(row: repo.TaskRow, today = todayIso()): ComplianceTask {
  return {
    taskId: row.id,
    taskType: row.task_type as ComplianceTaskType,
    status: row.status as ComplianceTask['status'],
    region: row.region as TaskRegion,
    message: row.message,
    dueDate: row.due_date,
    overdue: isOverdue(row, today),
    route: routeOf(row),
    createdAt: row.created_at,
    completedAt: row.completed_at,
    cancelReason: row.cancel_reason,
  };
}

/**
 * Compliance tasks (issue 12, decision 027): what a user must do by a day, per region. Tasks are
 * opened by the RFI module and by reviewers (questionnaires), and done when what they ask for is
 * done; an overdue one limits the account (kyc-info's limitation).
 */
export function createTasksService(deps: TasksDeps) {
  const { db } = deps;

  const regionOf = async (userId: string): Promise<TaskRegion> => {
    const site = await deps.siteOf(userId);
    return (TASK_REGIONS as readonly string[]).includes(site) ? (site as TaskRegion) : TaskRegion.MAIN;
  };

  /** Opens a task in the caller's transaction (one open task per user, type and subject), audited. */
  async function openIn(trx: Db, input: NewTask, actor: Actor): Promise<repo.TaskRow> {
    if (await repo.findOpenTask(trx, input.userId, input.type, input.subjectId)) throw new ValidationFailed([{ path: 'taskType', code: ComplianceRule.ALREADY_OPEN }]);
    const row: repo.TaskRow = {
      id: randomUUID(),
      user_id: input.userId,
      task_type: input.type,
      region: input.region,
      subject_id: input.subjectId,
      message: input.message,
      due_date: input.dueDate,
      status: ComplianceTaskStatus.OPEN,
      open_key: repo.openKey(input.userId, input.type, input.subjectId),
      created_by: actor.id,
      created_at: nowIso(),
      completed_at: null,
      cancel_reason: null,
    };
    await repo.insertTask(trx, row);
    await recordAudit(trx, actor, {
      action: 'compliance_task.open',
      entityType: ENTITY,
      entityId: row.id,
      after: { userId: row.user_id, taskType: row.task_type, subjectId: row.subject_id, region: row.region, dueDate: row.due_date, userMessage: row.message },
    });
    await publishIn(trx, 'kyc.compliance_task.due', { userId: row.user_id, taskId: row.id, taskType: row.task_type, status: 'OPEN', dueDate: row.due_date });
    return row;
  }

  /** Marks an open task done in the caller's transaction, audited with why; WRONG_STATE when it is not open. */
  async function completeIn(trx: Db, taskId: string, actor: Actor, cause: string): Promise<void> {
    const at = nowIso();
    if ((await repo.closeTask(trx, taskId, ComplianceTaskStatus.DONE, at)) !== 1) throw wrongState('task not open');
    await recordAudit(trx, actor, { action: 'compliance_task.done', entityType: ENTITY, entityId: taskId, before: { status: ComplianceTaskStatus.OPEN }, after: { status: ComplianceTaskStatus.DONE, cause } });
    const task = await repo.findTask(trx, taskId);
    if (task) await publishIn(trx, 'kyc.compliance_task.done', { userId: task.user_id, taskId, taskType: task.task_type, status: 'DONE', dueDate: task.due_date });
  }

  /**
   * Questionnaire tasks are done once the questionnaire is submitted; the questionnaires module does
   * not know about tasks, so this is settled when tasks are read (the system closes them, audited).
   * `open`: the user's open tasks just read; true when one was closed (read them again).
   */
  async function reconcile(userId: string, open: readonly repo.TaskRow[]): Promise<boolean> {
    const questionnaireTasks = open.filter((t) => t.task_type === ComplianceTaskType.QUESTIONNAIRE);
    if (questionnaireTasks.length === 0) return false;
    const statuses = await deps.questionnaireStatuses(userId);
    let closed = false;
    for (const task of questionnaireTasks.filter((t) => SUBMITTED.has(statuses[t.subject_id] ?? ''))) {
      try {
        await inTransaction(db, (trx) => completeIn(trx, task.id, SYSTEM, `questionnaire ${task.subject_id} submitted`));
        closed = true;
      } catch {
        // Closed by another request at the same moment: nothing left to do.
      }
    }
    return closed;
  }

  /** The user's tasks (filtered), with open questionnaire tasks settled first; one read when none is open (kyc-info's path). */
  async function tasksOf(userId: string, filter: { status?: string | undefined; region?: string | undefined } = {}) {
    const onlyOpen = filter.status === ComplianceTaskStatus.OPEN && !filter.region;
    const open = await repo.findTasksOfUser(db, userId, { status: ComplianceTaskStatus.OPEN });
    const changed = await reconcile(userId, open);
    return onlyOpen && !changed ? open : repo.findTasksOfUser(db, userId, filter);
  }

  return {
    openIn,
    completeIn,
    regionOf,

    /**
     * The limitation sweep (decision 061): open tasks whose due date has passed are marked noticed
     * and `kyc.compliance_task.overdue` is published, each in one transaction; the compare-and-set
     * lets one server do each task. Pages of `pageSize` until none is left; returns how many.
     */
    async noticeOverdue(pageSize = 100): Promise<number> {
      const today = todayIso();
      let noticed = 0;
      for (;;) {
        const page = await repo.findUnnoticedOverdue(db, today, pageSize);
        for (const task of page) {
          const at = nowIso();
          const marked = await inTransaction(db, async (trx) => {
            if ((await repo.markOverdueNoticed(trx, task.id, task.due_date, at)) !== 1) return false;
            await publishIn(trx, 'kyc.compliance_task.overdue', { userId: task.user_id, taskId: task.id, taskType: task.task_type, dueDate: task.due_date, noticedAt: at });
            return true;
          });
          if (marked) noticed += 1;
        }
        if (page.length < pageSize) return noticed;
      }
    },

    /** Users with an overdue open task (the sweep's candidates), a page after `after` in id order. */
    usersWithOverdueTasks: (after: string, limit: number) => repo.findUsersWithOverdueTasks(db, todayIso(), after, limit),

    /** POST /segw/task/v1/task/list. */
    async list(userId: string, filter: { status?: string | undefined; region?: string | undefined }): Promise<TaskListResult> {
      const today = todayIso();
      const list = (await tasksOf(userId, filter)).map((t) => toTask(t, today));
      return { list, total: list.length };
    },

    /** POST /segw/task/v1/task/region: the caller's region and, per region with open tasks, the counts. */
    async regions(userId: string): Promise<TaskRegionResult> {
      const today = todayIso();
      const open = await tasksOf(userId, { status: ComplianceTaskStatus.OPEN });
      const counts = new Map<TaskRegion, { open: number; overdue: number }>();
      for (const t of open) {
        const c = counts.get(t.region as TaskRegion) ?? { open: 0, overdue: 0 };
        c.open += 1;
        if (isOverdue(t, today)) c.overdue += 1;
        counts.set(t.region as TaskRegion, c);
      }
      return { region: await regionOf(userId), regions: [...counts].map(([region, c]) => ({ region, ...c })).sort((a, b) => a.region.localeCompare(b.region)) };
    },

    /** POST kyc compliance-tasks: the open tasks and the limitation they bring. */
    async open(userId: string): Promise<ComplianceTasksResult> {
      const today = todayIso();
      const rows = await tasksOf(userId, { status: ComplianceTaskStatus.OPEN });
      const tasks = rows.map((t) => toTask(t, today));
      return { tasks, overdue: tasks.some((t) => t.overdue), limitation: limitationOf(rows, today).limitation };
    },

    /** For kyc-info (§3): verificationProcess.tasks (the open tasks' types) and the limitation. */
    async forKycInfo(userId: string): Promise<{ tasks: string[]; limitation: string; reasons: string[] }> {
      const today = todayIso();
      const rows = await tasksOf(userId, { status: ComplianceTaskStatus.OPEN });
      return { tasks: [...new Set(rows.map((t) => t.task_type))], ...limitationOf(rows, today) };
    },

    /** Console: a user's tasks (every status), soonest due first. Open questionnaire tasks are settled first. */
    async ofUserByEmail(email: string): Promise<ConsoleTasksResult> {
      const user = await deps.accounts.userByEmail(email);
      if (!user || user.role !== UserRole.USER) throw new ValidationFailed([{ path: 'email', code: ComplianceRule.UNKNOWN_USER }]);
      const today = todayIso();
      return { userId: user.id, list: (await tasksOf(user.id)).map((t) => toTask(t, today)) };
    },

    /**
     * Console: a reviewer cancels an open questionnaire task, saying why (decision 052). The task
     * leaves the user's open list (and the limitation an overdue one brought), the reason is kept on
     * it and shown to the user, and the user is e-mailed after the commit. An RFI task ends with its
     * case instead (accepting the answer), so cancelling one is refused.
     */
    async cancel(taskId: string, reason: string, actor: Actor): Promise<ComplianceTask> {
      if (actor.type !== 'reviewer') throw wrongState('only reviewers cancel tasks');
      const row = await inTransaction(db, async (trx) => {
        const task = await repo.findTask(trx, taskId);
        if (!task) throw notFound();
        if (task.task_type === ComplianceTaskType.RFI) throw new ValidationFailed([{ path: 'id', code: ComplianceRule.CANCEL_RFI }]);
        const at = nowIso();
        if ((await repo.cancelTask(trx, task.id, reason, at)) !== 1) throw wrongState('task not open');
        await recordAudit(trx, actor, {
          action: 'compliance_task.cancel',
          entityType: ENTITY,
          entityId: task.id,
          before: { status: task.status },
          after: { status: ComplianceTaskStatus.CANCELLED, userId: task.user_id, taskType: task.task_type, subjectId: task.subject_id, reason },
        });
        return { ...task, status: ComplianceTaskStatus.CANCELLED, open_key: null, completed_at: at, cancel_reason: reason };
      });
      // After the commit: a failed e-mail never undoes the cancel (the task page says it too).
      try {
        const user = (await deps.accounts.usersByIds([row.user_id])).get(row.user_id);
        if (user) {
          const lng = languageForCountry(await deps.residenceOf(row.user_id));
          await deps.mailer.send(deps.templates.render(lng, 'taskCancelled', user.email, { reason, link: `${deps.publicUrl}/user/accounts/auth/complianceTasks` }));
        }
      } catch (err) {
        deps.log?.warn({ err, taskId }, 'compliance task: the cancel e-mail failed');
      }
      return toTask(row);
    },

    /**
     * Console: a reviewer gives a user a questionnaire to submit by a day. The task's region is the
     * account's; the task is done once the questionnaire is submitted.
     */
    async create(input: { email: string; templateCode: string; message: string; dueDate: string }, actor: Actor): Promise<CreateTaskResult> {
      if (actor.type !== 'reviewer') throw wrongState('only reviewers create tasks');
      const user = await deps.accounts.userByEmail(input.email);
      if (!user || user.role !== UserRole.USER) throw new ValidationFailed([{ path: 'email', code: ComplianceRule.UNKNOWN_USER }]);
      // rfiQuestion's route is the RFI page: a task for that template would lead there, not to it.
      if (!latestTemplate(input.templateCode) || input.templateCode === RFI_ROUTE) throw new ValidationFailed([{ path: 'templateCode', code: ComplianceRule.UNKNOWN_TEMPLATE }]);
      checkDueDate(input.dueDate);
      const region = await regionOf(user.id);
      const row = await inTransaction(
        db,
        (trx) => openIn(trx, { userId: user.id, type: ComplianceTaskType.QUESTIONNAIRE, subjectId: input.templateCode, region, message: input.message, dueDate: input.dueDate }, actor),
        'task already open',
      );
      return { ...toTask(row), userId: user.id };
    },
  };
}

export type TasksService = ReturnType<typeof createTasksService>;
