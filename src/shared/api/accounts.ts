import { z } from '../zod.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../credential-rules.ts';
import { UserRole } from '../user-role.ts';
import { emailField, ValidationMessage } from '../validation.ts';

// The limits live with the schema-free rules the login page checks (decision 033).
export { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../credential-rules.ts';

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
 * owner learns which by e-mail): it never signs in. A new account logs in only after its address is
 * confirmed through the link mailed to it (POST /v1/user/confirm-email). Beyond the length, the
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

/** Longest confirmation token accepted (ours are 43 characters of base64url). */
export const CONFIRMATION_TOKEN_MAX_LENGTH = 128;

/**
 * POST /v1/user/confirm-email: the token from the mailed link `/login?confirm=<token>`. Confirms the
 * address and signs in (the reply is a session, like login); an unknown, expired or used token gets
 * EMAIL_CONFIRMATION_INVALID.
 */
export const confirmEmailRequest = z.object({
  token: z
    .string({ error: ValidationMessage.REQUIRED })
    .min(1, { error: ValidationMessage.REQUIRED })
    .max(CONFIRMATION_TOKEN_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH }),
});
export type ConfirmEmailRequest = z.input<typeof confirmEmailRequest>;

/**
 * POST /v1/user/password/forgot (issue 27, decision 046): mails a single-use reset link to the
 * address if it has an account. The reply is `{}` either way, so it never tells which addresses exist.
 */
export const forgotPasswordRequest = z.object({ email: emailField });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequest>;

/**
 * POST /v1/user/password/reset: the token from the mailed link `/login?reset=<token>` and the new
 * password (the sign-up rules, then the server's strength estimate). Sets the password, ends every
 * session of the account and uses up every link; it does not sign in. An unknown, expired or used
 * token gets PASSWORD_RESET_INVALID.
 */
export const resetPasswordRequest = z.object({
  token: confirmEmailRequest.shape.token,
  password: registerRequest.shape.password,
});
export type ResetPasswordRequest = z.input<typeof resetPasswordRequest>;

// Schema-free, for the login page (decision 033).
export { UserRole } from '../user-role.ts';

/** The role as replies carry it. */
export const userRoleValue = z.enum(UserRole);

/** Result of login and of e-mail confirmation (registration answers an empty result: decision 013). */
export const sessionResult = z.object({
  id: z.string(),
  role: userRoleValue,
});
export type SessionResult = z.output<typeof sessionResult>;
