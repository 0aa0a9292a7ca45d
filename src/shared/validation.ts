import { z } from 'zod';
import type { FieldIssue } from './envelope.ts';

/** §5: the usual local-part@domain shape (one @, no spaces, a dot in the domain). */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
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

/** A required, trimmed, lower-cased e-mail address. */
export const emailField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(254, { error: ValidationMessage.MAX_LENGTH })
  .refine((v) => EMAIL_PATTERN.test(v), { error: ValidationMessage.INVALID_EMAIL })
  .transform((v) => v.toLowerCase());

/** An optional mobile number (§5 rule). */
export const mobileField = z
  .string({ error: ValidationMessage.TYPE })
  .trim()
  .refine(isValidMobile, { error: ValidationMessage.INVALID_MOBILE });

/**
 * A feature's own validation message: a namespaced key `<part>.<key>` of the user-accounts namespace
 * (e.g. `kyc-rules.too_young`), used as is, where ValidationMessage codes are read under `validation.`.
 */
export const NAMESPACED_MESSAGE = /^[a-z][a-z0-9-]*\.[a-z][a-z0-9_]*$/;

/** The user-accounts translation key of a validation code: namespaced keys as is, §5 codes under `validation.`. */
export function validationMessageKey(code: string): string {
  return NAMESPACED_MESSAGE.test(code) ? code : `validation.${code}`;
}

/**
 * Turns zod issues into the wire form of ret_code 10001 (`result.fields`). Messages that are one of
 * our keys (ValidationMessage, or a namespaced feature key) pass through with their parameters;
 * zod's own codes map to the generic messages of §5.
 */
export function toFieldIssues(error: z.ZodError): FieldIssue[] {
  const known = new Set<string>(Object.values(ValidationMessage));
  return error.issues.map((issue) => {
    const path = issue.path.map(String).join('.');
    if (known.has(issue.message) || NAMESPACED_MESSAGE.test(issue.message)) {
      const params = issueParams(issue);
      return params ? { path, code: issue.message, params } : { path, code: issue.message };
    }
    switch (issue.code) {
      case 'too_small':
        return issue.origin === 'string'
          ? { path, code: Number(issue.minimum) <= 1 ? ValidationMessage.REQUIRED : ValidationMessage.MIN_LENGTH, params: { min: Number(issue.minimum) } }
          : { path, code: ValidationMessage.RANGE, params: { min: Number(issue.minimum) } };
      case 'too_big':
        return issue.origin === 'string'
          ? { path, code: ValidationMessage.MAX_LENGTH, params: { max: Number(issue.maximum) } }
          : { path, code: ValidationMessage.RANGE, params: { max: Number(issue.maximum) } };
      case 'invalid_type': {
        // zod 4 carries `input` only when parsing with reportInput; otherwise its message says what was received.
        const missing = 'input' in issue ? issue.input === undefined : /received undefined$/.test(issue.message);
        return { path, code: missing ? ValidationMessage.REQUIRED : ValidationMessage.TYPE };
      }
      default:
        return { path, code: ValidationMessage.TYPE };
    }
  });
}

function issueParams(issue: z.core.$ZodIssue): Record<string, string | number> | undefined {
  if (issue.code === 'too_small') return { min: Number(issue.minimum) };
  if (issue.code === 'too_big') return { max: Number(issue.maximum) };
  // A refinement's own interpolation values (`refine(fn, { error, params: { min: 18 } })`).
  if (issue.code === 'custom' && issue.params) {
    const entries = Object.entries(issue.params).filter((e): e is [string, string | number] => typeof e[1] === 'string' || typeof e[1] === 'number');
    return entries.length ? Object.fromEntries(entries) : undefined;
  }
  return undefined;
}
