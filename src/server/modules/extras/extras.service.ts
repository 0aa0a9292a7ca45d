import type { KycQuota } from '../../../shared/api/quotas.ts';
import { AgreementProduct, BannerTag, tagChangeLowersDuty, type AgreementProduct as Product, type BannerTag as Banner, type MemberTagName, type SecondIdentityState, type VipBusType } from '../../../shared/extras.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import type { CustodyInfoValue } from '../../../shared/api/extras-custody.ts';
import type { ConsoleMemberView } from '../../../shared/api/extras-console.ts';
import { CustodyType, KycLevel } from '../../../shared/kyc.ts';
import type { Db } from '../../db/index.ts';
import { BusinessError, notFound } from '../../errors.ts';
import type { Actor } from '../audit/audit.service.ts';
import { createAgreements } from './agreements.ts';
import { createAnnouncements } from './announcements.ts';
import { createCustody, type MemberFacts } from './custody.ts';
import { createMember, tagAllowed, type ExtrasAccountsPort } from './member.ts';
import { createTagChanges, type TagChangeDeps } from './tag-changes.ts';
import { extrasPersonalData } from './personal-data.ts';

export { tagAllowed } from './member.ts';
export type { ExtrasAccountsPort } from './member.ts';

/** What extras need from the kyc module (late-bound in services.ts). */
export interface ExtrasKycPort {
  levelOf(userId: string): Promise<KycLevel>;
  residenceOf(userId: string): Promise<string>;
}

/** Whether the user passed the Satos onboarding's appropriateness test, read in `q` (the questionnaires module, decision 052). */
export interface ExtrasAppropriatenessPort {
  passed(q: Db, userId: string): Promise<boolean>;
  /** The same answer from the questionnaire statuses a caller has just read (kyc-info): no read. */
  passedIn(statuses: Readonly<Record<string, string>>): boolean;
}

/** The §3 kyc-info fields the extras own, as the kyc-info builder merges them. */
export interface KycInfoExtras {
  custody: CustodyType;
  custodyInfo: CustodyInfoValue | null;
  newSatosGray: boolean;
  second_identity_state: SecondIdentityState | null;
  kybQuota: KycQuota | null;
  bannerTags: Banner[];
  displayControl: {
    displayHkgPoaAgreement: boolean;
    isDisplayP2pRights: boolean;
    isDisplayNewSatos: boolean;
    isDisplayNewRcOnboarding: boolean;
    isDisplaySatosToEu: boolean;
  };
}

/**
 * Account extras (issue 13, decision 025): agreements, custody and the Satos-to-EU move, member tags,
 * VIP and affiliate pop-ups, KYC announcements, and their part of kyc-info.
 */
