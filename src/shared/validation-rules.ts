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
 * Characters a reader cannot see, or that change how the text around them reads, in text a person
 * typed: controls (Cc: U+0000–001F, U+007F–009F), format characters (Cf: bidirectional embeddings,
 * overrides and isolates U+202A–202E and U+2066–2069, zero-width space/joiners and direction marks
 * U+200B–200F, U+2060–2064, the byte-order mark U+FEFF, soft hyphen, tag characters…), line and
 * paragraph separators (U+2028/2029), surrogates and private-use characters, and letters that
 * render as nothing (the Hangul fillers, the combining grapheme joiner). A right-to-left override
 * makes "gpj.exe" read "exe.jpg"; a zero-width space makes two names look equal that are not.
 * Zero-width (non-)joiners are refused too: they only change how letters join, never which letters
 * a name has, and a name or address is recognisable without them.
 */
const INVISIBLE_OR_CONTROL = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0]/u;
/** The same, less line breaks and tabs: what a multi-line text box (a message, a note) may hold. */
const INVISIBLE_OR_CONTROL_MULTILINE = /(?![\t\n\r])[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Zl}\p{Zp}\u034F\u115F\u1160\u3164\uFFA0]/u;

/**
 * Whether free text holds invisible or control characters (see above). The rule of every free-text
 * field: names, addresses, document numbers, e-mail addresses, the console's messages and notes.
 */
export function hasInvisibleCharacters(value: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? INVISIBLE_OR_CONTROL_MULTILINE : INVISIBLE_OR_CONTROL).test(value);
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
  /** Free text with invisible or control characters (hasInvisibleCharacters). */
  INVISIBLE_CHARACTERS: 'invisible_characters',
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

/**
 * Why a new password is refused beyond its length (the server's strength estimate, decision 013):
 * namespaced keys of part `password` in the user-accounts namespace, each a sentence that says what
 * to do instead.
 */
export const PasswordMessage = {
  /** Among the common or breached passwords, or close to one. */
  COMMON: 'password.common',
  /** A common word or name on its own. */
  COMMON_WORDS: 'password.common_words',
  /** Built from the e-mail address (or other things about the person). */
  PERSONAL: 'password.personal',
  /** Repeated characters or blocks ("aaaa", "abcabc"). */
  REPEATED: 'password.repeated',
  /** Sequences ("abcd", "1234") and keyboard rows ("qwerty"). */
  PATTERN: 'password.pattern',
  /** Dates and years. */
  DATES: 'password.dates',
  /** Easy to guess for no single reason. */
  TOO_GUESSABLE: 'password.too_guessable',
} as const;
export type PasswordMessage = (typeof PasswordMessage)[keyof typeof PasswordMessage];
