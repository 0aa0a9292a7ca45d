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

/**
 * POST /v1/user/register. The reply is `{}` whether the address was new or already registered (the
 * owner learns which by e-mail): it never signs in; the client logs in next. Beyond the length, the
 * server refuses guessable passwords (a `password.*` key on the field).
 */
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

/** Result of login. */
export interface SessionResult {
  id: string;
  role: UserRole;
}

/**
 * GET /v2/private/user/profile (§3 "User profile fields read"). `currency_code` may be empty: the
 * client replaces it with USD. `member_tag.KYC === '1'` means the member gets no KYC steps (§6).
 */
export interface UserProfile {
  id: string;
  email: string;
  role: UserRole;
  currency_code: string;
  sub_attribute: string;
  member_tag: Record<string, string>;
  /** Highest KYC level reached: 0 (LEVEL_DEFAULT), 1 or 2. */
  level: number;
  created_at: string;
}

/** GET /user/private/member/info. */
export interface MemberInfo {
  id: string;
  email: string;
  level: number;
  member_tag: Record<string, string>;
  currency_code: string;
  created_at: string;
}
