import type { Kysely } from 'kysely';
import { isPostgres } from '../../db/dialect.ts';
import type { Database, QuestionnaireAnswersTable, QuestionnaireRequirementsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type AnswerRow = QuestionnaireAnswersTable;
export type RequirementRow = QuestionnaireRequirementsTable;

export async function insertAnswer(db: Q, row: AnswerRow): Promise<void> {
  await db.insertInto('questionnaire_answers').values(row).execute();
}

/** One attempt; on PostgreSQL locked until the transaction ends (save, submit, upload and decisions serialise on it). */
export function findAnswer(db: Q, id: string, opts: { lock?: boolean } = {}): Promise<AnswerRow | undefined> {
  return db
    .selectFrom('questionnaire_answers')
    .selectAll()
    .where('id', '=', id)
    .$if(opts.lock === true && isPostgres(db as unknown as Kysely<unknown>), (qb) => qb.forUpdate())
    .executeTakeFirst();
}

/** The newest attempt of a user at a template. */
export function findLatest(db: Q, userId: string, templateCode: string): Promise<AnswerRow | undefined> {
  return db.selectFrom('questionnaire_answers').selectAll().where('user_id', '=', userId).where('template_code', '=', templateCode).orderBy('attempt', 'desc').limit(1).executeTakeFirst();
}

export function findAllOfUser(db: Q, userId: string): Promise<AnswerRow[]> {
  return db.selectFrom('questionnaire_answers').selectAll().where('user_id', '=', userId).orderBy('attempt', 'asc').execute();
}

/** Compare-and-set on updated_at: a concurrent change of the same attempt fails instead of being overwritten. */
export async function updateAnswer(db: Q, id: string, expectedUpdatedAt: string, set: Partial<Omit<AnswerRow, 'id' | 'user_id'>>): Promise<number> {
  const r = await db.updateTable('questionnaire_answers').set(set).where('id', '=', id).where('updated_at', '=', expectedUpdatedAt).executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function findRequirements(db: Q, userId: string): Promise<RequirementRow[]> {
  return db.selectFrom('questionnaire_requirements').selectAll().where('user_id', '=', userId).orderBy('created_at', 'asc').execute();
}

/** Records an event once (a repeated event changes nothing). Returns whether it was new. */
export async function insertRequirement(db: Q, row: RequirementRow): Promise<boolean> {
  const r = await db.insertInto('questionnaire_requirements').values(row).onConflict((oc) => oc.columns(['user_id', 'template_code', 'cause']).doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Erasure: a user's answers and the address they came from, blanked; the attempts' facts stay. */
export async function eraseAnswersOfUser(db: Q, userId: string): Promise<number> {
  const r = await db.updateTable('questionnaire_answers').set({ answers: '{}', submitted_ip: null }).where('user_id', '=', userId).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
