import { EMAIL_PATTERN, hasInvisibleCharacters, ValidationMessage } from './validation-rules.ts';

/**
 * The sign-in and sign-up fields' rules without a schema library, so the login page can check them
 * without downloading zod (decision 033: zod was 36 KB brotli of that page). The server's schemas
 * (api/accounts.ts loginRequest, registerRequest; validation.ts emailField) are built on the same
 * limits, and credential-rules.test.ts holds both to the same first message for every field.
 */
export const EMAIL_MAX_LENGTH = 254;
export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 128;

export type CredentialsMode = 'login' | 'register';
export type Credentials = { email: string; password: string };
export type CredentialErrors = Partial<Record<keyof Credentials, ValidationMessage>>;

/** The e-mail field's first problem, in the schema's order (trimmed; invisible characters first), or null. */
export function emailProblem(value: string): ValidationMessage | null {
  const email = value.trim();
  if (hasInvisibleCharacters(email)) return ValidationMessage.INVISIBLE_CHARACTERS;
  if (email.length < 1) return ValidationMessage.REQUIRED;
  if (email.length > EMAIL_MAX_LENGTH) return ValidationMessage.MAX_LENGTH;
  if (!EMAIL_PATTERN.test(email)) return ValidationMessage.INVALID_EMAIL;
  return null;
}

/** The password's first problem, or null. Signing in checks any non-empty password (rules may have changed since sign-up). */
export function passwordProblem(value: string, mode: CredentialsMode): ValidationMessage | null {
  if (value.length < 1) return ValidationMessage.REQUIRED;
  if (mode === 'register' && value.length < PASSWORD_MIN_LENGTH) return ValidationMessage.MIN_LENGTH;
  if (value.length > PASSWORD_MAX_LENGTH) return ValidationMessage.MAX_LENGTH;
  return null;
}

/** Both fields: what the server's schema would accept (the address trimmed and lower-cased), or each field's first problem. */
export function checkCredentials(values: Credentials, mode: CredentialsMode): { values: Credentials; errors?: undefined } | { values?: undefined; errors: CredentialErrors } {
  const errors: CredentialErrors = {};
  const email = emailProblem(values.email);
  const password = passwordProblem(values.password, mode);
  if (email) errors.email = email;
  if (password) errors.password = password;
  if (email || password) return { errors };
  return { values: { email: values.email.trim().toLowerCase(), password: values.password } };
}
