import { z } from './zod.ts';
import { EMAIL_MAX_LENGTH } from './credential-rules.ts';
import type { FieldIssue } from './envelope.ts';
import { EMAIL_PATTERN, hasInvisibleCharacters, isValidMobile, NAMESPACED_MESSAGE, ValidationMessage } from './validation-rules.ts';

export {
  EMAIL_PATTERN,
  hasInvisibleCharacters,
  isValidEmail,
  isValidMobile,
  NAMESPACED_MESSAGE,
  validationMessageKey,
  ValidationMessage,
} from './validation-rules.ts';


/**
 * The check of every free-text field: no invisible or control characters (hasInvisibleCharacters).
 * Put it right after `.trim()` (surrounding spaces and line breaks are trimmed, not refused) and
 * before a field's own pattern, so that the more helpful message wins. It stops the field's other
 * checks: a pattern that fails too would only repeat the problem less clearly.
 */
export const visibleText = z.refine<string>((v) => !hasInvisibleCharacters(v), { error: ValidationMessage.INVISIBLE_CHARACTERS, abort: true });

/** visibleText for multi-line text boxes (a message, a note): line breaks and tabs are allowed. */
export const visibleMultilineText = z.refine<string>((v) => !hasInvisibleCharacters(v, { multiline: true }), {
  error: ValidationMessage.INVISIBLE_CHARACTERS,
  abort: true,
});

/** A required, trimmed, lower-cased e-mail address. */
export const emailField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .check(visibleText)
  .min(1, { error: ValidationMessage.REQUIRED })
  .max(EMAIL_MAX_LENGTH, { error: ValidationMessage.MAX_LENGTH })
  .refine((v) => EMAIL_PATTERN.test(v), { error: ValidationMessage.INVALID_EMAIL })
  .transform((v) => v.toLowerCase());

/** An optional mobile number (§5 rule). */
export const mobileField = z
  .string({ error: ValidationMessage.TYPE })
  .trim()
  .refine(isValidMobile, { error: ValidationMessage.INVALID_MOBILE });

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
