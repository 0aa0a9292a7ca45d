import type { UserDataSections } from '../../../shared/api/records.ts';
import type { Db } from '../../db/index.ts';

export interface AuditRef {
  entityType: string;
  entityId: string;
}

/**
 * What another module holds about one user, for the user's data export and for erasure (decision
 * 031). Each module answers for its own tables: the records module never reads them.
 */
export interface PersonalDataPort {
  /** The module's parts of the export. */
  exportOf(db: Db, userId: string): Promise<Partial<UserDataSections>>;
  /** The audit entities whose payloads hold the same data; their payloads are erased with it. */
  auditRefsOf?(trx: Db, userId: string): Promise<AuditRef[]>;
  /** Blanks the personal data in `trx`, keeping the facts the records need (what, when, outcome); rows changed. */
  eraseOf?(trx: Db, userId: string): Promise<number>;
}

/** The export's sections when no module holds anything (an account that never used them). */
export const EMPTY_SECTIONS: UserDataSections = {
  questionnaires: [],
  reverification: { requests: [], submissions: [] },
  compliance: { tasks: [], requestsForInformation: [] },
  eddRounds: [],
  identityTransfers: [],
  accountExtras: { agreements: [], custody: null, affiliate: null, vipInvitations: [], announcementsAcknowledged: [] },
  capture: { handoffs: [], livenessChecks: [] },
  faceMatches: [],
  riskDecisions: [],
};
