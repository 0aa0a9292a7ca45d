import { LOGIN_PAGE } from '../../../shared/api/paths.ts';
import { RetCode } from '../../../shared/ret-codes.ts';
import { isApiError } from '../http/api-error.ts';
import { requestContext } from '../http/context.ts';

/**
 * §4: an unauthenticated session (10007) goes to /login with redirect_url holding the current
 * address, so signing in brings the person back where they were. Used by every shell that loads
 * a session first (the /auth shell, the compliance console).
 */
export function redirectToLogin(): void {
  // Once per page: several reads fail with 10007 at the same moment (the session guard, the screen's
  // own read); a second replace() while the first navigation is under way restarts it.
  if (leaving) return;
  leaving = true;
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  window.location.replace(`${LOGIN_PAGE}?redirect_url=${encodeURIComponent(here)}`);
}

let leaving = false;
// A page restored from the back/forward cache is a page again: its next 10007 goes to /login too.
if (typeof window !== 'undefined') window.addEventListener('pageshow', (event) => (leaving = leaving && !event.persisted));

/** The server says the session is gone (10007): it expired, or the user signed out in another tab. */
export function isSignedOut(error: unknown): boolean {
  return isApiError(error) && error.retCode === RetCode.NOT_LOGGED_IN;
}

/**
 * For every query and mutation of the account area (the QueryClient's caches) and direct calls such
 * as uploads: a 10007 in the middle of a flow goes to /login with the current address, so after
 * signing in the person is back on the same step instead of reading "Please log in" with no way to.
 * Returns whether it redirected.
 */
export function redirectIfSignedOut(error: unknown): boolean {
  // SDK mode has no session to sign in to: an expired access token is the partner's to renew.
  if (!isSignedOut(error) || requestContext().sdkAuth()) return false;
  redirectToLogin();
  return true;
}
