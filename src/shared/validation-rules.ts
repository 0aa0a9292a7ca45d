/**
 * The §5 rules and message keys without any schema library, so the web app's first page can use them
 * without downloading zod (decision 002). Zod schemas built on them live in validation.ts.
 */

/** §5: the usual local-part@domain shape (one @, no spaces, a dot in the domain). */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
/** §5: 7 to 12 digits. */
const MOBILE_PATTERN = /^\d{7,12}$/;

/** §5: empty is allowed here (requiredness is a separate rule); otherwise trimmed must match. */
export function isValidEmail(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || EMAIL_PATTERN.test(trimmed);
}

/** §5: empty is allowed; otherwise trimmed must be 7 to 12 digits. */
export function isValidMobile(value: string): boolean {
  const trimmed = value.trim();
  return trimmed === '' || MOBILE_PATTERN.test(trimmed);
}

/**
 * Translation keys (under `validation.` in the user-accounts namespace) for the messages of §5.
 * Zod schemas use these keys as their custom messages so browser and server report the same thing.
 */
export const ValidationMessage = {
  REQUIRED: 'required',
  MIN_LENGTH: 'min_length',
  MAX_LENGTH: 'max_length',
  TYPE: 'type',
  RANGE: 'range',
  INVALID_EMAIL: 'invalid_email',
  INVALID_MOBILE: 'invalid_mobile',
} as const;
export type ValidationMessage = (typeof ValidationMessage)[keyof typeof ValidationMessage];

/**
 * A feature's own validation message: a namespaced key `<part>.<key>` of the user-accounts namespace
 * (e.g. `kyc-rules.too_young`), used as is, where ValidationMessage codes are read under `validation.`.
 */
export const NAMESPACED_MESSAGE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9_]*$/;

/** The user-accounts translation key of a validation code: namespaced keys as is, §5 codes under `validation.`. */
export function validationMessageKey(code: string): string {
  return NAMESPACED_MESSAGE.test(code) ? code : `validation.${code}`;
}
