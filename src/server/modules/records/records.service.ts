import type { AuditChainReport, RetentionOverview } from '../../../shared/api/records.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';
import type { AccountsService } from '../accounts/accounts.service.ts';
import { recordAudit, verifyAuditChain, type Actor } from '../audit/audit.service.ts';
import type { ConsoleService } from '../console/console.service.ts';
import type { DocumentsService } from '../documents/documents.service.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { createErasure } from './erasure.ts';
import { createExports } from './exports.ts';
import type { PersonalDataPort } from './port.ts';
import * as repo from './records.repo.ts';
import { createRetention } from './retention.ts';
import type { RetentionSweeps } from './sweeps.ts';

export { addMonths } from './erasure.ts';
export type { RetentionSummary } from './retention.ts';
export type { RetentionSweeps } from './sweeps.ts';

export interface RecordsDeps {
  db: Db;
  config: Pick<Config, 'retention' | 'capture'>;
  review: ReviewService;
  kyc: KycService;
  accounts: AccountsService;
  documents: DocumentsService;
  console: ConsoleService;
  /** Other modules' clean-ups the retention job runs (late-bound in services.ts). */
  sweeps?: () => RetentionSweeps;
  /** Other modules' records about a user: exported and erased with the rest (decision 031). */
  personalData?: readonly PersonalDataPort[];
  log?: (msg: string, data?: object) => void;
}

/**
 * Records a regulator trusts (issue 18, docs/decisions/018): the user's data export and erasure
 * request, the regulator's case archive, the retention job, and the audit trail check.
 */
export function createRecordsService({ db, config, review, kyc, accounts, documents, console, sweeps, personalData = [], log }: RecordsDeps) {
  const erasure = createErasure({ db, config, review, kyc, accounts, documents, ...(sweeps ? { sweeps } : {}), personalData });
  const exports = createExports({ db, review, kyc, accounts, documents, console, personalData });
  const retention = createRetention({ db, config, review, kyc, erasure, sweeps, log });

  return {
    userData: exports.userData,
    caseArchive: exports.caseArchive,
    requestErasure: erasure.requestErasure,
    retention,

    /** Checks the whole audit chain (an administrator in the console, or `npm run verify-audit`); the check is audited. */
    async verifyAudit(actor: Actor): Promise<AuditChainReport> {
      const report = await verifyAuditChain(db);
      await recordAudit(db, actor, { action: 'audit.verify', entityType: 'audit_trail', entityId: 'all', after: { ok: report.ok, entries: report.entries, firstBroken: report.firstBroken } });
      return report;
    },

    async retentionOverview(): Promise<RetentionOverview> {
      const runs = await repo.findRuns(db, 20);
      return {
        customerYears: config.retention.customerYears,
        rejectedMonths: config.retention.rejectedMonths,
        jobIntervalMinutes: Math.round(config.retention.jobIntervalMs / 60_000),
        runs: runs.map((r) => ({ id: r.id, startedAt: r.started_at, finishedAt: r.finished_at, summary: JSON.parse(r.summary) as Record<string, number> })),
      };
    },
  };
}

export type RecordsService = ReturnType<typeof createRecordsService>;
