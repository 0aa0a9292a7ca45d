import type { Kysely } from 'kysely';
import type { Database, ReasonTemplatesTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type TemplateRow = ReasonTemplatesTable;

export function findAll(db: Q): Promise<TemplateRow[]> {
  return db.selectFrom('reason_templates').selectAll().orderBy('reason_code').orderBy('language').execute();
}

export function find(db: Q, reasonCode: string, language: string): Promise<TemplateRow | undefined> {
  return db.selectFrom('reason_templates').selectAll().where('reason_code', '=', reasonCode).where('language', '=', language).executeTakeFirst();
}

export function findOfLanguages(db: Q, languages: readonly string[]): Promise<TemplateRow[]> {
  return db.selectFrom('reason_templates').selectAll().where('language', 'in', languages).execute();
}

export async function upsert(db: Q, row: TemplateRow): Promise<void> {
  await db
    .insertInto('reason_templates')
    .values(row)
    .onConflict((oc) => oc.columns(['reason_code', 'language']).doUpdateSet({ text: row.text, updated_by: row.updated_by, updated_at: row.updated_at }))
    .execute();
}

export async function remove(db: Q, reasonCode: string, language: string): Promise<number> {
  const r = await db.deleteFrom('reason_templates').where('reason_code', '=', reasonCode).where('language', '=', language).executeTakeFirst();
  return Number(r.numDeletedRows);
}
