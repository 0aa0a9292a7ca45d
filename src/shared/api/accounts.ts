import { z } from 'zod';
import { emailField, ValidationMessage } from '../validation.ts';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

/** POST /v1/user/login. Any non-empty password is checked (rules may have changed since sign-up). */
export const loginRequest = z.object({
  email: emailField,
  password: z
    .string({ error: ValidationMessage.REQUIRED })
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(PASSWORD_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
});
export type LoginRequest = z.input<typeof loginRequest>;

/** POST /v1/user/register. */
export const registerRequest = z.object({
  email: emailField,
  password: z
    .string({ error: ValidationMessage.REQUIRED })
    .min(1, { error: ValidationMessage.REQUIRED })
    .min(PASSWORD_MIN_LENGTH, { error: ValidationMessage.MIN_LENGTH })
    .max(PASSWORD_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
});
export type RegisterRequest = z.input<typeof registerRequest>;

export const UserRole = {
  USER: 'user',
  REVIEWER: 'reviewer',
} as const;
export type UserRole = (typeof UserRole)[keyof typeof UserRole];

const userRoleValue = z.enum(UserRole);
const memberTags = z.record(z.string(), z.string());

/** Result of login and register. */
export const sessionResult = z.object({
  id: z.string(),
  role: userRoleValue,
});
export type SessionResult = z.output<typeof sessionResult>;

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
