import type { Db } from './db/index.ts';
import { UserRole } from '../shared/api/accounts.ts';
import type { Services } from './services.ts';
import type { Actor } from './modules/audit/audit.repo.ts';

export const DEMO_PASSWORD = 'demo-password-1';

/** Demo accounts listed in the README. Later features add users in other verification states. */
export const DEMO_USERS = [{ email: 'demo@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'no verification yet' }] as const;

const SYSTEM: Actor = { type: 'system', id: null };

/**
 * Creates the demo data on a new database through the services themselves, so every demo record is
 * one the product could have produced. Idempotent: existing users are left as they are.
 */
export async function seedDemoData(services: Services, db: Db): Promise<string[]> {
  const created: string[] = [];
  for (const u of DEMO_USERS) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst();
    if (exists) continue;
    await services.accounts.createUser({ email: u.email, password: u.password }, SYSTEM, u.role);
    created.push(u.email);
  }
  return created;
}
