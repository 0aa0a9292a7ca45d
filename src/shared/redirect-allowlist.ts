/**
 * §2 jump-back: the SDK flow may send the user to `extraParams.redirect_url`, but only to an origin
 * the operator allowed (config REDIRECT_ALLOWLIST). Everything else is refused, so the account area
 * can never be turned into an open redirect.
 */

/** `https://Partner.Example:443/x` -> `https://partner.example`; null for anything that is not an http(s) origin. */
export function normalizeOrigin(entry: string): string | null {
  try {
    const url = new URL(entry.trim());
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (url.username || url.password) return null;
    return url.origin;
  } catch {
    return null;
  }
}

/**
 * The absolute URL to go to when `candidate` is an http(s) URL whose origin (scheme, host and port)
 * is exactly one of `allowlist`; otherwise null. Refuses credentials in the URL, control characters,
 * backslashes and anything longer than 2048 characters, because browsers and servers disagree about
 * how to read those.
 */
export function allowlistedUrl(candidate: unknown, allowlist: readonly string[]): string | null {
  if (typeof candidate !== 'string' || candidate.length === 0 || candidate.length > 2048) return null;
  if (/[\u0000-\u0020\u007f\\]/.test(candidate)) return null;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password) return null;
  const allowed = new Set(allowlist.map(normalizeOrigin).filter((o): o is string => o !== null));
  return allowed.has(url.origin) ? url.href : null;
}
