import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { RISK_LIST_INVALID, RISK_LIST_STALE_MONTHS, type RiskListDocument } from '../../../shared/api/risk-lists.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { ValidationFailed } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './risk-lists.repo.ts';
import { countriesOf, oldestPublication, parseRiskListFile, RiskListFileError } from './list-file.ts';

/** The list file shipped with the product (decision 041): loaded as version 1 when a database has none. */
export const SHIPPED_RISK_LIST = new URL('./shipped/fatf-2026-06.json', import.meta.url);
const SHIPPED_NAME = 'fatf-2026-06.json';

/** Verified users re-assessed per batch (each in its own transaction, through the EDD service). */
const REASSESS_BATCH = 100;

/** What re-assessment needs from other modules (late-bound in services.ts). */
export interface RiskListPorts {
  /** Verified users (level 1 reached) living in or nationals of one of `countries`, after `after` in id order. */
  verifiedUsersIn(countries: readonly string[], after: string, limit: number): Promise<string[]>;
  /** Puts the user into EDD when a rule fires now (the EDD service's own assessment); true when it did. */
  assess(userId: string, detail: string, actor: Actor): Promise<boolean>;
}

export interface CurrentRiskLists {
  version: number;
  document: RiskListDocument;
  countries: readonly string[];
}

/** `date` (YYYY-MM-DD) plus whole calendar months. */
function plusMonths(date: string, months: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** Older than RISK_LIST_STALE_MONTHS after its publication on `today`. */
export const isStale = (publishedOn: string, today: string): boolean => plusMonths(publishedOn, RISK_LIST_STALE_MONTHS) < today;

const toCurrent = (row: repo.RiskListRow): CurrentRiskLists => {
  const document = JSON.parse(row.document) as RiskListDocument;
  return { version: row.version, document, countries: countriesOf(document) };
};

/**
 * Country risk lists as data (issue 30, decision 041): versioned files with their sources and
 * dates, loaded by an administrator (console or command line), validated, stored and audited in one
 * transaction. The EDD country rules read the version in use; a new version re-assesses the verified
 * users of the listed countries (`reassess`), never silently.
 */
export function createRiskListsService({ db, ports }: { db: Db; ports: () => RiskListPorts }) {
  let running: Promise<unknown> | null = null;

  async function current(q: Db = db): Promise<CurrentRiskLists | null> {
    const row = await repo.findCurrent(q);
    return row ? toCurrent(row) : null;
  }

  /** `today` bounds the publication dates (an administrator's file); the shipped file is taken as it is. */
  async function load(input: string, fileName: string, actor: Actor, today = nowIso().slice(0, 10)): Promise<{ version: number; sha256: string }> {
    let document: RiskListDocument;
    try {
      document = parseRiskListFile(input, today);
    } catch (err) {
      if (err instanceof RiskListFileError) throw new ValidationFailed([{ path: 'file', code: RISK_LIST_INVALID, params: { kind: err.kind, at: err.at, value: err.value, problem: err.problem } }]);
      throw err;
    }
    const sha256 = createHash('sha256').update(input).digest('hex');
    return inTransaction(
      db,
      async (trx) => {
        const before = await repo.findCurrent(trx);
        const version = (before?.version ?? 0) + 1;
        await repo.insert(trx, {
          version,
          file_name: fileName,
          sha256,
          document: JSON.stringify(document),
          published_on: oldestPublication(document),
          loaded_by: actor.type === 'system' ? null : actor.id,
          loaded_at: nowIso(),
          reassessed_at: null,
          entered_edd: null,
        });
        const summary = (d: RiskListDocument) => d.lists.map((l) => ({ code: l.code, publishedOn: l.publishedOn, sourceUrl: l.sourceUrl, countries: l.countries }));
        await recordAudit(trx, actor, {
          action: 'risk_list.load',
          entityType: 'risk_list',
          entityId: String(version),
          before: before ? { version: before.version, lists: summary(JSON.parse(before.document) as RiskListDocument) } : null,
          after: { version, fileName, sha256, reflects: document.reflects, lists: summary(document) },
        });
        return { version, sha256 };
      },
      'risk lists were loaded at the same moment',
    );
  }

  /**
   * Re-assesses the verified users of the listed countries against the version in use: each through
   * the EDD service in its own transaction (who enters EDD gets a round and its audit), in batches,
   * so a run is bounded and a second run repeats nothing (a user already in EDD is left as is).
   * Users whose country left the lists keep their EDD: a round open or decided is a reviewer's matter.
   */
  async function reassess(actor: Actor): Promise<{ version: number; checked: number; enteredEdd: number } | null> {
    const lists = await current();
    if (!lists) return null;
    let after = '';
    let checked = 0;
    let enteredEdd = 0;
    for (;;) {
      const batch = await ports().verifiedUsersIn(lists.countries, after, REASSESS_BATCH);
      for (const userId of batch) {
        checked++;
        if (await ports().assess(userId, `risk-list:v${lists.version}`, actor)) enteredEdd++;
      }
      if (batch.length < REASSESS_BATCH) break;
      after = batch.at(-1)!;
    }
    const at = nowIso();
    await inTransaction(db, async (trx) => {
      await repo.markReassessed(trx, lists.version, at, enteredEdd);
      await recordAudit(trx, actor, { action: 'risk_list.reassess', entityType: 'risk_list', entityId: String(lists.version), after: { version: lists.version, checked, enteredEdd } });
    });
    return { version: lists.version, checked, enteredEdd };
  }

  return {
    current,
    load,
    reassess,

    /** The version in use with what the console shows; `reassessing` is this server's run. */
    async info(): Promise<{ row: repo.RiskListRow | null; lists: CurrentRiskLists | null; stale: boolean; reassessing: boolean }> {
      const row = (await repo.findCurrent(db)) ?? null;
      return { row, lists: row ? toCurrent(row) : null, stale: row ? isStale(row.published_on, nowIso().slice(0, 10)) : false, reassessing: running !== null };
    },

    /** Runs `reassess` in the background on this server (after a console load); false when one runs already. */
    reassessInBackground(actor: Actor, onError: (err: unknown) => void): boolean {
      if (running) return false;
      running = reassess(actor)
        .catch(onError)
        .finally(() => {
          running = null;
        });
      return true;
    },

    /** Waits for this server's background run, if any (tests, shutdown). */
    settled: async (): Promise<void> => {
      await running;
    },

    /**
     * A database without any version gets the shipped file as version 1 (the system loads it,
     * audited): EDD's country rules always have lists. Re-assessment is left to an administrator
     * (the console shows the version as not re-assessed), so nothing changes for users unasked.
     */
    async ensureLoaded(): Promise<void> {
      if (await repo.findCurrent(db)) return;
      try {
        // No date bound: a server whose clock is behind the shipped lists' date (a test's fixed clock) still starts.
        const { version } = await load(readFileSync(SHIPPED_RISK_LIST, 'utf8'), SHIPPED_NAME, { type: 'system', id: null }, '9999-12-31');
        // A new database has nobody to re-assess: the version is complete as it is.
        const lists = (await current())!;
        if ((await ports().verifiedUsersIn(lists.countries, '', 1)).length === 0) await repo.markReassessed(db, version, nowIso(), 0);
      } catch (err) {
        // Another server loaded it at the same moment: theirs is the version in use.
        if (!(await repo.findCurrent(db))) throw err;
      }
    },
  };
}

export type RiskListsService = ReturnType<typeof createRiskListsService>;
