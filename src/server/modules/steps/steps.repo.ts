import type { Kysely } from 'kysely';
import { compiledOnce } from '../../db/compiled-once.ts';
import type { Database, StepStatesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type StepStateRow = StepStatesTable;

const states = compiledOnce((db: Q, machine: string, subjectId: string) =>
  db.selectFrom('step_states').select(['step', 'status']).where('machine', '=', machine).where('subject_id', '=', subjectId),
);

/** The stored statuses of one subject in one machine (steps never changed have no row; compiled once, decision 034). */
export function findStates(db: Q, machine: string, subjectId: string) {
  return states(db, machine, subjectId);
}

/** One step's stored status and when it last changed (no row: never changed). */
export function findState(db: Q, machine: string, subjectId: string, step: string) {
  return db.selectFrom('step_states').select(['status', 'updated_at']).where('machine', '=', machine).where('subject_id', '=', subjectId).where('step', '=', step).executeTakeFirst();
}

const statesOfSubjects = compiledOnce((db: Q, machine: string, subjectIds: readonly string[]) =>
  db.selectFrom('step_states').select(['subject_id', 'step', 'status']).where('machine', '=', machine).where('subject_id', 'in', subjectIds),
);

/** The stored statuses of several subjects in one machine (one statement for a batch of reads). */
export function findStatesOfSubjects(db: Q, machine: string, subjectIds: readonly string[]) {
  return statesOfSubjects(db, machine, subjectIds);
}

export async function insertState(db: Q, row: StepStateRow): Promise<void> {
  await db.insertInto('step_states').values(row).execute();
}

/** Compare-and-set: changes the status only if it is still `from`. Returns the rows changed (0 or 1). */
export async function updateState(db: Q, key: { machine: string; subjectId: string; step: string }, from: string, to: string, at: string): Promise<number> {
  const r = await db
    .updateTable('step_states')
    .set({ status: to, updated_at: at })
    .where('machine', '=', key.machine)
    .where('subject_id', '=', key.subjectId)
    .where('step', '=', key.step)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/** Every status of a subject in every machine (the subject itself is being deleted). */
export async function deleteSubject(db: Q, subjectId: string): Promise<void> {
  await db.deleteFrom('step_states').where('subject_id', '=', subjectId).execute();
}
