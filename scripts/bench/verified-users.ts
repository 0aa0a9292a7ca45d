/**
 * Verified users for the bench's re-screening run (decision 044): `count` users with level 1
 * approved, personal information, a row in screening's read model of verified users and a clear
 * screening against the list in use, written straight into the bench server's fresh database in
 * INSERTs of a few hundred rows (the approval flow per user would take the run's whole budget).
 * Names come from the generated list's cultures with another seed, so most are not on the list, as
 * with real customers. Nothing here is part of the server.
 */
import type { Db } from '../../src/server/db/index.ts';
import { syntheticPeople } from '../../src/server/modules/screening/screening.service.ts';

const CHUNK = 400;

export async function seedVerifiedUsers(db: Db, count: number): Promise<void> {
  const at = new Date().toISOString();
  const listVersion = (await db.selectFrom('screening_lists').select('version').orderBy('version', 'desc').limit(1).executeTakeFirst())?.version ?? null;
  let batch: { id: string; first: string; middle: string; last: string; dob: string }[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    await db
      .insertInto('users')
      .values(batch.map((u) => ({ id: u.id, email: `${u.id}@bench.example.com`, password_hash: '!', role: 'user', currency_code: 'USD', sub_attribute: '', member_tag: '', created_at: at, updated_at: at, email_confirmed_at: at, disabled_at: null })))
      .execute();
    await db
      .insertInto('kyc_personal_info')
      .values(batch.map((u) => ({ user_id: u.id, first_name: u.first, middle_name: u.middle, last_name: u.last, date_of_birth: u.dob, nationality: 'GB', residence_country: 'GB', address_line1: '1 Bench Street', address_line2: '', city: 'London', state_region: '', postal_code: 'E1 1AA', mobile_country: 'GB', mobile_number: '7700900000', created_at: at, updated_at: at })))
      .execute();
    await db.insertInto('step_states').values(batch.map((u) => ({ machine: 'kyc_level', subject_id: u.id, step: '1', status: 'SUCCESS', updated_at: at }))).execute();
    // Screening's read model of whom it screens (decision 063): what the approvals' events would have filled.
    await db.insertInto('screening_subjects').values(batch.map((u) => ({ user_id: u.id, verified_at: at }))).execute();
    // Screened (clear) against the list in use, as existing customers are: the bench's new list is what re-screens them.
    if (listVersion !== null) await db.insertInto('screening_states').values(batch.map((u) => ({ user_id: u.id, status: 'CLEAR', list_version: listVersion, screened_at: at }))).execute();
    batch = [];
  };
  let i = 0;
  for (const p of syntheticPeople(4242, count, 'user')) {
    const id = `b0000000-0000-4000-8000-${String(++i).padStart(12, '0')}`;
    batch.push({ id, first: p.first, middle: p.middle, last: p.last, dob: p.birthDates[0]?.length === 10 ? p.birthDates[0] : `19${50 + (i % 50)}-0${1 + (i % 9)}-1${i % 10}` });
    if (batch.length === CHUNK) await flush();
  }
  await flush();
}
