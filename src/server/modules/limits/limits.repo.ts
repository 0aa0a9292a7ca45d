import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { FiatRatesTable, WithdrawalLimitVersionsTable } from '../../db/schema.ts';

/** SQL of the limits module (decision 040): the limits' versions and the stored rate sets. Owner of both tables. */
export type LimitsVersionRow = Selectable<WithdrawalLimitVersionsTable>;
export type RatesRow = Selectable<FiatRatesTable>;

export const latestVersion = (q: Db): Promise<LimitsVersionRow | undefined> =>
  q.selectFrom('withdrawal_limit_versions').selectAll().orderBy('version', 'desc').limit(1).executeTakeFirst();

/** The newest version LIMITS_FILE made (its SHA-256 tells whether the file changed since). */
export const latestFileVersion = (q: Db): Promise<LimitsVersionRow | undefined> =>
  q.selectFrom('withdrawal_limit_versions').selectAll().where('source', '=', 'file').orderBy('version', 'desc').limit(1).executeTakeFirst();

export const versionHistory = (q: Db, limit: number) =>
  q.selectFrom('withdrawal_limit_versions').select(['version', 'source', 'note', 'created_by', 'created_at']).orderBy('version', 'desc').limit(limit).execute();

export async function insertVersion(q: Db, row: Insertable<WithdrawalLimitVersionsTable>): Promise<void> {
  await q.insertInto('withdrawal_limit_versions').values(row).execute();
}

export const latestRates = (q: Db): Promise<RatesRow | undefined> =>
  q.selectFrom('fiat_rates').selectAll().orderBy('stored_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();

export async function insertRates(q: Db, row: Insertable<FiatRatesTable>): Promise<void> {
  await q.insertInto('fiat_rates').values(row).execute();
}

/** Rate sets stored before `before`, except the newest: history kept for a while, not for ever. */
export async function pruneRates(q: Db, before: string, keepId: string): Promise<void> {
  await q.deleteFrom('fiat_rates').where('stored_at', '<', before).where('id', '!=', keepId).execute();
}
