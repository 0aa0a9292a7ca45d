import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { FEED_KEY_PATTERN, type FeedKeyView } from '../../../shared/api/webhooks.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './events.repo.ts';

/**
 * Keys of the exchange-wide events feed (issue 29, decision 056). An administrator issues one for a
 * system of the exchange that cannot receive webhooks; it is `efk_<id>_<secret>`, shown once. Unlike
 * a webhook or partner secret (which sign, so must be readable: sealed), a bearer key only has to be
 * recognised: its 32 random bytes are stored as a SHA-256, compared in constant time.
 */

const hashOf = (secret: string) => createHash('sha256').update(secret, 'utf8').digest('hex');
const viewOf = (r: repo.FeedKeyRow): FeedKeyView => ({ id: r.id, name: r.name, createdAt: r.created_at, createdBy: r.created_by, revokedAt: r.revoked_at, lastUsedAt: r.last_used_at });
const refused = () => new BusinessError(RetCode.EVENTS_FEED_KEY_INVALID, 'events feed key invalid');
/** How often a key's last use is written (the feed may be polled every second). */
const TOUCH_EVERY_MS = 60_000;

export function createFeedKeys(db: Db) {
  return {
    /** A new key; the reply's `secret` is the whole key, never stored. Audited (the name and id, never the key). */
    async issue(name: string, actor: Actor): Promise<{ key: FeedKeyView; secret: string }> {
      const id = randomBytes(8).toString('hex');
      const secret = randomBytes(32).toString('base64url');
      const at = nowIso();
      const row = { id, name, key_hash: hashOf(secret), created_by: actor.id, created_at: at, revoked_at: null, revoked_by: null, last_used_at: null };
      await inTransaction(db, async (trx) => {
        await repo.insertFeedKey(trx, row);
        await recordAudit(trx, actor, { action: 'events_feed_key.issue', entityType: 'events_feed_key', entityId: id, after: { name } });
      });
      return { key: viewOf(row), secret: `efk_${id}_${secret}` };
    },

    async list(): Promise<FeedKeyView[]> {
      return (await repo.listFeedKeys(db)).map(viewOf);
    },

    /** Revokes a key: the feed refuses it from the next call. Audited; revoking a revoked key is refused (wrong state). */
    async revoke(id: string, actor: Actor): Promise<FeedKeyView> {
      return inTransaction(db, async (trx) => {
        const before = await repo.findFeedKey(trx, id);
        if (!before) throw notFound();
        const at = nowIso();
        if (!(await repo.revokeFeedKey(trx, id, at, actor.id))) throw wrongState('already revoked');
        await recordAudit(trx, actor, { action: 'events_feed_key.revoke', entityType: 'events_feed_key', entityId: id, before: { revokedAt: null }, after: { revokedAt: at } });
        return viewOf({ ...before, revoked_at: at, revoked_by: actor.id });
      });
    },

    /**
     * The key of an `Authorization: Bearer …` header, or refused (39009): unknown, malformed, revoked
     * or a wrong secret all answer alike. The hashes are compared in constant time.
     */
    async authenticate(authorization: string | undefined): Promise<{ id: string }> {
      const match = FEED_KEY_PATTERN.exec(/^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '');
      if (!match) throw refused();
      const row = await repo.findFeedKey(db, match[1]!);
      const given = Buffer.from(hashOf(match[2]!), 'hex');
      // An unknown id is compared against a hash of nothing: the same work as a known one.
      const stored = Buffer.from(row?.key_hash ?? hashOf(''), 'hex');
      if (!row || !timingSafeEqual(given, stored) || row.revoked_at !== null) throw refused();
      const now = Date.now();
      await repo.touchFeedKey(db, row.id, nowIso(new Date(now)), nowIso(new Date(now - TOUCH_EVERY_MS)));
      return { id: row.id };
    },
  };
}

export type FeedKeys = ReturnType<typeof createFeedKeys>;
