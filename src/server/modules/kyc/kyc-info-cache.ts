import type { KycInfo, KycInfoFlags } from '../../../shared/api/kyc-info.ts';
import type { ChangeStamps } from '../../db/change-stamps.ts';
import type { Db } from '../../db/index.ts';
import { createStampedCache } from '../../db/stamped-cache.ts';

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

/** How many replies one server keeps (least recently read dropped first): a few KB each. */
export const KYC_INFO_CACHE_ENTRIES = 5_000;

const flagsKey = (flags: KycInfoFlags) =>
  Object.entries(flags)
    .filter(([, on]) => on)
    .map(([name]) => name)
    .sort()
    .join(',');

export function createKycInfoCache(db: Db, capacity = KYC_INFO_CACHE_ENTRIES) {
  const cache = createStampedCache<KycInfo>(db, capacity);
  return {
    /**
     * The user's kyc-info for `site` and `flags`: the kept reply while nothing it depends on changed,
     * else `build()`'s. `stamps`: the user's change stamps when the request already read them (with
     * its session); read here otherwise.
     */
    read: (userId: string, site: string, flags: KycInfoFlags, build: () => Promise<KycInfo>, stamps?: ChangeStamps): Promise<KycInfo> =>
      cache.read(`${userId}\n${site}\n${flagsKey(flags)}`, userId, build, stamps),
    /** For tests and diagnostics: replies kept and refused so far, and how many are held. */
    stats: cache.stats,
  };
}

export type KycInfoCache = ReturnType<typeof createKycInfoCache>;
