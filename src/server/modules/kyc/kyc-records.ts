import type { ApplicationSnapshot } from '../../../shared/api/console.ts';
import type { Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { parseSnapshot } from './applications.ts';
import { toPersonalInfo } from './personal-info.ts';
import * as repo from './kyc.repo.ts';

/**
 * What a submission's snapshot becomes once retention erased it: nothing personal, and it says so.
 * It keeps the snapshot's shape (empty personal information), so every reader still reads it.
 */
const EMPTY_PERSONAL_INFO = { firstName: '', middleName: '', lastName: '', dateOfBirth: '', nationality: '', residenceCountry: '', addressLine1: '', addressLine2: '', city: '', stateRegion: '', postalCode: '' };
const ERASED_SNAPSHOT = JSON.stringify({ personalInfo: EMPTY_PERSONAL_INFO, erased: true });

export interface KycRecords {
  personalInfo: ReturnType<typeof toPersonalInfo> | null;
  applications: {
    id: string;
    level: number;
    provider: string;
    country: string;
    documentType: string;
    status: string;
    submittedAt: string;
    decidedAt: string | null;
    /** What was submitted; null once erased by retention. */
    submitted: ApplicationSnapshot | null;
  }[];
}

/**
 * The kyc module's part of records (decision 018): a user's verification data for their export,
 * and its erasure when retention says it is due.
 */
export function createKycRecords({ db }: { db: Db }) {
  return {
    async recordsOf(userId: string): Promise<KycRecords> {
      const info = await repo.findPersonalInfo(db, userId);
      const apps = await repo.findApplicationsOfUser(db, userId);
      return {
        personalInfo: info ? toPersonalInfo(info) : null,
        applications: apps.map((a) => ({
          id: a.id,
          level: Number(a.level),
          provider: a.provider,
          country: a.country,
          documentType: a.document_type,
          status: a.status,
          submittedAt: a.submitted_at,
          decidedAt: a.decided_at,
          submitted: a.submitted === ERASED_SNAPSHOT ? null : parseSnapshot(a.submitted),
        })),
      };
    },

    /**
     * Erases a user's personal information and the personal data in their applications' snapshots,
     * in `trx`. The applications themselves stay (level, status, dates, country, document type: what
     * the audit of the decisions needs). Audited without personal data. Returns what it erased.
     */
    async erasePersonalData(trx: Db, userId: string, actor: Actor): Promise<{ personalInfo: boolean; snapshots: number }> {
      const deleted = await trx.deleteFrom('kyc_personal_info').where('user_id', '=', userId).executeTakeFirst();
      const updated = await trx.updateTable('kyc_applications').set({ submitted: ERASED_SNAPSHOT }).where('user_id', '=', userId).where('submitted', '!=', ERASED_SNAPSHOT).executeTakeFirst();
      const result = { personalInfo: Number(deleted.numDeletedRows) > 0, snapshots: Number(updated.numUpdatedRows) };
      await recordAudit(trx, actor, { action: 'kyc.personal_data.erase', entityType: 'user', entityId: userId, after: result });
      return result;
    },

    /** The entities of a user's KYC records in the audit trail (their payloads hold personal data). */
    async auditRefsOf(trx: Db, userId: string): Promise<{ entityType: string; entityId: string }[]> {
      const apps = await repo.findApplicationsOfUser(trx, userId);
      return [
        { entityType: 'kyc_personal_info', entityId: userId },
        ...apps.map((a) => ({ entityType: 'kyc_application', entityId: a.id })),
        { entityType: 'kyc_step', entityId: `${userId}:1` },
        { entityType: 'kyc_step', entityId: `${userId}:2` },
      ];
    },
  };
}
