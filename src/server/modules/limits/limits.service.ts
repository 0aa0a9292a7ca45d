import { createHash, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import {
  DEFAULT_SITE_KEY,
  FIAT_KEY,
  KYB_PREFIX,
  limitsDocument,
  LimitsSource,
  RatesSource,
  type ConsoleLimitsResult,
  type ConsoleRatesResult,
  type FiatRateResult,
  type LimitsDocument,
  type LimitsVersion,
} from '../../../shared/api/limits.ts';
import type { KycQuota } from '../../../shared/api/quotas.ts';
import { KycLevel } from '../../../shared/kyc.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { wrongState } from '../../errors.ts';
import type { LimitsConfig } from '../../limits-config.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { DEFAULT_LIMITS } from './default-limits.ts';
import * as repo from './limits.repo.ts';
import { fetchRates, RatesFeedError } from './rates-feed.ts';

export { DEFAULT_LIMITS } from './default-limits.ts';
/** The address rule of outgoing calls to configurable hosts (the readiness check uses it for YENTE_URL, decision 043). */
export { isPrivateAddress } from './rates-feed.ts';

const LIMITS_ENTITY = 'withdrawal_limits';
const RATES_ENTITY = 'fiat_rates';
const SYSTEM: Actor = { type: 'system', id: null };
/** How long one server answers from the rate set it read (rates change every few minutes at most). */
const RATES_READ_CACHE_MS = 30_000;
/** Rate sets are kept this long (the console's history, an audit of what a user was shown). */
const RATES_KEPT_MS = 30 * 24 * 3600_000;
const LEVELS = [KycLevel.LEVEL_DEFAULT, KycLevel.LEVEL_1, KycLevel.LEVEL_2] as const;

/** Whose limits: individuals', or business members' (member tag KYB '1'). */
export type LimitsKind = 'KYC' | 'KYB';

/** A stable text of a document (keys in the operator's order, which is the order coins are shown in). */
const canonical = (doc: LimitsDocument) => JSON.stringify(doc);
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The quotas of `site` for `kind`, level by level, from a limits document: the site's own entry for a
 * level, else the default's (a level is replaced whole, never merged coin by coin). A level's `USD`
 * entry is its fiat equivalent (`usdLimit`, '' when the operator gave none); the other entries are
 * coin limits in the operator's order. A level neither gives has no quota.
 */
export function quotasOf(doc: LimitsDocument, site: string, kind: LimitsKind): KycQuota[] {
  const prefix = kind === 'KYB' ? KYB_PREFIX : '';
  const own = doc[`${prefix}${site}`];
  const fallback = doc[`${prefix}${DEFAULT_SITE_KEY}`];
  const quotas: KycQuota[] = [];
  for (const level of LEVELS) {
    const entry = own?.[String(level) as '0' | '1' | '2'] ?? fallback?.[String(level) as '0' | '1' | '2'];
    if (!entry) continue;
    quotas.push({
      level,
      coinLimit: Object.entries(entry)
        .filter(([coin]) => coin !== FIAT_KEY)
        .map(([coin, limit]) => ({ coin, limit })),
      usdLimit: entry[FIAT_KEY] ?? '',
      period: 'DAILY',
    });
  }
  return quotas;
}

function versionOf(row: repo.LimitsVersionRow | undefined, emailOf: (id: string | null) => string | null): LimitsVersion {
  if (!row) return { version: 0, source: LimitsSource.DEFAULT, document: DEFAULT_LIMITS, note: '', createdAt: null, createdBy: null };
  return {
    version: Number(row.version),
    source: row.source as LimitsVersion['source'],
    document: limitsDocument.parse(JSON.parse(row.document)),
    note: row.note,
    createdAt: row.created_at,
    createdBy: emailOf(row.created_by),
  };
}

interface LimitsDeps {
  db: Db;
  config: LimitsConfig;
  /** E-mail addresses of console members, for the history (accounts' service). */
  emailsOf: (ids: string[]) => Promise<Map<string, string>>;
  log: { info(obj: object, msg: string): void; warn(obj: object, msg: string): void };
  fetch?: typeof fetch;
  now?: () => Date;
}

/**
 * Withdrawal limits and fiat rates as data an operator controls (issue 30, decision 040). Limits are
 * versions (LIMITS_FILE at start, an administrator in the console), every one audited; kyc-info reads
 * the version in force. Rates come from RATES_URL (read by every server on a timer, stored with their
 * own time when it is new) or an administrator; a user's amounts are converted only with a rate for
 * their currency that is not older than RATES_MAX_AGE_HOURS, and are otherwise shown in US dollars.
 */
export function createLimitsService({ db, config, emailsOf, log, fetch: fetchImpl, now = () => new Date() }: LimitsDeps) {
  /** The version in force, with its author's e-mail (outside a transaction: accounts read with their own connection). */
  async function current(): Promise<LimitsVersion> {
    const row = await repo.latestVersion(db);
    const emails = row?.created_by ? await emailsOf([row.created_by]) : new Map<string, string>();
    return versionOf(row, (id) => (id ? emails.get(id) ?? null : null));
  }

  /** The version in force read in `trx` (no author: another module's read must not wait for this transaction). */
  const currentIn = async (trx: Db): Promise<LimitsVersion> => versionOf(await repo.latestVersion(trx), () => null);

  /** Stores `doc` as the next version in one transaction with its audit entry. */
  async function storeVersion(trx: Db, doc: LimitsDocument, source: LimitsSource, note: string, actor: Actor, before: LimitsVersion): Promise<number> {
    const version = before.version + 1;
    const text = canonical(doc);
    await repo.insertVersion(trx, { version, source, document: text, sha256: sha256(text), note, created_by: actor.type === 'reviewer' ? actor.id : null, created_at: nowIso(now()) });
    await recordAudit(trx, actor, { action: 'limits.version.save', entityType: LIMITS_ENTITY, entityId: String(version), before: { version: before.version, document: before.document }, after: { version, source, note, document: doc } });
    return version;
  }

  // --- rates ---
  let ratesCache: { row: repo.RatesRow | undefined; readAt: number } | null = null;
  let lastFetch: { at: string; ok: boolean; error: string } | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  async function ratesRow(): Promise<repo.RatesRow | undefined> {
    const t = now().getTime();
    if (ratesCache && t - ratesCache.readAt < RATES_READ_CACHE_MS) return ratesCache.row;
    const row = await repo.latestRates(db);
    ratesCache = { row, readAt: t };
    return row;
  }

  const isStale = (row: repo.RatesRow) => now().getTime() - Date.parse(row.rates_time) > config.ratesMaxAgeMs;

  /** Stores a rate set unless the newest stored one has the same source time and rates (every server reads the feed). */
  async function storeRates(source: RatesSource, base: string, rates: Record<string, string>, time: string, actor: Actor): Promise<boolean> {
    const stored = await inTransaction(db, async (trx) => {
      const before = await repo.latestRates(trx);
      const text = JSON.stringify(rates);
      if (before && before.rates_time === time && before.rates === text && before.source === source) return false;
      const id = randomUUID();
      const at = nowIso(now());
      await repo.insertRates(trx, { id, source, base, rates: text, rates_time: time, stored_by: actor.type === 'reviewer' ? actor.id : null, stored_at: at });
      await repo.pruneRates(trx, nowIso(new Date(now().getTime() - RATES_KEPT_MS)), id);
      await recordAudit(trx, actor, {
        action: 'limits.rates.store',
        entityType: RATES_ENTITY,
        entityId: id,
        before: before ? { source: before.source, time: before.rates_time, rates: JSON.parse(before.rates) as unknown } : undefined,
        after: { source, time, base, rates },
      });
      return true;
    });
    ratesCache = null;
    return stored;
  }

  /** Reads RATES_URL once; a failure keeps the rates stored before (they age out by RATES_MAX_AGE_HOURS). */
  async function refreshRates(): Promise<{ ok: boolean; stored: boolean; error: string }> {
    if (!config.ratesUrl) return { ok: false, stored: false, error: 'RATES_URL is not set' };
    const at = nowIso(now());
    try {
      const feed = await fetchRates(config.ratesUrl, { timeoutMs: config.ratesTimeoutMs, allowPrivate: config.ratesAllowPrivate, ...(fetchImpl ? { fetch: fetchImpl } : {}) });
      const stored = await storeRates(RatesSource.URL, feed.base, feed.rates, new Date(feed.time).toISOString(), SYSTEM);
      lastFetch = { at, ok: true, error: '' };
      return { ok: true, stored, error: '' };
    } catch (err) {
      const error = err instanceof RatesFeedError ? err.message : 'rates could not be stored';
      lastFetch = { at, ok: false, error };
      log.warn({ err }, `rates: ${error}; the rates stored before stay in use until they are ${config.ratesMaxAgeMs / 3600_000} h old`);
      return { ok: false, stored: false, error };
    }
  }

  /** GET /v1/console/limits. */
  async function limitsView(): Promise<ConsoleLimitsResult> {
    const cur = await current();
    const history = await repo.versionHistory(db, 20);
    const emails = await emailsOf([...new Set(history.map((h) => h.created_by).filter((id): id is string => id !== null))]);
    return {
      current: cur,
      history: history.map((h) => ({ version: Number(h.version), source: h.source as LimitsSource, note: h.note, createdAt: h.created_at, createdBy: h.created_by ? emails.get(h.created_by) ?? null : null })),
      preview: quotasOf(cur.document, 'MAIN', 'KYC'),
    };
  }

  /** GET /v1/console/rates. */
  async function ratesView(): Promise<ConsoleRatesResult> {
    const row = await repo.latestRates(db);
    const by = row?.stored_by ? (await emailsOf([row.stored_by])).get(row.stored_by) ?? null : null;
    return {
      current: row
        ? { source: row.source as RatesSource, base: row.base, time: row.rates_time, rates: JSON.parse(row.rates) as Record<string, string>, storedAt: row.stored_at, storedBy: by, stale: isStale(row) }
        : null,
      feedHost: config.ratesUrl ? new URL(config.ratesUrl).host : null,
      lastFetch,
      maxAgeHours: config.ratesMaxAgeMs / 3600_000,
    };
  }

  return {
    current,
    quotasOf,

    /** kyc-info's quotas (or a business member's), read in `q` (kyc-info's cache watches the table). */
    async quotasFor(q: Db, site: string, kind: LimitsKind = 'KYC'): Promise<KycQuota[]> {
      const row = await repo.latestVersion(q);
      return quotasOf(row ? limitsDocument.parse(JSON.parse(row.document)) : DEFAULT_LIMITS, site, kind);
    },

    consoleView: limitsView,

    /**
     * PUT /v1/console/limits: an administrator's new version. `expectedVersion` must be the version in
     * force (WRONG_STATE otherwise: someone saved meanwhile, or LIMITS_FILE changed at a start).
     */
    async save(input: { document: LimitsDocument; note: string; expectedVersion: number }, actor: Actor): Promise<ConsoleLimitsResult> {
      await inTransaction(
        db,
        async (trx) => {
          const before = await currentIn(trx);
          if (before.version !== input.expectedVersion) throw wrongState('the limits changed since you opened them');
          await storeVersion(trx, input.document, LimitsSource.CONSOLE, input.note, actor, before);
        },
        'the limits changed since you opened them',
      );
      return limitsView();
    },

    /**
     * At start: LIMITS_FILE, when set, becomes a new version if its content differs from the version
     * it last made (an operator edited the file); unchanged, a console edit made since stays in force.
     * An unreadable or invalid file stops the start with the problem (never half-applied).
     */
    async seedFromFile(): Promise<number | null> {
      if (!config.file) return null;
      let parsed: unknown;
      try {
        parsed = JSON.parse(await readFile(config.file, 'utf8'));
      } catch (err) {
        throw new Error(`LIMITS_FILE ${config.file}: ${(err as Error).message}`, { cause: err });
      }
      const checked = limitsDocument.safeParse(parsed);
      if (!checked.success) throw new Error(`LIMITS_FILE ${config.file}: ${checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
      const text = canonical(checked.data);
      const hash = sha256(text);
      const lastFromFile = await repo.latestFileVersion(db);
      if (lastFromFile?.sha256 === hash) return null;
      try {
        return await inTransaction(db, async (trx) => {
          const again = await repo.latestFileVersion(trx);
          if (again?.sha256 === hash) return null;
          const version = await storeVersion(trx, checked.data, LimitsSource.FILE, `LIMITS_FILE ${config.file}`, SYSTEM, await currentIn(trx));
          log.info({ version }, `limits: LIMITS_FILE stored as version ${version}`);
          return version;
        });
      } catch (err) {
        // Two servers starting together: the other stored this very file.
        if ((await repo.latestFileVersion(db))?.sha256 === hash) return null;
        throw err;
      }
    },

    rates: {
      /** GET /v1/private/fiat-rate: the rate from USD to `currencyCode` (the profile's; '' -> USD). */
      async rateFor(currencyCode: string): Promise<FiatRateResult> {
        const requested = currencyCode.trim().toUpperCase() || FIAT_KEY;
        if (requested === FIAT_KEY) return { currency: FIAT_KEY, rate: '1', time: null, converted: true, requested };
        const row = await ratesRow();
        const rate = row && !isStale(row) ? (JSON.parse(row.rates) as Record<string, string>)[requested] : undefined;
        if (!row || rate === undefined) return { currency: FIAT_KEY, rate: '1', time: null, converted: false, requested };
        return { currency: requested, rate, time: row.rates_time, converted: true, requested };
      },

      consoleView: ratesView,

      /** PUT /v1/console/rates: an administrator's rates (with RATES_URL set, the next new feed replaces them). */
      async set(input: { time: string; rates: Record<string, string> }, actor: Actor): Promise<ConsoleRatesResult> {
        await storeRates(RatesSource.CONSOLE, FIAT_KEY, input.rates, new Date(input.time).toISOString(), actor);
        return ratesView();
      },

      refresh: refreshRates,

      /** Reads RATES_URL now and every RATES_REFRESH_MINUTES on this server (nothing without RATES_URL). */
      start(): void {
        if (!config.ratesUrl || timer) return;
        void refreshRates();
        timer = setInterval(() => void refreshRates(), config.ratesRefreshMs);
        timer.unref();
      },
      stop(): void {
        if (timer) clearInterval(timer);
        timer = null;
      },
    },
  };
}

export type LimitsService = ReturnType<typeof createLimitsService>;
