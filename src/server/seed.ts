import type { Db } from './db/index.ts';
import { UserRole } from '../shared/api/accounts.ts';
import type { Services } from './services.ts';
import type { Actor } from './modules/audit/audit.service.ts';
import { buildKycScenario, KycScenario } from './demo/kyc-scenarios.ts';

export const DEMO_PASSWORD = 'demo-password-1';

export const DEMO_REVIEWER_PASSWORD = 'reviewer-password-1';

export interface DemoUser {
  email: string;
  password: string;
  role: UserRole;
  note: string;
  /** Where the user's verification stands (built through the kyc, documents and console services). */
  kyc?: KycScenario;
  memberTag?: Record<string, string>;
}

/** Demo accounts listed in the README. The reviewer comes first: the others' decisions are its. */
export const DEMO_USERS: readonly DemoUser[] = [
  { email: 'reviewer@example.com', password: DEMO_REVIEWER_PASSWORD, role: UserRole.REVIEWER, note: 'compliance reviewer (console)' },
  { email: 'demo@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'no verification yet' },
  { email: 'l1-pending@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 submitted, pending review', kyc: KycScenario.L1_PENDING },
  { email: 'l1-approved@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 approved', kyc: KycScenario.L1_APPROVED },
  { email: 'l1-retry@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 rejected, can retry', kyc: KycScenario.L1_RETRY },
  { email: 'l1-final@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'level 1 rejected, final', kyc: KycScenario.L1_FINAL },
  { email: 'l2-approved@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: 'levels 1 and 2 approved', kyc: KycScenario.L2_APPROVED },
  { email: 'kyc-tag@example.com', password: DEMO_PASSWORD, role: UserRole.USER, note: "member_tag.KYC is '1': no KYC steps", memberTag: { KYC: '1' } },
];

const SYSTEM: Actor = { type: 'system', id: null };

/**
 * Creates the demo data on a new database through the services themselves, so every demo record is
 * one the product could have produced. Idempotent: existing users are left as they are.
 */
export async function seedDemoData(services: Services, db: Db): Promise<string[]> {
  const created: string[] = [];
  let reviewerId: string | undefined;
  for (const u of DEMO_USERS) {
    const exists = await db.selectFrom('users').select('id').where('email', '=', u.email).executeTakeFirst();
    if (exists) {
      if (u.role === UserRole.REVIEWER) reviewerId ??= exists.id;
      continue;
    }
    const id = await services.accounts.createUser({ email: u.email, password: u.password }, SYSTEM, u.role, u.memberTag ? { member_tag: u.memberTag } : {});
    if (u.role === UserRole.REVIEWER) reviewerId ??= id;
    if (u.kyc) await buildKycScenario(services, id, u.kyc, { reviewerId });
    created.push(u.email);
  }
  return created;
}
