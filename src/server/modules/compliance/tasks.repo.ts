import type { Kysely } from 'kysely';
import type { ComplianceTasksTable, Database, RfiRequestsTable } from '../../db/schema.ts';
import { ComplianceTaskStatus } from '../../../shared/api/compliance-tasks.ts';

type Q = Kysely<Database>;
export type TaskRow = ComplianceTasksTable;
export type RfiRow = RfiRequestsTable;

export const openKey = (userId: string, type: string, subjectId: string) => `${userId}:${type}:${subjectId}`;

export async function insertTask(db: Q, row: TaskRow): Promise<void> {
  await db.insertInto('compliance_tasks').values(row).execute();
}

export function findTask(db: Q, id: string) {
  return db.selectFrom('compliance_tasks').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findOpenTask(db: Q, userId: string, type: string, subjectId: string) {
  return db.selectFrom('compliance_tasks').selectAll().where('open_key', '=', openKey(userId, type, subjectId)).executeTakeFirst();
}

/** A user's tasks, soonest due first (optionally of one status / region). */
export function findTasksOfUser(db: Q, userId: string, filter: { status?: string | undefined; region?: string | undefined } = {}) {
  let q = db.selectFrom('compliance_tasks').selectAll().where('user_id', '=', userId);
  if (filter.status) q = q.where('status', '=', filter.status);
  if (filter.region) q = q.where('region', '=', filter.region);
  return q.orderBy('due_date', 'asc').orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
}

/** Ends an open task (compare-and-set on OPEN): 1 when ended now. */
export async function closeTask(db: Q, id: string, status: string, at: string): Promise<number> {
  const r = await db
    .updateTable('compliance_tasks')
    .set({ status, open_key: null, completed_at: at })
    .where('id', '=', id)
    .where('status', '=', ComplianceTaskStatus.OPEN)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Cancels an open task with the reviewer's reason (compare-and-set on OPEN): 1 when cancelled now. */
export async function cancelTask(db: Q, id: string, reason: string, at: string): Promise<number> {
  const r = await db
    .updateTable('compliance_tasks')
    .set({ status: ComplianceTaskStatus.CANCELLED, open_key: null, completed_at: at, cancel_reason: reason })
    .where('id', '=', id)
    .where('status', '=', ComplianceTaskStatus.OPEN)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Moves an open task on to what it is about now (an RFI's next round) and its due date, keeping it open. */
export async function moveTaskSubject(db: Q, task: TaskRow, subjectId: string, dueDate: string): Promise<number> {
  const r = await db
    .updateTable('compliance_tasks')
    .set({ subject_id: subjectId, open_key: openKey(task.user_id, task.task_type, subjectId), due_date: dueDate, overdue_noticed_at: null })
    .where('id', '=', task.id)
    .where('status', '=', ComplianceTaskStatus.OPEN)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Open tasks overdue on `today` (due before it) the sweep has not noticed yet, oldest due first, at most `limit`. */
export function findUnnoticedOverdue(db: Q, today: string, limit: number) {
  return db
    .selectFrom('compliance_tasks')
    .selectAll()
    .where('status', '=', ComplianceTaskStatus.OPEN)
    .where('due_date', '<', today)
    .where('overdue_noticed_at', 'is', null)
    .orderBy('due_date', 'asc')
    .orderBy('id', 'asc')
    .limit(limit)
    .execute();
}

/** Marks an open task noticed overdue (compare-and-set on not noticed, same due date): 1 when marked now. */
export async function markOverdueNoticed(db: Q, id: string, dueDate: string, at: string): Promise<number> {
  const r = await db
    .updateTable('compliance_tasks')
    .set({ overdue_noticed_at: at })
    .where('id', '=', id)
    .where('status', '=', ComplianceTaskStatus.OPEN)
    .where('due_date', '=', dueDate)
    .where('overdue_noticed_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Users with an open task due before `today`, after `after` in id order, at most `limit` (the sweep's pages). */
export async function findUsersWithOverdueTasks(db: Q, today: string, after: string, limit: number): Promise<string[]> {
  const rows = await db
    .selectFrom('compliance_tasks')
    .select('user_id')
    .distinct()
    .where('status', '=', ComplianceTaskStatus.OPEN)
    .where('due_date', '<', today)
    .where('user_id', '>', after)
    .orderBy('user_id', 'asc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.user_id);
}

export async function insertRfi(db: Q, row: RfiRow): Promise<void> {
  await db.insertInto('rfi_requests').values(row).execute();
}

export function findRfi(db: Q, id: string) {
  return db.selectFrom('rfi_requests').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A user's rounds, newest first. */
export function findRfisOfUser(db: Q, userId: string) {
  return db.selectFrom('rfi_requests').selectAll().where('user_id', '=', userId).orderBy('asked_at', 'desc').orderBy('round', 'desc').execute();
}

/** The rounds of one task, oldest first. */
export function findRfisOfTask(db: Q, taskId: string) {
  return db.selectFrom('rfi_requests').selectAll().where('task_id', '=', taskId).orderBy('round', 'asc').execute();
}

/** Changes a round's status from `from` (compare-and-set): 1 when changed now. */
export async function updateRfi(db: Q, id: string, from: string, set: Partial<Omit<RfiRow, 'id' | 'user_id' | 'task_id'>>): Promise<number> {
  const r = await db.updateTable('rfi_requests').set(set).where('id', '=', id).where('status', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Erasure (decision 018): the free text of a user's tasks and rounds; the facts (types, dates, statuses) stay. Returns the rows changed. */
export async function eraseTextOfUser(db: Q, userId: string): Promise<number> {
  const tasks = await db.updateTable('compliance_tasks').set({ message: '' }).where('user_id', '=', userId).executeTakeFirst();
  const rounds = await db.updateTable('rfi_requests').set({ question: '', answer_text: '' }).where('user_id', '=', userId).executeTakeFirst();
  return Number(tasks.numUpdatedRows) + Number(rounds.numUpdatedRows);
}

/** The audit entities of a user's tasks and rounds (their payloads hold the texts). */
export async function entityRefsOfUser(db: Q, userId: string): Promise<{ entityType: string; entityId: string }[]> {
  const tasks = await db.selectFrom('compliance_tasks').select('id').where('user_id', '=', userId).execute();
  const rounds = await db.selectFrom('rfi_requests').select('id').where('user_id', '=', userId).execute();
  return [...tasks.map((t) => ({ entityType: 'compliance_task', entityId: t.id })), ...rounds.map((r) => ({ entityType: 'rfi_request', entityId: r.id }))];
}

