import { randomUUID } from 'node:crypto';
import { announcementTranslations, type AnnouncementTranslations, type AnnouncementView, type KycAnnouncement, type SubmitKycAnnouncementResult } from '../../../shared/api/extras-announcements.ts';
import { AnnouncementAudience } from '../../../shared/extras.ts';
import { KycLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './announcements.repo.ts';

/** The audiences a member of this level belongs to. */
const audiencesOf = (level: KycLevel): AnnouncementAudience[] => [AnnouncementAudience.ALL, level >= KycLevel.LEVEL_1 ? AnnouncementAudience.VERIFIED : AnnouncementAudience.UNVERIFIED];

/** The stored translations (migration 040), re-checked on the way out: a bad row shows the text as written. */
function translationsOf(stored: string | null): AnnouncementTranslations {
  if (!stored) return {};
  try {
    const parsed = announcementTranslations.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

const notAvailable = () => new BusinessError(RetCode.ANNOUNCEMENT_NOT_AVAILABLE, 'announcement not available');

/** KYC announcements (§7 submit-kyc-announcement; decision 025): administrators publish, members acknowledge once. */
export function createAnnouncements({ db }: { db: Db }) {
  function acknowledgeOnce(userId: string, id: string, level: KycLevel, actor: Actor): Promise<SubmitKycAnnouncementResult> {
    return inTransaction(db, async (t) => {
      const n = await repo.findAnnouncement(t, id);
      if (!n || n.withdrawn_at !== null || !audiencesOf(level).includes(n.audience as AnnouncementAudience)) throw notAvailable();
      const existing = await repo.findAck(t, id, userId);
      if (existing) return { announcementId: id, acknowledgedAt: existing.acknowledged_at };
      const at = nowIso();
      await repo.insertAck(t, { announcement_id: id, user_id: userId, acknowledged_at: at, ip: actor.ip ?? null });
      await recordAudit(t, actor, { action: 'announcement.acknowledge', entityType: 'user', entityId: userId, after: { announcementId: id, acknowledgedAt: at } });
      return { announcementId: id, acknowledgedAt: at };
    });
  }

  async function pending(userId: string, level: KycLevel, q: Db = db): Promise<KycAnnouncement[]> {
    return (await repo.findPending(q, userId, audiencesOf(level))).map((n) => ({ id: n.id, title: n.title, body: n.body, publishedAt: n.published_at, translations: translationsOf(n.translations) }));
  }

  return {
    pending,

    /**
     * Records the member's acknowledgement (with time and IP; audited). ANNOUNCEMENT_NOT_AVAILABLE
     * for an unknown, withdrawn or other audience's announcement; acknowledging twice answers the first.
     */
    async acknowledge(userId: string, id: string, level: KycLevel, actor: Actor): Promise<SubmitKycAnnouncementResult> {
      try {
        return await acknowledgeOnce(userId, id, level, actor);
      } catch (err) {
        // Two clicks at once: the one that lost the race answers what the winner stored.
        const existing = err instanceof BusinessError && err.retCode === RetCode.WRONG_STATE ? await repo.findAck(db, id, userId) : undefined;
        if (!existing) throw err;
        return { announcementId: id, acknowledgedAt: existing.acknowledged_at };
      }
    },

    /** Publishes an announcement, with its title and body in other languages when given (decision 053). */
    async publish(input: { title: string; body: string; audience: AnnouncementAudience; translations?: AnnouncementTranslations | undefined }, actor: Actor): Promise<AnnouncementView> {
      return inTransaction(db, async (t) => {
        const translations = input.translations ?? {};
        const stored = Object.keys(translations).length > 0 ? JSON.stringify(translations) : null;
        const row = { id: randomUUID(), title: input.title, body: input.body, audience: input.audience, published_at: nowIso(), published_by: actor.id, withdrawn_at: null, translations: stored };
        await repo.insertAnnouncement(t, row);
        await recordAudit(t, actor, { action: 'announcement.publish', entityType: 'announcement', entityId: row.id, after: { title: row.title, body: row.body, audience: row.audience, translations } });
        return { id: row.id, title: row.title, body: row.body, audience: row.audience, publishedAt: row.published_at, withdrawnAt: null, acknowledgements: 0, translations };
      });
    },

    /** Withdraws a live announcement (members stop seeing it); NOT_FOUND when unknown or already withdrawn. */
    async withdraw(id: string, actor: Actor): Promise<void> {
      await inTransaction(db, async (t) => {
        const at = nowIso();
        if ((await repo.withdraw(t, id, at)) === 0) throw notFound();
        await recordAudit(t, actor, { action: 'announcement.withdraw', entityType: 'announcement', entityId: id, after: { withdrawnAt: at } });
      });
    },

    async all(): Promise<AnnouncementView[]> {
      return (await repo.findAll(db)).map((n) => ({ id: n.id, title: n.title, body: n.body, audience: n.audience as AnnouncementAudience, publishedAt: n.published_at, withdrawnAt: n.withdrawn_at, acknowledgements: Number(n.acks), translations: translationsOf(n.translations) }));
    },
  };
}
