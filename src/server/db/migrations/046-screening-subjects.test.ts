import type { Kysely } from 'kysely';
import { Migrator } from 'kysely/migration';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import { createDb, type Db } from '../index.ts';
import { migrations } from './index.ts';

/**
 * Migration 046 on a database of the previous version: screening's read model of verified users
 * starts with every user whose level 1 is reached and who has personal information, as the join it
 * replaces found them (decision 063), and follows the account's deletion. On SQLite, and on
 * PostgreSQL with TEST_DATABASE_URL (scripts/with-postgres.sh).
 */
let db: Db;
let drop: () => Promise<void>;
const AT = '2026-03-04T05:06:07.000Z';
const VERIFIED_AT = '2026-02-01T10:00:00.000Z';

beforeAll(async () => {
  const made = await createTestDatabase();
  drop = made.drop;
  db = createDb(made.database);
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const before = await migrator.migrateTo('045-limitation-sweep');
  if (before.error) throw before.error;
  const old = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const users = ['verified', 'verified-no-info', 'pending', 'level-2-only', 'reset'];
  await old
    .insertInto('users')
    .values(users.map((id) => ({ id, email: `${id}@example.com`, password_hash: '!', role: 'user', currency_code: 'USD', sub_attribute: '', member_tag: '', created_at: AT, updated_at: AT, email_confirmed_at: AT, disabled_at: null })))
    .execute();
  await old
    .insertInto('kyc_personal_info')
    .values(
      users
        .filter((id) => id !== 'verified-no-info')
        .map((id) => ({ user_id: id, first_name: 'Ada', middle_name: '', last_name: 'Lovelace', date_of_birth: '1990-12-10', nationality: 'GB', residence_country: 'GB', address_line1: '1 Street', address_line2: '', city: 'London', state_region: '', postal_code: 'E1 1AA', mobile_country: 'GB', mobile_number: '7700900000', created_at: AT, updated_at: AT })),
    )
    .execute();
  const step = (subject_id: string, step: string, status: string, machine = 'kyc_level') => ({ machine, subject_id, step, status, updated_at: VERIFIED_AT });
  await old
    .insertInto('step_states')
    .values([
      step('verified', '1', 'SUCCESS'),
      step('verified', '2', 'PENDING'),
      step('verified-no-info', '1', 'SUCCESS'),
      step('pending', '1', 'PENDING'),
      step('level-2-only', '2', 'SUCCESS'),
      step('reset', '1', 'FAILED_AND_CAN_RETRY'),
      // Another machine's step '1' is not a KYC level.
      step('pending', '1', 'SUCCESS', 'edd'),
    ])
    .execute();
  const latest = await migrator.migrateToLatest();
  if (latest.error) throw latest.error;
});

afterAll(async () => {
  await db?.destroy();
  await drop?.();
});

describe('migration 046 (screening subjects)', () => {
  it('fills the read model from the level states and personal information as they were', async () => {
    expect(await db.selectFrom('screening_subjects').selectAll().execute()).toEqual([{ user_id: 'verified', verified_at: VERIFIED_AT }]);
  });

  it('a row goes with its account', async () => {
    await db.deleteFrom('users').where('id', '=', 'verified').execute();
    expect(await db.selectFrom('screening_subjects').selectAll().execute()).toEqual([]);
  });
});
