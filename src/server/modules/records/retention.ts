import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import type { VerifiableLevel } from '../../../shared/kyc.ts';
import type { RetentionSweeps } from './sweeps.ts';
import type { KycService } from '../kyc/kyc.service.ts';
import type { ReviewService } from '../review/review.service.ts';
import { addMonths, type Erasure } from './erasure.ts';
import * as repo from './records.repo.ts';

const JOB = 'retention';
const SYSTEM: Actor = { type: 'system', id: 'retention' };
/** The scheduler looks at the lease this often (cheap: one UPDATE); the job itself runs once per interval. */
const TICK_MS = 60_000;

export interface RetentionDeps {
  db: Db;
  config: Pick<Config, 'retention'> & { capture?: Pick<Config['capture'], 'biometricRetentionDays'> };
  sweeps?: () => RetentionSweeps;
  review: Pick<ReviewService, 'rejectedOnlyUsers'>;
  kyc: Pick<KycService, 'recordsOf' | 'outcomeOf'>;
  erasure: Erasure;
  log?: (msg: string, data?: object) => void;
}

export type RetentionSummary = Record<string, number>;

/**
 * The retention job (decision 018), in-process on every server and run by one at a time: each
 * server's scheduler asks for the lease of job `retention` (a compare-and-set on its expiry in the
 * database); the one that gets it holds it for the interval and runs the job, the others find it
 * taken. Each run erases what is due, in one transaction per person, and records what it did
 * (`retention_runs` and an audit record, counts only).
 */
export function createRetention({ db, config, review, kyc, erasure, sweeps, log = () => {} }: RetentionDeps) {
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  /** Erases what is due at `now`; returns the counts. Safe to repeat: erased data is not found again. */
  async function run(now: string): Promise<RetentionSummary> {
    const summary: RetentionSummary = { closedAccountsErased: 0, rejectedApplicantsErased: 0, documents: 0, auditEntries: 0 };
    const add = (counts: Record<string, number>) => {
      summary.documents! += counts.documents ?? 0;
      summary.auditEntries! += counts.auditEntries ?? 0;
    };
    // Closed accounts whose retention period has ended: erased and anonymised.
    for (const request of await repo.findDueRetained(db, now)) {
      await db.transaction().execute(async (trx) => {
        if ((await repo.markErased(trx, request.id, now)) !== 1) return;
        add(await erasure.eraseUser(trx, request.user_id, SYSTEM, { anonymise: true }));
        summary.closedAccountsErased! += 1;
      });
    }
    // Applicants only ever rejected, the last decision older than the period: verification data erased, account kept.
    const candidates = await review.rejectedOnlyUsers(addMonths(now, -config.retention.rejectedMonths));
    const closed = await repo.closedUserIds(db, candidates);
    for (const userId of candidates.filter((u) => !closed.has(u))) {
      const records = await kyc.recordsOf(userId);
      if (records.personalInfo === null && records.applications.every((a) => a.submitted === null)) continue;
      await db.transaction().execute(async (trx) => add(await erasure.eraseUser(trx, userId, SYSTEM, { anonymise: false })));
      summary.rejectedApplicantsErased! += 1;
    }
    const others = sweeps?.();
    if (others && config.capture) {
      // Biometric data (BIOMETRIC_RETENTION_DAYS): counted from the level's decision, so a challenge
      // of a level still under review is kept whatever its age (its reviewer needs the frames).
      const before = new Date(Date.parse(now) - config.capture.biometricRetentionDays * 86_400_000).toISOString();
      const awaitingDecision = async (userId: string, level: VerifiableLevel) => {
        try {
          return (await kyc.outcomeOf(userId, level)).status === 'PENDING';
        } catch {
          // No application of that level: nothing awaits a decision.
          return false;
        }
      };
      summary.biometricChallenges = await others.biometric(before, awaitingDecision);
      summary.handoffLinks = await others.handoffLinks();
    }
    return summary;
  }

  /**
   * One scheduled turn: runs the job when this server gets the lease (held for the interval from
   * `now`), records the run and returns its summary; null when another server has the lease.
   */
  async function runIfDue(now: Date = new Date(), intervalMs = config.retention.jobIntervalMs): Promise<RetentionSummary | null> {
    const started = nowIso(now);
    if (!(await repo.acquireLease(db, JOB, holder, started, nowIso(new Date(now.getTime() + Math.max(intervalMs, 1)))))) return null;
    const summary = await run(started);
    const id = randomUUID();
    await db.transaction().execute(async (trx) => {
      await repo.insertRun(trx, { id, holder, started_at: started, finished_at: nowIso(), summary: JSON.stringify(summary) });
      await recordAudit(trx, SYSTEM, { action: 'retention.run', entityType: 'retention_run', entityId: id, after: summary });
    });
    log('retention run', summary);
    return summary;
  }

  let timer: NodeJS.Timeout | null = null;
  return {
    run,
    runIfDue,
    holder,
    /** Starts the in-process scheduler (no-op when RETENTION_JOB_INTERVAL_MINUTES is 0). */
    start(): void {
      if (timer || config.retention.jobIntervalMs <= 0) return;
      timer = setInterval(() => {
        runIfDue().catch((err: unknown) => log('retention run failed', { err }));
      }, Math.min(TICK_MS, config.retention.jobIntervalMs));
      // The job never keeps the process alive on its own.
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
