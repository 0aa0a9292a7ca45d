import { randomUUID } from 'node:crypto';
import { todayIso } from '../../../shared/api/calendar.ts';
import {
  ComplianceRule,
  ComplianceTaskType,
  MAX_RFI_DOCUMENTS,
  RfiStatus,
  type AskRfi,
  type AskRfiResult,
  type RfiInfoResult,
  type RfiSubject,
  type RfiView,
} from '../../../shared/api/compliance-tasks.ts';
import { UserRole } from '../../../shared/api/accounts.ts';
import { API_PREFIX } from '../../../shared/api/paths.ts';
import { ConsolePath } from '../../../shared/api/console-paths.ts';
import { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { notFound, ValidationFailed, wrongState } from '../../errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { languageForCountry, type MailTemplates } from '../../mail/templates.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { ReviewCase, ReviewService, ReviewSubjectHandler } from '../review/review.service.ts';
import { checkDueDate, type TasksService } from './tasks.service.ts';
import { isOverdue } from './tasks.rules.ts';
import * as repo from './tasks.repo.ts';

const ENTITY = 'rfi_request';
/** Asking again gives the user at least this many days from the day it is asked. */
export const ASK_AGAIN_MIN_DAYS = 14;
const OPEN_STATUSES = new Set<string>([RfiStatus.AWAITING_ANSWER, RfiStatus.ANSWERED]);

export interface RfiDeps {
  db: Db;
  review: Pick<ReviewService, 'openCase' | 'casesOfSubjects'>;
  tasks: Pick<TasksService, 'openIn' | 'completeIn' | 'regionOf'>;
  accounts: {
    userByEmail(email: string): Promise<{ id: string; email: string; role: UserRole } | undefined>;
    usersByIds(ids: readonly string[]): Promise<Map<string, { email: string }>>;
  };
  documents: {
    uploadEvidence(userId: string, ownerId: string, bytes: Buffer, actor: Actor, inTrx: (trx: Db, id: string) => Promise<void>): Promise<{ id: string; byteSize: number; createdAt: string }>;
    /** The pictures stored for a round (its id is their owner). */
    listForApplication(q: Db, ownerId: string): Promise<{ id: string; byteSize: number; createdAt: string }[]>;
  };
  residenceOf(userId: string): Promise<string>;
  mailer: Mailer;
  templates: MailTemplates;
  /** Where links in e-mails sent outside a request (a decision's) point. */
  publicUrl: string;
}

const addDays = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00.000Z`) + days * 86_400_000).toISOString().slice(0, 10);
const docIds = (row: repo.RfiRow): string[] => JSON.parse(row.answer_documents) as string[];

/**
 * Requests for information (issue 12, decision 027): a reviewer asks a user a question (or for a
 * document); each round is an RFI review case and keeps a compliance task open; the user answers on
 * rfiQuestion (text and pictures through the documents module); the reviewer accepts (case approved,
 * task done) or asks again (case rejected with the new question as the message: the next round).
 */
export function createRfiService(deps: RfiDeps) {
  const { db, review, tasks } = deps;

  async function view(row: repo.RfiRow, today = todayIso()): Promise<RfiView> {
    const task = await repo.findTask(db, row.task_id);
    const ids = docIds(row);
    const meta = new Map((await deps.documents.listForApplication(db, row.id)).map((d) => [d.id, d]));
    return {
      rfiId: row.id,
      taskId: row.task_id,
      round: Number(row.round),
      question: row.question,
      documentRequested: Number(row.document_requested) === 1,
      status: row.status as RfiStatus,
      dueDate: task?.due_date ?? '',
      overdue: task ? isOverdue(task, today) && row.status === RfiStatus.AWAITING_ANSWER : false,
      answerText: row.answer_text,
      documents: ids.map((id) => ({ id, byteSize: meta.get(id)?.byteSize ?? 0, createdAt: meta.get(id)?.createdAt ?? '' })),
      askedAt: row.asked_at,
      answeredAt: row.answered_at,
    };
  }

  /** The caller's own round, or NOT_FOUND (another user's id answers exactly like a missing one). */
  async function own(q: Db, userId: string, rfiId: string): Promise<repo.RfiRow> {
    const row = await repo.findRfi(q, rfiId);
    if (!row || row.user_id !== userId) throw notFound();
    return row;
  }

  async function mailQuestion(userId: string, question: string, dueDate: string, origin: string): Promise<void> {
    const user = (await deps.accounts.usersByIds([userId])).get(userId);
    if (!user) return;
    const lng = languageForCountry(await deps.residenceOf(userId));
    await deps.mailer.send(deps.templates.render(lng, 'rfiAsked', user.email, { question, dueDate, link: `${origin}/user/accounts/auth/rfiQuestion` }));
  }

  /** A new round in `trx`: the row, its case, its audit. `country`: the user's residence, read before (only `trx` may be used here). */
  async function newRound(trx: Db, input: { id?: string; userId: string; country: string; taskId: string; round: number; question: string; documentRequested: boolean }, actor: Actor): Promise<{ row: repo.RfiRow; c: ReviewCase }> {
    const row: repo.RfiRow = {
      id: input.id ?? randomUUID(),
      user_id: input.userId,
      task_id: input.taskId,
      round: input.round,
      question: input.question,
      document_requested: input.documentRequested ? 1 : 0,
      status: RfiStatus.AWAITING_ANSWER,
      answer_text: '',
      answer_documents: '[]',
      asked_by: actor.id,
      asked_at: nowIso(),
      answered_at: null,
      decided_at: null,
    };
    await repo.insertRfi(trx, row);
    const c = await review.openCase(trx, { kind: SubjectKind.RFI, subjectId: row.id, userId: input.userId, country: input.country }, actor);
    await recordAudit(trx, actor, { action: 'rfi.ask', entityType: ENTITY, entityId: row.id, after: { userId: row.user_id, taskId: row.task_id, round: row.round, question: row.question, documentRequested: input.documentRequested, caseId: c.id } });
    return { row, c };
  }

  const reviewHandler: ReviewSubjectHandler = {
    /**
     * Approve (accept): the round ACCEPTED, its task DONE. Reject (ask again): the round ASKED_AGAIN
     * and a next round with the reviewer's message as its question, its own case, the same task
     * (its due date at least ASK_AGAIN_MIN_DAYS away). Only an answered round is decided.
     */
    async apply(trx, c, decision, actor) {
      const row = await repo.findRfi(trx, c.subjectId);
      if (!row) throw notFound();
      if (row.status !== RfiStatus.ANSWERED) throw wrongState('the user has not answered yet');
      const accept = decision.outcome === DecisionOutcome.APPROVE;
      const status = accept ? RfiStatus.ACCEPTED : RfiStatus.ASKED_AGAIN;
      if ((await repo.updateRfi(trx, row.id, RfiStatus.ANSWERED, { status, decided_at: decision.decidedAt })) !== 1) throw wrongState('already decided');
      await recordAudit(trx, actor, { action: accept ? 'rfi.accept' : 'rfi.ask_again', entityType: ENTITY, entityId: row.id, before: { status: RfiStatus.ANSWERED }, after: { status, caseId: c.id, decisionId: decision.id } });
      if (accept) {
        await tasks.completeIn(trx, row.task_id, actor, `rfi ${row.id} accepted`);
        return { subjectStatus: status };
      }
      const task = await repo.findTask(trx, row.task_id);
      if (!task) throw notFound();
      const next = await newRound(trx, { userId: row.user_id, country: c.country, taskId: row.task_id, round: Number(row.round) + 1, question: decision.userMessage, documentRequested: Number(row.document_requested) === 1 }, actor);
      const minimum = addDays(todayIso(), ASK_AGAIN_MIN_DAYS);
      if ((await repo.moveTaskSubject(trx, task, next.row.id, task.due_date > minimum ? task.due_date : minimum)) !== 1) throw wrongState('task not open');
      return { subjectStatus: status };
    },
    /** Asked again: the user gets the new question by e-mail, like the first one. */
    async decided({ case: c, decision }) {
      if (decision.outcome !== DecisionOutcome.REJECT) return;
      const next = (await repo.findRfisOfUser(db, c.userId)).find((r) => r.status === RfiStatus.AWAITING_ANSWER);
      const task = next && (await repo.findTask(db, next.task_id));
      if (next && task) await mailQuestion(c.userId, next.question, task.due_date, deps.publicUrl);
    },
  };

  return {
    reviewHandler,

    /**
     * Console: a reviewer asks a user (by e-mail) a question, optionally for a document, to answer by
     * `dueDate`. One open request per user at a time (the page shows one). The task, the round, its
     * case and the audit are one transaction; the user is e-mailed after it commits.
     */
    async ask(input: AskRfi, actor: Actor, origin: string): Promise<AskRfiResult> {
      if (actor.type !== 'reviewer') throw wrongState('only reviewers ask for information');
      const user = await deps.accounts.userByEmail(input.email);
      if (!user || user.role !== UserRole.USER) throw new ValidationFailed([{ path: 'email', code: ComplianceRule.UNKNOWN_USER }]);
      checkDueDate(input.dueDate);
      if ((await repo.findRfisOfUser(db, user.id)).some((r) => OPEN_STATUSES.has(r.status))) throw new ValidationFailed([{ path: 'email', code: ComplianceRule.ALREADY_OPEN }]);
      const region = await tasks.regionOf(user.id);
      const country = await deps.residenceOf(user.id);
      const rfiId = randomUUID();
      const { row, c } = await inTransaction(
        db,
        async (trx) => {
          const task = await tasks.openIn(trx, { userId: user.id, type: ComplianceTaskType.RFI, subjectId: rfiId, region, message: '', dueDate: input.dueDate }, actor);
          return newRound(trx, { id: rfiId, userId: user.id, country, taskId: task.id, round: 1, question: input.question, documentRequested: input.documentRequested }, actor);
        },
        'request already open',
      );
      await mailQuestion(user.id, input.question, input.dueDate, origin);
      return { rfiId: row.id, taskId: row.task_id, caseId: c.id, userId: user.id, dueDate: input.dueDate, status: RfiStatus.AWAITING_ANSWER };
    },

    /** GET rfi: the caller's open round and the earlier ones, newest first. */
    async info(userId: string): Promise<RfiInfoResult> {
      const today = todayIso();
      const rows = await repo.findRfisOfUser(db, userId);
      const open = rows.find((r) => OPEN_STATUSES.has(r.status));
      return { open: open ? await view(open, today) : null, history: await Promise.all(rows.filter((r) => r !== open).map((r) => view(r, today))) };
    },

    /** POST upload-rfi-document: a picture for the round's answer, while it awaits the answer. */
    async uploadDocument(userId: string, rfiId: string, bytes: Buffer, actor: Actor) {
      const row = await own(db, userId, rfiId);
      if (row.status !== RfiStatus.AWAITING_ANSWER) throw wrongState('the request is already answered');
      if (docIds(row).length >= MAX_RFI_DOCUMENTS) throw new ValidationFailed([{ path: 'file', code: ComplianceRule.DOCUMENT_REQUIRED }]);
      return deps.documents.uploadEvidence(userId, rfiId, bytes, actor, async (trx, id) => {
        // Read again in the storing transaction: the answer may have been sent meanwhile.
        const current = await own(trx, userId, rfiId);
        const ids = [...docIds(current), id];
        if (ids.length > MAX_RFI_DOCUMENTS) throw wrongState('too many pictures');
        if ((await repo.updateRfi(trx, rfiId, RfiStatus.AWAITING_ANSWER, { answer_documents: JSON.stringify(ids) })) !== 1) throw wrongState('the request is already answered');
        await recordAudit(trx, actor, { action: 'rfi.document.add', entityType: ENTITY, entityId: rfiId, after: { documentId: id } });
      });
    },

    /**
     * POST answer-rfi: the user's answer goes back to the case (ANSWERED). A text or a picture is
     * needed; a picture when a document was asked for.
     */
    async answer(userId: string, input: { rfiId: string; answer: string }, actor: Actor): Promise<RfiView> {
      await inTransaction(db, async (trx) => {
        const row = await own(trx, userId, input.rfiId);
        if (row.status !== RfiStatus.AWAITING_ANSWER) throw wrongState('the request is already answered');
        const docs = docIds(row);
        if (Number(row.document_requested) === 1 && docs.length === 0) throw new ValidationFailed([{ path: 'file', code: ComplianceRule.DOCUMENT_REQUIRED }]);
        if (input.answer === '' && docs.length === 0) throw new ValidationFailed([{ path: 'answer', code: ComplianceRule.ANSWER_REQUIRED }]);
        const at = nowIso();
        if ((await repo.updateRfi(trx, row.id, RfiStatus.AWAITING_ANSWER, { status: RfiStatus.ANSWERED, answer_text: input.answer, answered_at: at })) !== 1) throw wrongState('the request is already answered');
        await recordAudit(trx, actor, { action: 'rfi.answer', entityType: ENTITY, entityId: row.id, before: { status: RfiStatus.AWAITING_ANSWER }, after: { status: RfiStatus.ANSWERED, answer: input.answer, documents: docs } });
      });
      return view((await repo.findRfi(db, input.rfiId))!);
    },

    /** Console: the subject of an RFI case (the round, the earlier rounds, the reviewer's picture paths). */
    async forReview(c: ReviewCase): Promise<RfiSubject> {
      const row = await repo.findRfi(db, c.subjectId);
      if (!row) throw notFound();
      const today = todayIso();
      const earlier = (await repo.findRfisOfTask(db, row.task_id)).filter((r) => Number(r.round) < Number(row.round));
      const rfi = await view(row, today);
      const all = [rfi, ...(await Promise.all(earlier.map((r) => view(r, today))))];
      const documentPaths = Object.fromEntries(all.flatMap((v) => v.documents.map((d) => [d.id, `${API_PREFIX}${ConsolePath.consoleDocument}/${d.id}`])));
      return { kind: 'RFI', rfi, earlier: all.slice(1), documentPaths };
    },
  };
}

export type RfiService = ReturnType<typeof createRfiService>;
