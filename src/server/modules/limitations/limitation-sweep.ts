import { createPollingRunner } from '../../after-commit.ts';
import type { Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { deadlinePart, type LimitationPart } from '../../../shared/restrictions.ts';
import * as repo from './limitations.repo.ts';
import { differs, sweepWriteIn, type Parts } from './limitations.store.ts';

/** A page of user ids after `after` (id order): the owners' answers to "whose limitation may have changed". */
type Candidates = (after: string, limit: number) => Promise<string[]>;

export interface LimitationSweepDeps {
  db: Db;
  /** The same calls kyc-info reads the limitation's parts with (its ports), and each owner's candidates. */
  restrictions: { forKycInfo(q: Db, userId: string): Promise<LimitationPart>; restrictedUsers: Candidates };
  reverification: { displayFor(userId: string, at: { site: 'MAIN' }): Promise<{ limitation: string; limitationInfo: { reasons: string[] } }>; usersWithOverdueRequests: Candidates };
  complianceTasks: { forKycInfo(userId: string): Promise<{ limitation: string; reasons: string[] }>; usersWithOverdueTasks: Candidates; noticeOverdue(pageSize?: number): Promise<number> };
  /** Prunes old outbox events behind every reader (the events module's prune.ts), at the end of each pass. */
  pruneEvents?: () => Promise<number>;
  /** How often every server runs a pass (0: only when called: tests). */
  intervalMs: number;
  pageSize?: number;
  onError(err: unknown): void;
}

/**
 * The limitation sweep (issue 29, decision 061). A deadline passing changes no row, so kyc-info's
 * limitation (computed when read) changes without an event; every server runs this pass, which
 * (1) has the compliance module publish tasks newly overdue and (2) recomputes the limitation of the
 * users whose limitation may have changed — an overdue re-verification or task, a restriction, or a
 * limitation published before — and publishes it where it differs. Writes are compare-and-set, so
 * parallel passes (other servers) publish each change once. Bounded: candidates are read in pages.
 */
export function createLimitationSweep(deps: LimitationSweepDeps) {
  const { db } = deps;
  const pageSize = deps.pageSize ?? 200;

  /** Recomputes one user's limitation; true when this call published a change. */
  async function refresh(userId: string): Promise<boolean> {
    // The row first: whoever writes it after this read makes this pass's compare-and-set lose.
    const row = await repo.find(db, userId);
    const restricted = await deps.restrictions.forKycInfo(db, userId);
    const reverify = await deps.reverification.displayFor(userId, { site: 'MAIN' });
    const tasks = await deps.complianceTasks.forKycInfo(userId);
    const deadlines = deadlinePart(reverify, tasks);
    const parts: Parts = { restricted: { limitation: restricted.limitation, reasons: restricted.reasons }, deadlines: { limitation: deadlines.limitation, reasons: deadlines.reasons } };
    if (!differs(row, parts)) return false;
    return inTransaction(db, (trx) => sweepWriteIn(trx, userId, row, parts));
  }

  async function eachCandidate(source: Candidates, seen: Set<string>): Promise<number> {
    let published = 0;
    for (let after = ''; ; ) {
      const page = await source(after, pageSize);
      for (const userId of page) {
        if (seen.has(userId)) continue;
        seen.add(userId);
        if (await refresh(userId)) published += 1;
      }
      if (page.length < pageSize) return published;
      after = page[page.length - 1]!;
    }
  }

  /** One pass: returns how many events it published (overdue tasks and limitation changes). */
  async function runDue(): Promise<number> {
    let published = await deps.complianceTasks.noticeOverdue(pageSize);
    const seen = new Set<string>();
    for (const source of [deps.complianceTasks.usersWithOverdueTasks, deps.reverification.usersWithOverdueRequests, deps.restrictions.restrictedUsers, (after: string, limit: number) => repo.findLimitedUsers(db, after, limit)]) {
      published += await eachCandidate(source, seen);
    }
    await deps.pruneEvents?.();
    return published;
  }

  const runner = createPollingRunner({ runDue, intervalMs: deps.intervalMs, onError: deps.onError });
  return { runDue, refresh, start: () => runner.start(), stop: () => runner.stop() };
}

export type LimitationSweep = ReturnType<typeof createLimitationSweep>;
