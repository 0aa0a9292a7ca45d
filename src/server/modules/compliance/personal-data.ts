import type { Db } from '../../db/index.ts';
import type { PersonalDataPort } from '../records/port.ts';
import * as repo from './tasks.repo.ts';

/**
 * A user's compliance tasks and requests for information in their data export, and erasure
 * (decision 031): the questions, answers and task messages are blanked (the answers' pictures go with
 * the user's documents); types, dates, rounds and statuses stay.
 */
export const compliancePersonalData: PersonalDataPort = {
  async exportOf(db: Db, userId: string) {
    const [tasks, rfis] = [await repo.findTasksOfUser(db, userId), await repo.findRfisOfUser(db, userId)];
    return {
      compliance: {
        tasks: tasks.map((t) => ({ type: t.task_type, region: t.region, message: t.message, dueDate: t.due_date, status: t.status, createdAt: t.created_at, completedAt: t.completed_at })),
        requestsForInformation: rfis.map((r) => ({
          round: r.round,
          question: r.question,
          documentRequested: r.document_requested === 1,
          status: r.status,
          answerText: r.answer_text,
          answerDocumentIds: JSON.parse(r.answer_documents) as string[],
          askedAt: r.asked_at,
          answeredAt: r.answered_at,
          decidedAt: r.decided_at,
        })),
      },
    };
  },
  /** For erasure (decision 018): the audit entities whose payloads hold a user's questions, answers and notes. */
  auditRefsOf: (trx: Db, userId: string) => repo.entityRefsOfUser(trx, userId),
  /** For erasure: empties those texts in `trx` (the answers' pictures go with the user's documents). */
  eraseOf: (trx: Db, userId: string) => repo.eraseTextOfUser(trx, userId),
};
