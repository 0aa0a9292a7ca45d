import type { AffiliateInfoResult, BindAffResult, VipKycPopupResult } from '../../../shared/api/extras-member.ts';
import { AFFILIATE_POPUP_DAYS, MEMBER_TAGS, TagSetter, VIP_REQUIRED_LEVEL, vipSeenTag, type MemberTagName, type VipBusType, type VipTier } from '../../../shared/extras.ts';
import type { KycLevel } from '../../../shared/kyc.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './member.repo.ts';

/** What the member rules need from accounts (member tags live on the account: §3 member_tag). */
export interface ExtrasAccountsPort {
  memberTags(userId: string, q?: Db): Promise<Record<string, string>>;
  setMemberTag(trx: Db, userId: string, tagName: string, value: string, actor: Actor, reason?: string): Promise<Record<string, string>>;
  getProfile(userId: string): Promise<{ created_at: string }>;
}

const AFFILIATE_TAG: MemberTagName = 'AFFILIATE_POPUP_SEEN';

/** May `setter` give `tagName` this value? Reviewers set any known tag; members only their acknowledgements. */
export function tagAllowed(tagName: MemberTagName, value: string, setter: 'member' | 'reviewer'): boolean {
  const def = MEMBER_TAGS[tagName];
  if (setter === TagSetter.MEMBER && def.setter !== TagSetter.MEMBER) return false;
  return value === '' ? setter === TagSetter.REVIEWER : (def.values as readonly string[]).includes(value);
}

/** Member tags (§7 tagmember), VIP pop-ups (§7 kycpopupinfo) and affiliate binding (§7 bind_aff_user_info); decision 025. */
export function createMember({ db, accounts }: { db: Db; accounts: ExtrasAccountsPort }) {
  /** Sets a tag as `setter` allows (MEMBER_TAG_NOT_ALLOWED otherwise), in one audited transaction. */
  async function setTag(userId: string, tagName: MemberTagName, value: string, setter: 'member' | 'reviewer', actor: Actor, reason?: string): Promise<Record<string, string>> {
    if (!tagAllowed(tagName, value, setter)) throw new BusinessError(RetCode.MEMBER_TAG_NOT_ALLOWED, 'member tag not allowed', { tagName });
    return inTransaction(db, (t) => accounts.setMemberTag(t, userId, tagName, value, actor, reason));
  }

  async function vipPopup(userId: string, busType: VipBusType, level: KycLevel, tags: Record<string, string>): Promise<VipKycPopupResult> {
    const invitation = await repo.findInvitation(db, userId, busType);
    const requiredLevel = VIP_REQUIRED_LEVEL[busType];
    const ackTag = vipSeenTag(busType);
    return {
      bus_type: busType,
      show: invitation !== undefined && level < requiredLevel && tags[ackTag] !== '1',
      invited: invitation !== undefined,
      tier: (invitation?.tier as VipTier | undefined) ?? null,
      requiredLevel,
      level,
      ackTag,
    };
  }

  async function affiliateInfo(userId: string, tags: Record<string, string>, now = new Date()): Promise<AffiliateInfoResult> {
    const b = await repo.findBinding(db, userId);
    const { created_at } = await accounts.getProfile(userId);
    const recent = now.getTime() - Date.parse(created_at) < AFFILIATE_POPUP_DAYS * 86_400_000;
    return {
      binding: b ? { affCode: b.aff_code, affiliateName: b.name, boundAt: b.bound_at } : null,
      showPopup: !b && recent && tags[AFFILIATE_TAG] !== '1' && (await repo.anyActiveAffiliate(db)),
      ackTag: AFFILIATE_TAG,
    };
  }

  /**
   * Binds the caller to an active affiliate, once: AFFILIATE_CODE_UNKNOWN for a code no active
   * affiliate has, AFFILIATE_ALREADY_BOUND when bound (to any affiliate, the same one included; a
   * concurrent second bind loses on the primary key the same way). Audited with the IP.
   */
  async function bind(userId: string, affCode: string, actor: Actor): Promise<BindAffResult> {
    try {
      return await db.transaction().execute(async (t) => {
        const affiliate = await repo.findAffiliate(t, affCode);
        if (!affiliate || affiliate.active !== 1) throw new BusinessError(RetCode.AFFILIATE_CODE_UNKNOWN, 'affiliate code unknown');
        const existing = await repo.findBinding(t, userId);
        if (existing) throw new BusinessError(RetCode.AFFILIATE_ALREADY_BOUND, 'already bound', { affCode: existing.aff_code });
        const at = nowIso();
        await repo.insertBinding(t, { user_id: userId, aff_code: affCode, bound_at: at, ip: actor.ip ?? null });
        await recordAudit(t, actor, { action: 'affiliate.bind', entityType: 'user', entityId: userId, after: { affCode, boundAt: at } });
        return { affCode, affiliateName: affiliate.name, boundAt: at };
      });
    } catch (err) {
      if (!(err instanceof BusinessError) && /unique|duplicate/i.test(String((err as Error)?.message))) throw new BusinessError(RetCode.AFFILIATE_ALREADY_BOUND, 'already bound');
      throw err;
    }
  }

  return {
    setTag,
    vipPopup,
    affiliateInfo,
    bind,
    invitations: (userId: string) => repo.findInvitations(db, userId),
    binding: (userId: string) => repo.findBinding(db, userId),

    /** A reviewer invites a member to a programme (tier) or withdraws the invitation (null); audited. */
    async setVip(userId: string, busType: VipBusType, tier: VipTier | null, actor: Actor): Promise<void> {
      await inTransaction(db, async (t) => {
        const before = await repo.findInvitation(t, userId, busType);
        if (tier === null) await repo.deleteInvitation(t, userId, busType);
        else await repo.upsertInvitation(t, { user_id: userId, bus_type: busType, tier, invited_at: nowIso(), invited_by: actor.id });
        await recordAudit(t, actor, { action: 'vip.invitation.set', entityType: 'user', entityId: userId, before: { busType, tier: before?.tier ?? null }, after: { busType, tier } });
      });
    },

    /** An administrator adds an affiliate (AFFILIATE_CODE_TAKEN for an existing code); audited. */
    async addAffiliate(code: string, name: string, actor: Actor): Promise<void> {
      try {
        await db.transaction().execute(async (t) => {
          if (await repo.findAffiliate(t, code)) throw new BusinessError(RetCode.AFFILIATE_CODE_TAKEN, 'affiliate code taken');
          await repo.insertAffiliate(t, { code, name, active: 1, created_at: nowIso() });
          await recordAudit(t, actor, { action: 'affiliate.create', entityType: 'affiliate', entityId: code, after: { code, name } });
        });
      } catch (err) {
        if (!(err instanceof BusinessError) && /unique|duplicate/i.test(String((err as Error)?.message))) throw new BusinessError(RetCode.AFFILIATE_CODE_TAKEN, 'affiliate code taken');
        throw err;
      }
    },

    async affiliates() {
      return (await repo.findAffiliates(db)).map((a) => ({ code: a.code, name: a.name, active: a.active === 1, createdAt: a.created_at, members: Number(a.members) }));
    },
  };
}

export type Member = ReturnType<typeof createMember>;
