import type { KycInfo, KycInfoFlags } from '../../../shared/api/kyc-info.ts';
import { readChangeStamps, type ChangeStamps } from '../../db/change-stamps.ts';
import type { Db } from '../../db/index.ts';
import { tracked } from '../../db/read-tracking.ts';
import { immutableResult } from '../../immutable-result.ts';

/**
 * kyc-info's replies, kept per user and checked against the user's change stamp (decision 024,
 * eighth change). kyc-info is what every screen of the account area, the mobile app and a partner's
 * SDK read again and again, and it changes only when something it is built from does: its 17
 * statements ran on every read. Now a read runs at most one statement (the stamps, none when the
 * request read them with its session) and the reply is built
 * again only when:
 * - a row of a table it reads changed for this user, or a row every user's reply reads (agreement
 *   versions, announcements): the database's own triggers (migration 024) move the stamp in the
 *   writing transaction, whichever server wrote it;
 * - the day changed (deadlines, due dates and daily counts are days: the only time kyc-info reads);
 * - the site or the flags asked for differ (both are part of the key).
 * A reply is kept only when building it read nothing but those tables and wrote nothing (an
 * availability reconcile that wrote moves the stamp anyway); anything else (a table added to
 * kyc-info without a trigger, raw SQL) is served fresh every time, never stale. The stamps are read
 * before the reply is built, so a change committed meanwhile makes the next read build it again.
 */

/** Tables migration 024's triggers watch (kyc-info-cache.test.ts checks the database has them all). */
export const WATCHED_TABLES: ReadonlySet<string> = new Set([
  'users',
  'kyc_personal_info',
  'step_states',
  'kyc_applications',
  'vendor_sessions',
  'review_cases',
  'review_decisions',
  'questionnaire_requirements',
  'questionnaire_answers',
  'custody_accounts',
  'agreement_versions',
  'agreement_acceptances',
  'kyc_announcements',
  'kyc_announcement_acks',
  'identity_transfers',
  'account_sites',
  'reverification_requests',
  'reverification_submissions',
  'compliance_tasks',
  // Migration 030 (decision 040): the withdrawal limits kyc-info's quotas come from.
  'withdrawal_limit_versions',
  // Migration 039 (decision 052): the restrictions decisions put on an account.
  'account_restrictions',
]);

/** How many replies one server keeps (least recently read dropped first): a few KB each. */
export const KYC_INFO_CACHE_ENTRIES = 5_000;

interface Entry {
  version: string;
  info: KycInfo;
}

const flagsKey = (flags: KycInfoFlags) =>
  Object.entries(flags)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort()
    .join(',');

export function createKycInfoCache(db: Db, capacity = KYC_INFO_CACHE_ENTRIES) {
  // A Map iterates in insertion order: re-inserting on each hit makes its first key the least recently read.
  const entries = new Map<string, Entry>();
  let kept = 0;
  let refused = 0;

  return {
    /**
     * The user's kyc-info for `site` and `flags`: the kept reply while nothing it depends on changed,
     * else `build()`'s. `stamps`: the user's change stamps when the request already read them (with
     * its session); read here otherwise.
     */
    async read(userId: string, site: string, flags: KycInfoFlags, build: () => Promise<KycInfo>, stamps?: ChangeStamps): Promise<KycInfo> {
      const version = stamps ?? (await readChangeStamps(db, userId));
      const key = `${userId}\n${site}\n${flagsKey(flags)}`;
      const hit = entries.get(key);
      if (hit?.version === version) {
        entries.delete(key);
        entries.set(key, hit);
        return hit.info;
      }
      const { value, use } = await tracked(build);
      // Frozen: the same object is every later reader's reply (and its JSON is made once).
      const info = immutableResult(value);
      if (!use.wrote && !use.opaque && [...use.tables].every((t) => WATCHED_TABLES.has(t))) {
        entries.delete(key);
        entries.set(key, { version, info });
        if (entries.size > capacity) entries.delete(entries.keys().next().value!);
        kept++;
      } else {
        entries.delete(key);
        refused++;
      }
      return info;
    },
    /** For tests and diagnostics: replies kept and refused so far, and how many are held. */
    stats: () => ({ kept, refused, size: entries.size }),
  };
}

export type KycInfoCache = ReturnType<typeof createKycInfoCache>;
