import type { Kysely } from 'kysely';
import type { Database, RiskListsTable } from '../../db/schema.ts';

type Q = Kysely<Database>;
export type RiskListRow = RiskListsTable;

/** The version in use: the highest. */
export function findCurrent(db: Q) {
  return db.selectFrom('risk_lists').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();
}

export async function insert(db: Q, row: RiskListRow): Promise<void> {
  await db.insertInto('risk_lists').values(row).execute();
}

/** Records the end of a re-assessment against `version` (the latest run's figures win). */
export async function markReassessed(db: Q, version: number, at: string, enteredEdd: number): Promise<void> {
  await db.updateTable('risk_lists').set({ reassessed_at: at, entered_edd: enteredEdd }).where('version', '=', version).execute();
}
