import type { ExpressionBuilder } from 'kysely';
import { todayIso } from '../../shared/api/calendar.ts';
import type { Db } from './index.ts';
import type { Database } from './schema.ts';

/**
 * The change stamps of migration 024: a counter per user that the database's triggers move in every
 * transaction that changes a row kyc-info is built from, and one row (`EVERYONE`) for what every
 * user's kyc-info reads (agreement versions, announcements). kyc-info's cache keeps a reply under
 * the stamps it read (decision 024, eighth change).
 *
 * A signed-in request reads them with its session, in the same statement (`withChangeStamps`): on
 * PostgreSQL a statement is a round trip, and reading the stamps apart was half of a kept kyc-info
 * reply's database time (decision 024, ninth change). Read at the start of the request, before the
 * reply is built, as the cache needs: a change committed after them makes the next read build again.
 */
export const EVERYONE = '*';

/** Tables whose rows move the stamps: migration 024's triggers and later ones (kyc-info-cache.test.ts checks the database has them all). */
export const WATCHED_TABLES: ReadonlySet<string> = new Set([
  'users',
  'kyc_personal_info',
  'step_states',
  'kyc_applications',
  'vendor_sessions',
  'review_cases',
  'review_decisions',
  'questionnaire_requirements',
  'questionnaire_answers',
  'custody_accounts',
  'agreement_versions',
  'agreement_acceptances',
  'kyc_announcements',
  'kyc_announcement_acks',
  'identity_transfers',
  'account_sites',
  'reverification_requests',
  'reverification_submissions',
  'compliance_tasks',
  // Migration 030 (decision 040): the withdrawal limits kyc-info's quotas come from.
  'withdrawal_limit_versions',
  // Migration 039 (decision 052): the restrictions decisions put on an account.
  'account_restrictions',
]);

/** What a kept reply is checked against: the user's stamp, everyone's stamp and the UTC day. */
export type ChangeStamps = string;

type Stamp = string | number | bigint | null | undefined;

/** The stamps as one comparable value; a user nothing was ever stamped for is at 0. */
export const changeStampsOf = (own: Stamp, everyone: Stamp): ChangeStamps => `${String(own ?? 0)}/${String(everyone ?? 0)}/${todayIso()}`;

/**
 * Two selections for a query over `users`: the user's stamp and everyone's, as `own_stamp` and
 * `everyone_stamp` (scalar subqueries on the stamps' primary key).
 */
export function withChangeStamps(eb: ExpressionBuilder<Database, 'users'>) {
  return [
    eb.selectFrom('kyc_info_stamps as own').select('own.stamp').whereRef('own.user_id', '=', 'users.id').as('own_stamp'),
    eb.selectFrom('kyc_info_stamps as everyone').select('everyone.stamp').where('everyone.user_id', '=', EVERYONE).as('everyone_stamp'),
  ] as const;
}

/** The stamps of one user, read on their own (a caller whose request did not read them with a session: an SDK token). */
export async function readChangeStamps(db: Db, userId: string): Promise<ChangeStamps> {
  const rows = await db.selectFrom('kyc_info_stamps').select(['user_id', 'stamp']).where('user_id', 'in', [userId, EVERYONE]).execute();
  return changeStampsOf(rows.find((r) => r.user_id === userId)?.stamp, rows.find((r) => r.user_id === EVERYONE)?.stamp);
}
