import { RetCode } from '../../../shared/ret-codes.ts';
import { ConsoleRole, hasConsoleRole, isConsoleRole } from '../../../shared/staff.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import * as repo from './staff.repo.ts';

export interface StaffMember {
  id: string;
  email: string;
  role: ConsoleRole;
  updatedAt: string | null;
}

/** A console member without a row (made before roles existed, or by an old script): the least role. */
const toRole = (role: string | null | undefined): ConsoleRole => (role && isConsoleRole(role) ? role : ConsoleRole.REVIEWER);

export const roleRequired = (needed: ConsoleRole) => new BusinessError(RetCode.NO_PERMISSION, 'user no permission', { requiredRole: needed });

/**
 * Console roles (decision 018): which powers each console member (a user of account role
 * `reviewer`) has. Changes are audited on the member's `user` entity.
 */
export function createStaffService({ db, accounts }: { db: Db; accounts: Pick<AccountsService, 'consoleMembers'> }) {
  async function roleOf(userId: string, trx: Db = db): Promise<ConsoleRole> {
    return toRole((await repo.findRole(trx, userId))?.role);
  }

  /** The console's members (the accounts module's reviewers) with their roles, by e-mail. */
  async function membersIn(q: Db): Promise<(StaffMember & { disabled: boolean })[]> {
    const people = await accounts.consoleMembers(q);
    const roles = new Map((await repo.findRoles(q, people.map((p) => p.id))).map((r) => [r.user_id, r]));
    return people.map((p) => ({ id: p.id, email: p.email, role: toRole(roles.get(p.id)?.role), updatedAt: roles.get(p.id)?.updated_at ?? null, disabled: p.disabled }));
  }

  return {
    roleOf,

    /** Throws NO_PERMISSION (with the role needed) unless the member's role includes `needed`. */
    async assertRole(userId: string, needed: ConsoleRole): Promise<ConsoleRole> {
      const role = await roleOf(userId);
      if (!hasConsoleRole(role, needed)) throw roleRequired(needed);
      return role;
    },

    /** The e-mail addresses of the administrators who can sign in (told when the relay turns a webhook endpoint off). */
    async administratorEmails(): Promise<string[]> {
      return (await membersIn(db)).filter((m) => m.role === ConsoleRole.ADMINISTRATOR && !m.disabled).map((m) => m.email);
    },

    async members(): Promise<StaffMember[]> {
      return (await membersIn(db)).map(({ disabled: _, ...m }) => m);
    },

    /** Whether an administrator can sign in (not disabled): the readiness check's question. */
    async administratorExists(): Promise<boolean> {
      return (await membersIn(db)).some((m) => m.role === ConsoleRole.ADMINISTRATOR && !m.disabled);
    },

    /**
     * Gives a console member a role, in the caller's transaction (scripts, seeding) or its own.
     * Audited (`staff.role.change`, before and after). The last administrator cannot step down:
     * nobody could manage roles any more.
     */
    async setRole(userId: string, role: ConsoleRole, actor: Actor, trx?: Db): Promise<StaffMember> {
      const run = async (t: Db) => {
        const members = await membersIn(t);
        const member = members.find((m) => m.id === userId);
        if (!member) throw notFound();
        const before = toRole((await repo.findRole(t, userId, { lock: true }))?.role);
        if (before === role) return { id: userId, email: member.email, role, updatedAt: member.updatedAt };
        if (before === ConsoleRole.ADMINISTRATOR && members.filter((m) => m.role === ConsoleRole.ADMINISTRATOR).length <= 1) {
          throw wrongState('the last administrator keeps the role');
        }
        const at = nowIso();
        await repo.upsertRole(t, userId, role, at);
        await recordAudit(t, actor, { action: 'staff.role.change', entityType: 'user', entityId: userId, before: { role: before }, after: { role } });
        return { id: userId, email: member.email, role, updatedAt: at };
      };
      return trx ? run(trx) : inTransaction(db, run, 'role changed concurrently');
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
