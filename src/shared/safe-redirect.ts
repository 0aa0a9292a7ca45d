/**
 * The login page's redirect_url, accepted only when it is a path on this site. Anything that a
 * browser could resolve to another origin (`//host`, `/\host`, schemes, control characters) is
 * refused and the default is used instead.
 */
export function safeRedirectPath(candidate: string | null | undefined, fallback: string, origin = 'https://site.invalid'): string {
  if (!candidate || candidate.length > 2048) return fallback;
  // Browsers strip tabs/newlines and treat backslashes as slashes: judge the string they would use.
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return fallback;
  let url: URL;
  try {
    url = new URL(candidate, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  // Parsing collapses dot segments ("/.//evil.example" becomes "//evil.example"): what we return is
  // judged again, since a browser would read a leading "//" as another host.
  if (url.pathname.startsWith('//')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
