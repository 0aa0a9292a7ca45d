import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Q = Kysely<Database>;

export interface QueueFilter {
  status: string;
  level?: number;
  country?: string;
  provider?: string;
  limit: number;
  offset: number;
}

/** Applications with the applicant's e-mail: pending ones oldest first (fair queue), decided ones newest first. */
export async function findQueue(db: Q, f: QueueFilter) {
  let base = db.selectFrom('kyc_applications').innerJoin('users', 'users.id', 'kyc_applications.user_id').where('kyc_applications.status', '=', f.status);
  if (f.level !== undefined) base = base.where('kyc_applications.level', '=', f.level);
  if (f.country !== undefined) base = base.where('kyc_applications.country', '=', f.country);
  if (f.provider !== undefined) base = base.where('kyc_applications.provider', '=', f.provider);
  const direction = f.status === 'PENDING' ? 'asc' : 'desc';
  const items = await base
    .selectAll('kyc_applications')
    .select('users.email')
    .orderBy(f.status === 'PENDING' ? 'kyc_applications.submitted_at' : 'kyc_applications.decided_at', direction)
    .orderBy('kyc_applications.id', direction)
    .limit(f.limit)
    .offset(f.offset)
    .execute();
  const { n } = await base.select((eb) => eb.fn.countAll<number | string | bigint>().as('n')).executeTakeFirstOrThrow();
  return { items, total: Number(n) };
}

export function findApplicationWithUser(db: Q, id: string) {
  return db
    .selectFrom('kyc_applications')
    .innerJoin('users', 'users.id', 'kyc_applications.user_id')
    .selectAll('kyc_applications')
    .select(['users.email', 'users.created_at as user_created_at'])
    .where('kyc_applications.id', '=', id)
    .executeTakeFirst();
}

export function findEmails(db: Q, ids: readonly string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('users').select(['id', 'email']).where('id', 'in', ids).execute();
}
