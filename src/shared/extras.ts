import { KycLevel } from './kyc.ts';

/**
 * Account extras (issue 13, docs/decisions/025): names defined once, shared by server and web.
 * Where the spec names a value (custody types, displayControl flags, call fields) its words are used;
 * the rest are ours and the decision record says why.
 */

/** Agreement products: the §7 option product agreement, the HK proof-of-address agreement, the EU entity's terms. */
export const AgreementProduct = {
  OPTION: 'OPTION',
  HKG_POA: 'HKG_POA',
  SATOS_EU: 'SATOS_EU',
} as const;
export type AgreementProduct = (typeof AgreementProduct)[keyof typeof AgreementProduct];
export const AGREEMENT_PRODUCTS = Object.values(AgreementProduct);

/** Where a custody arrangement's assets are held (§3 custodyInfo.entity). */
export const CustodyEntity = {
  SATOS_CZ: 'SATOS_CZ',
  BYBIT_EU: 'BYBIT_EU',
  BYBIT_GLOBAL: 'BYBIT_GLOBAL',
} as const;
export type CustodyEntity = (typeof CustodyEntity)[keyof typeof CustodyEntity];

/** The move of Satos custody to the EU entity (§3 isDisplaySatosToEu). */
export const EuMigration = { NONE: 'NONE', OFFERED: 'OFFERED', COMPLETED: 'COMPLETED' } as const;
export type EuMigration = (typeof EuMigration)[keyof typeof EuMigration];

/** §3 second_identity_state (the identity held by the second, EU entity): the §4 transfer statuses. */
export const SecondIdentityState = {
  /** An identity transfer is started but not confirmed by both sides yet (decision 029). */
  KYC_TRANSFER_VERIFY_STATUS_UNDEFINED: 'KYC_TRANSFER_VERIFY_STATUS_UNDEFINED',
  KYC_TRANSFER_VERIFY_STATUS_PENDING: 'KYC_TRANSFER_VERIFY_STATUS_PENDING',
  KYC_TRANSFER_VERIFY_STATUS_COMPLETE: 'KYC_TRANSFER_VERIFY_STATUS_COMPLETE',
} as const;
export type SecondIdentityState = (typeof SecondIdentityState)[keyof typeof SecondIdentityState];

/** §7 kycpopupinfo bus_type: VIP programmes and the KYC level each asks for. */
export const VipBusType = { VIP: 'vip', PRO: 'pro' } as const;
export type VipBusType = (typeof VipBusType)[keyof typeof VipBusType];
export const VIP_BUS_TYPES = Object.values(VipBusType);
export const VIP_REQUIRED_LEVEL: Record<VipBusType, KycLevel> = { vip: KycLevel.LEVEL_1, pro: KycLevel.LEVEL_2 };
export const VIP_TIERS = ['VIP1', 'VIP2', 'VIP3', 'PRO1', 'PRO2'] as const;
export type VipTier = (typeof VIP_TIERS)[number];

/** §7 GET /fiat/public/channel/pop-up?type=: the pop-ups the fiat channel knows. */
export const FiatPopUpType = { SATOS_DEPOSIT_VERIFY: 'satos_deposit_verify' } as const;
export type FiatPopUpType = (typeof FiatPopUpType)[keyof typeof FiatPopUpType];

/** Who may set a member tag: the member through tagmember (acknowledgements), or only reviewers. */
export const TagSetter = { MEMBER: 'member', REVIEWER: 'reviewer' } as const;
export type TagSetter = (typeof TagSetter)[keyof typeof TagSetter];

/**
 * The member tags this product knows (§3 member_tag, §7 tagmember with tagName and value). An empty
 * value removes the tag. KYC '1' is §4's "no steps" rule, so only reviewers set it. `lowers`: the value
 * that lowers what the member must prove or lifts a limit; setting it takes two senior reviewers
 * (decision 036).
 */
