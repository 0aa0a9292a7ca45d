import { z } from 'zod';
// Imported first for zod's jitless setting (no `new Function` under our CSP), like every schema module.
import '../validation.ts';
import { userRoleValue } from './accounts.ts';

/**
 * The signed-in user as the account area reads it (§7 GET /v2/private/user/profile and
 * GET /user/private/member/info). Apart from accounts.ts so the login page, which needs only the
 * sign-in contracts, does not carry these schemas.
 */

/** §3 member tags (e.g. `KYC`), name -> value. */
const memberTags = z.record(z.string(), z.string());

/**
 * GET /v2/private/user/profile (§3 "User profile fields read"). `currency_code` may be empty: the
 * client replaces it with USD. `member_tag.KYC === '1'` means the member gets no KYC steps (§6).
 */
export const userProfileResult = z.object({
  id: z.string(),
  email: z.string(),
  role: userRoleValue,
  currency_code: z.string(),
  sub_attribute: z.string(),
  member_tag: memberTags,
  /** Highest KYC level reached: 0 (LEVEL_DEFAULT), 1 or 2. */
  level: z.number().int(),
  created_at: z.string(),
});
export type UserProfile = z.output<typeof userProfileResult>;

/** GET /user/private/member/info. */
export const memberInfoResult = z.object({
  id: z.string(),
  email: z.string(),
  level: z.number().int(),
  member_tag: memberTags,
  currency_code: z.string(),
  created_at: z.string(),
});
export type MemberInfo = z.output<typeof memberInfoResult>;
