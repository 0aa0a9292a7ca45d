import { z } from '../zod.ts';
import { MEMBER_TAG_NAMES, VIP_BUS_TYPES, VIP_TIERS, type MemberTagName, type VipBusType, type VipTier } from '../extras.ts';
import { ValidationMessage } from '../validation.ts';
import { kycLevelValue, timestampValue } from './kyc-fields.ts';

/** Member calls (§7 tagmember, kycpopupinfo, bind_aff_user_info; decision 025). */

const tagNameField = z.enum(MEMBER_TAG_NAMES as [MemberTagName, ...MemberTagName[]], { error: ValidationMessage.TYPE });
/** '' removes the tag. */
const tagValueField = z.string({ error: ValidationMessage.REQUIRED }).max(16, { error: ValidationMessage.MAX_LENGTH });

/** §7 POST /v3/private/user/member/tagmember with tagName and value: a member's own acknowledgement tags. */
export const tagMemberRequest = z.object({ tagName: tagNameField, value: tagValueField });
export type TagMemberRequest = z.input<typeof tagMemberRequest>;
export const memberTagsResult = z.object({ member_tag: z.record(z.string(), z.string()) });
export type MemberTagsResult = z.output<typeof memberTagsResult>;

/** §7 POST /v3/private/vip/kycpopupinfo with bus_type. */
export const vipKycPopupRequest = z.object({ bus_type: z.enum(VIP_BUS_TYPES as [VipBusType, ...VipBusType[]], { error: ValidationMessage.TYPE }) });
export type VipKycPopupRequest = z.input<typeof vipKycPopupRequest>;
export const vipKycPopupResult = z.object({
  bus_type: z.enum(VIP_BUS_TYPES as [VipBusType, ...VipBusType[]]),
  /** Invited, below the level the programme asks for, and not closed by the member. */
  show: z.boolean(),
  invited: z.boolean(),
  tier: z.enum(VIP_TIERS).nullable(),
  requiredLevel: kycLevelValue,
  level: kycLevelValue,
  /** The member tag that closes the pop-up (tagmember). */
  ackTag: z.string(),
});
export type VipKycPopupResult = z.output<typeof vipKycPopupResult>;

/** An affiliate's code: letters and digits, as partners hand them out. */
export const affCodeField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(32, { error: ValidationMessage.MAX_LENGTH })
  .transform((v) => v.toUpperCase())
  .refine((v) => /^[A-Z0-9_-]+$/.test(v), { error: ValidationMessage.TYPE });

/** §7 POST /affiliate/apis/v1/bind_aff_user_info: binds the caller to an affiliate, once. */
export const bindAffRequest = z.object({ affCode: affCodeField });
export type BindAffRequest = z.input<typeof bindAffRequest>;
export const affBinding = z.object({ affCode: z.string(), affiliateName: z.string(), boundAt: timestampValue });
export const affiliateInfoResult = z.object({
  binding: affBinding.nullable(),
  /** Offer the "were you referred?" pop-up: unbound, signed up recently, not closed. */
  showPopup: z.boolean(),
  ackTag: z.string(),
});
export type AffiliateInfoResult = z.output<typeof affiliateInfoResult>;
export const bindAffResult = affBinding;
export type BindAffResult = z.output<typeof bindAffResult>;

// Console.
export const memberIdParams = z.object({ id: z.uuid({ error: ValidationMessage.TYPE }) });
export const memberLookupQuery = z.object({ email: z.string({ error: ValidationMessage.REQUIRED }).trim().toLowerCase().min(3, { error: ValidationMessage.MIN_LENGTH }).max(254, { error: ValidationMessage.MAX_LENGTH }) });

/** Console: a reviewer sets any known tag (KYC '1' included), with why. */
export const consoleTagRequest = z.object({
  tagName: tagNameField,
  value: tagValueField,
  reason: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(500, { error: ValidationMessage.MAX_LENGTH }),
});
export type ConsoleTagRequest = z.input<typeof consoleTagRequest>;

/** Console: invite a member to a VIP programme (or withdraw the invitation: tier null). */
export const consoleVipRequest = z.object({
  bus_type: z.enum(VIP_BUS_TYPES as [VipBusType, ...VipBusType[]], { error: ValidationMessage.TYPE }),
  tier: z.enum(VIP_TIERS as unknown as [VipTier, ...VipTier[]], { error: ValidationMessage.TYPE }).nullable(),
});
export type ConsoleVipRequest = z.input<typeof consoleVipRequest>;

/** Console: affiliates (administrators add them). */
export const newAffiliateRequest = z.object({
  code: affCodeField,
  name: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(120, { error: ValidationMessage.MAX_LENGTH }),
});
export type NewAffiliateRequest = z.input<typeof newAffiliateRequest>;
export const affiliateView = z.object({ code: z.string(), name: z.string(), active: z.boolean(), createdAt: timestampValue, members: z.number().int() });
export const affiliatesResult = z.object({ items: z.array(affiliateView) });
export type AffiliatesResult = z.output<typeof affiliatesResult>;
