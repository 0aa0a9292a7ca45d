import { z } from '../zod.ts';
import { AGREEMENT_PRODUCTS, VIP_BUS_TYPES, type AgreementProduct, type VipBusType } from '../extras.ts';
import { agreementAcceptance } from './extras-agreements.ts';
import { custodyStateResult } from './extras-custody.ts';
import { affBinding } from './extras-member.ts';
import { kycLevelValue, timestampValue } from './kyc-fields.ts';
import { memberTagChangeView } from './member-tag-change.ts';

/** Console (reviewers): one member's account extras (decision 025). */
export const consoleMemberView = z.object({
  id: z.string(),
  email: z.string(),
  level: kycLevelValue,
  residenceCountry: z.string(),
  member_tag: z.record(z.string(), z.string()),
  /** Tag changes that lower a duty and await their second look (decision 036), newest first. */
  tagChanges: z.array(memberTagChangeView),
  custody: custodyStateResult,
  vip: z.array(z.object({ bus_type: z.enum(VIP_BUS_TYPES as [VipBusType, ...VipBusType[]]), tier: z.string(), invitedAt: timestampValue })),
  affiliate: affBinding.nullable(),
  agreements: z.array(z.object({ product: z.enum(AGREEMENT_PRODUCTS as [AgreementProduct, ...AgreementProduct[]]), currentVersion: z.number().int().nullable(), accepted: agreementAcceptance.nullable() })),
});
export type ConsoleMemberView = z.output<typeof consoleMemberView>;

/** Console lookup by e-mail: the member's id. */
export const memberLookupResult = z.object({ id: z.string() });
