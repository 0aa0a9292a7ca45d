import { RetCode } from '../../../shared/ret-codes.ts';
import { ConsoleRole, hasConsoleRole, isConsoleRole } from '../../../shared/staff.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
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
export function createStaffService({ db }: { db: Db }) {
  async function roleOf(userId: string, trx: Db = db): Promise<ConsoleRole> {
    return toRole((await repo.findRole(trx, userId))?.role);
  }

  return {
    roleOf,

    /** Throws NO_PERMISSION (with the role needed) unless the member's role includes `needed`. */
    async assertRole(userId: string, needed: ConsoleRole): Promise<ConsoleRole> {
      const role = await roleOf(userId);
      if (!hasConsoleRole(role, needed)) throw roleRequired(needed);
      return role;
    },

    async members(): Promise<StaffMember[]> {
      return (await repo.findMembers(db)).map((m) => ({ id: m.id, email: m.email, role: toRole(m.role), updatedAt: m.updated_at ?? null }));
    },

    /**
     * Gives a console member a role, in the caller's transaction (scripts, seeding) or its own.
     * Audited (`staff.role.change`, before and after). The last administrator cannot step down:
     * nobody could manage roles any more.
     */
    async setRole(userId: string, role: ConsoleRole, actor: Actor, trx?: Db): Promise<StaffMember> {
      const run = async (t: Db) => {
        const member = (await repo.findMembers(t)).find((m) => m.id === userId);
        if (!member) throw notFound();
        const before = toRole((await repo.findRole(t, userId, { lock: true }))?.role);
        if (before === role) return { id: userId, email: member.email, role, updatedAt: member.updated_at ?? null };
        if (before === ConsoleRole.ADMINISTRATOR && Number((await repo.countRole(t, ConsoleRole.ADMINISTRATOR)).n) <= 1) {
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
