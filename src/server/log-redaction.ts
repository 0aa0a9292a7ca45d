import { HANDOFF_PAGE } from '../shared/capture-rules.ts';

/**
 * The one rule that keeps one-time secrets and credentials out of the server's log (issue 26,
 * docs/decisions/036). It runs on every line pino writes (`hooks.streamWrite` in app.ts), after
 * serialization: the request line, error messages and stacks, anything a module logs. A secret is
 * recognised by the name it travels under (a query parameter or a JSON field) or by its own shape.
 */

/**
 * Query parameters and JSON fields whose value is a secret, wherever they appear:
 * - `confirm`: the e-mailed sign-up link `/login?confirm=` (it signs the new account in for 24 h);
 * - `reset`: the e-mailed password-reset link `/login?reset=` (it sets the account's password);
 * - `token`: the same link's token posted to confirm-email, a handoff link's token posted to open it,
 *   the SDK page's `?token=sat_…`, the Jumio and AAI callback URLs' `?token=` (a webhook credential);
 * - `nonce`: AAI's callback nonce (with its token, it replays the callback);
 * - `accessToken`, `access_token`, `kycToken`, `sdkToken`, `authorizationToken`: access tokens (ours,
 *   partners' SDK tokens, vendors');
 * - `otp`: the e-mailed one-time code of a step (§8 30101); `password`, `newPassword`: passwords;
 * - `secret`, `webhookSecret`, `sig`, `signature`: partner and webhook secrets and signatures.
 */
export const SECRET_NAMES = [
  'confirm',
  'reset',
  'token',
  'nonce',
  'accessToken',
  'access_token',
  'kycToken',
  'sdkToken',
  'authorizationToken',
  'otp',
  'password',
  'newPassword',
  'secret',
  'webhookSecret',
  'sig',
  'signature',
] as const;

/**
 * Request and reply headers that carry credentials, redacted wherever a header object is logged
 * (a library may log one: @fastify/multipart does at trace level): sessions and the phone's handoff
 * cookie, SDK access tokens, partner signatures.
 */
export const SECRET_HEADERS = ['cookie', 'set-cookie', 'authorization', 'proxy-authorization', 'kyc-access-token', 'x-partner-sig'] as const;

/**
 * `code` is also the field of an identity transfer's e-mailed code, but many log fields are codes
 * (error codes, SQLSTATE, zod's): in JSON only a six-digit value (the codes' shape) is a secret; in a
 * URL any value is (an OAuth-style `?code=` is a credential too).
 */
const CODE_NAME = 'code';

/** Prefixes of our own long-lived secrets: partner access tokens (`sat_`) and partner secrets (`psk_`). */
const SECRET_PREFIXES = ['sat', 'psk'] as const;

export const REDACTED = '[redacted]';

const names = [...SECRET_NAMES, CODE_NAME].join('|');
/** `?name=value` / `&name=value` in any URL or form-encoded text. */
const QUERY = new RegExp(`([?&](?:${names})=)[^&#\\s"'\\\\]*`, 'gi');
const JSON_STRING = '"(?:[^"\\\\]|\\\\.)*"';
/** `"name": "value"` (or a list of values) in JSON: a log line, or a body quoted in an error message. */
const FIELD = new RegExp(`("(?:${[...SECRET_NAMES, ...SECRET_HEADERS].join('|')})"\\s*:\\s*)(?:${JSON_STRING}|\\[\\s*(?:${JSON_STRING}\\s*,?\\s*)*\\])`, 'gi');
const OTP_FIELD = new RegExp(`("${CODE_NAME}"\\s*:\\s*)"\\d{6}"`, 'g');
/** The handoff link's token travels in the fragment of the phone's page (decision 023). */
const HANDOFF_FRAGMENT = new RegExp(`(${HANDOFF_PAGE.replace(/[/]/g, '\\/')}#)[^\\s"'\\\\]*`, 'g');
const PREFIXED = new RegExp(`\\b(${SECRET_PREFIXES.join('|')})_[A-Za-z0-9_-]{8,}`, 'g');

/** The text with every secret the rule knows replaced by `[redacted]`; everything else unchanged. */
export function redactLog(text: string): string {
  return text
    .replace(QUERY, `$1${REDACTED}`)
    .replace(FIELD, `$1"${REDACTED}"`)
    .replace(OTP_FIELD, `$1"${REDACTED}"`)
    .replace(HANDOFF_FRAGMENT, `$1${REDACTED}`)
    .replace(PREFIXED, `$1_${REDACTED}`);
}