export const MEMBER_TAGS = {
  /** '1': exempt from every KYC step. */
  KYC: { setter: TagSetter.REVIEWER, values: ['0', '1'], lowers: '1' },
  /** A business member: kyc-info carries kybQuota ('1': the business limits, above a person's once verified). */
  KYB: { setter: TagSetter.REVIEWER, values: ['0', '1'], lowers: '1' },
  /** In the grey release of the new Satos onboarding (§3 newSatosGray). */
  NEW_SATOS_GRAY: { setter: TagSetter.REVIEWER, values: ['0', '1'] },
  /** Enrolled in the new regulated-country onboarding (§3 isDisplayNewRcOnboarding). */
  NEW_RC_ONBOARDING: { setter: TagSetter.REVIEWER, values: ['0', '1'] },
  /** Acknowledgements a member sets: each closes its pop-up or notice for good. */
  P2P_RIGHTS_SEEN: { setter: TagSetter.MEMBER, values: ['1'] },
  SATOS_DEPOSIT_VERIFY_SEEN: { setter: TagSetter.MEMBER, values: ['1'] },
  AFFILIATE_POPUP_SEEN: { setter: TagSetter.MEMBER, values: ['1'] },
  VIP_KYC_POPUP_SEEN_VIP: { setter: TagSetter.MEMBER, values: ['1'] },
  VIP_KYC_POPUP_SEEN_PRO: { setter: TagSetter.MEMBER, values: ['1'] },
} as const satisfies Record<string, { setter: TagSetter; values: readonly string[]; lowers?: string }>;
export type MemberTagName = keyof typeof MEMBER_TAGS;

/** Does setting `tagName` to `value` (from `current`) lower a verification duty or lift a limit? Then it takes four eyes (decision 036). */
export function tagChangeLowersDuty(tagName: MemberTagName, value: string, current: string | undefined): boolean {
  const def = MEMBER_TAGS[tagName] as { lowers?: string };
  return def.lowers !== undefined && value === def.lowers && current !== value;
}
export const MEMBER_TAG_NAMES = Object.keys(MEMBER_TAGS) as MemberTagName[];
export const isMemberTagName = (name: string): name is MemberTagName => Object.hasOwn(MEMBER_TAGS, name);

/** The tag a member sets to close the VIP pop-up of a programme. */
export const vipSeenTag = (busType: VipBusType): MemberTagName => (busType === VipBusType.VIP ? 'VIP_KYC_POPUP_SEEN_VIP' : 'VIP_KYC_POPUP_SEEN_PRO');

/** §3 bannerTags: banners the overview shows, most urgent first. */
export const BannerTag = {
  SATOS_TO_EU: 'SATOS_TO_EU',
  AGREEMENT_UPDATE: 'AGREEMENT_UPDATE',
  KYC_ANNOUNCEMENT: 'KYC_ANNOUNCEMENT',
  P2P_RIGHTS: 'P2P_RIGHTS',
  /** The Satos custody would be offered, but the appropriateness test (standardQuest) is not passed yet (decision 052). */
  SATOS_APPROPRIATENESS: 'SATOS_APPROPRIATENESS',
} as const;
export type BannerTag = (typeof BannerTag)[keyof typeof BannerTag];

/** Who an announcement is for, by KYC level. */
export const AnnouncementAudience = { ALL: 'ALL', UNVERIFIED: 'UNVERIFIED', VERIFIED: 'VERIFIED' } as const;
export type AnnouncementAudience = (typeof AnnouncementAudience)[keyof typeof AnnouncementAudience];

/** The affiliate pop-up is offered this many days after sign-up (a referral is told at sign-up or soon after). */
export const AFFILIATE_POPUP_DAYS = 30;

/** Residence countries of the European Economic Area: the EU entity serves them (new Satos onboarding). */
export const EEA_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'HR', 'CY', 'CZ', 'DK', 'EE', 'FI', 'FR', 'DE', 'GR', 'HU', 'IE', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PL', 'PT', 'RO', 'SK', 'SI', 'ES', 'SE', 'IS', 'LI', 'NO',
];