export function createExtrasService({
  db,
  accounts,
  kyc,
  review,
  roleOf,
  appropriateness,
  kybQuotas = async () => [],
}: {
  db: Db;
  accounts: ExtrasAccountsPort & { userIdByEmail(email: string): Promise<string | undefined>; usersByIds(ids: readonly string[]): Promise<Map<string, { id: string; email: string; role: string }>> };
  kyc: ExtrasKycPort;
  /** Four-eyes for tag changes that lower a duty (decision 036). */
  review: TagChangeDeps['review'];
  roleOf: TagChangeDeps['roleOf'];
  /** The Satos offer waits for the appropriateness test (decision 052). */
  appropriateness: ExtrasAppropriatenessPort;
  /** Business members' quotas on a site, level by level, read in `q` (the limits module, decision 040). */
  kybQuotas?: (q: Db, site: string) => Promise<KycQuota[]>;
}) {
  const agreements = createAgreements({ db });
  const custody = createCustody({ db, agreements });
  const member = createMember({ db, accounts });
  const tagChanges = createTagChanges({ db, accounts, review, roleOf });
  const announcements = createAnnouncements({ db });

  /** Console actions are on exchange members only (never on console staff): NOT_FOUND otherwise. */
  async function assertMember(userId: string) {
    const user = (await accounts.usersByIds([userId])).get(userId);
    if (!user || user.role !== 'user') throw notFound();
    return user;
  }

  /** Level, residence and tags of a member, read before any write's transaction. */
  async function factsOf(userId: string): Promise<MemberFacts> {
    const [level, residenceCountry, tags, appropriatenessPassed] = await Promise.all([kyc.levelOf(userId), kyc.residenceOf(userId), accounts.memberTags(userId), appropriateness.passed(db, userId)]);
    return { level, residenceCountry, tags, appropriatenessPassed };
  }

  return {
    /** What the module holds about a user, for the data export and erasure (decision 031). */
    personalData: extrasPersonalData,
    agreements,
    custody,
    member,
    tagChanges,
    announcements,
    factsOf,

    /**
     * The extras' part of kyc-info (§3), read in `q` from the facts the builder already has. Every
     * value comes from stored state: custody rows, member tags, agreement acceptances, announcements.
     */
    async forKycInfo(q: Db, userId: string, at: { level: KycLevel; residenceCountry: string; site: string; tags?: Readonly<Record<string, string>>; questionnaireStatuses?: Readonly<Record<string, string>> }): Promise<KycInfoExtras> {
      const tags = at.tags ?? (await accounts.memberTags(userId, q));
      const m: MemberFacts = { level: at.level, residenceCountry: at.residenceCountry, tags, appropriatenessPassed: at.questionnaireStatuses ? appropriateness.passedIn(at.questionnaireStatuses) : await appropriateness.passed(q, userId) };
      const row = await custody.findRow(userId, q);
      const agreementState = await agreements.dueOf(userId, [AgreementProduct.HKG_POA, AgreementProduct.OPTION, AgreementProduct.SATOS_EU], q);
      const needs = (p: Product) => agreementState.find((a) => a.product === p)?.needsAcceptance === true;
      const pendingAnnouncements = await announcements.pending(userId, at.level, q);
      const displayControl = {
        // The HK proof-of-address agreement comes with the proof-of-address step: HKG site, level 1 reached.
        displayHkgPoaAgreement: at.site === 'HKG' && at.level >= KycLevel.LEVEL_1 && needs(AgreementProduct.HKG_POA),
        isDisplayP2pRights: at.level >= KycLevel.LEVEL_1 && tags.P2P_RIGHTS_SEEN !== '1',
        isDisplayNewSatos: custody.canJoinNewSatos(row, m),
        isDisplayNewRcOnboarding: tags.NEW_RC_ONBOARDING === '1',
        isDisplaySatosToEu: custody.canMoveToEu(row),
      };
      const bannerTags: Banner[] = [];
      if (displayControl.isDisplaySatosToEu) bannerTags.push(BannerTag.SATOS_TO_EU);
      // A new version of an agreement the member accepted before (a first acceptance is asked where the product is used).
      if (agreementState.some((a) => a.accepted && a.needsAcceptance)) bannerTags.push(BannerTag.AGREEMENT_UPDATE);
      if (pendingAnnouncements.length > 0) bannerTags.push(BannerTag.KYC_ANNOUNCEMENT);
      if (displayControl.isDisplayP2pRights) bannerTags.push(BannerTag.P2P_RIGHTS);
      if (custody.awaitsAppropriateness(row, m)) bannerTags.push(BannerTag.SATOS_APPROPRIATENESS);
      // Business members' limits are data (decision 040): the limits module's `kyb:` entries for the site.
      const kyb = tags.KYB === '1' ? (await kybQuotas(q, at.site)).find((k) => k.level === at.level) : undefined;
      return {
        custody: custody.custodyOf(row),
        custodyInfo: custody.infoOf(row),
        newSatosGray: custody.newSatosGray(m),
        second_identity_state: custody.secondIdentityState(row),
        kybQuota: kyb ?? null,
        bannerTags,
        displayControl,
      };
    },

    assertMember,

    /** Console: a member's extras at a glance (reviewers). */
    async memberView(userId: string): Promise<ConsoleMemberView> {
      const user = await assertMember(userId);
      const m = await factsOf(userId);
      const binding = await member.binding(userId);
      return {
        id: userId,
        email: user.email,
        level: m.level,
        residenceCountry: m.residenceCountry,
        member_tag: m.tags,
        tagChanges: await tagChanges.pendingOf(userId),
        custody: await custody.state(userId, m),
        vip: (await member.invitations(userId)).map((i) => ({ bus_type: i.bus_type as VipBusType, tier: i.tier, invitedAt: i.invited_at })),
        affiliate: binding ? { affCode: binding.aff_code, affiliateName: binding.name, boundAt: binding.bound_at } : null,
        agreements: (await agreements.query(userId)).map((a) => ({ product: a.product, currentVersion: a.current?.version ?? null, accepted: a.accepted })),
      };
    },

    async findMember(email: string): Promise<string> {
      // Staff accounts are not members: the same NOT_FOUND as an unknown address.
      const id = await accounts.userIdByEmail(email);
      if (!id) throw notFound();
      await assertMember(id);
      return id;
    },

    /**
     * A reviewer's tag change: any known tag, with a reason (audited). One that lowers what the member
     * must prove or lifts a limit (KYC '1', KYB '1') is only proposed, by a senior reviewer, and takes
     * effect when a second one confirms it (decision 036): `proposed` says which happened.
     */
    async setTagByReviewer(userId: string, tagName: MemberTagName, value: string, reason: string, actor: Actor): Promise<{ proposed: boolean }> {
      if (!tagAllowed(tagName, value, 'reviewer')) throw new BusinessError(RetCode.MEMBER_TAG_NOT_ALLOWED, 'member tag not allowed', { tagName });
      const current = (await accounts.memberTags(userId))[tagName];
      if (tagChangeLowersDuty(tagName, value, current)) {
        await tagChanges.propose(userId, tagName, value, reason, actor);
        return { proposed: true };
      }
      await member.setTag(userId, tagName, value, 'reviewer', actor, reason);
      return { proposed: false };
    },
  };
}

export type ExtrasService = ReturnType<typeof createExtrasService>;
