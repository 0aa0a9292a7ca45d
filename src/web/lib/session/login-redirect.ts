import { LOGIN_PAGE } from '../../../shared/api/paths.ts';

/**
 * §4: an unauthenticated session (10007) goes to /login with redirect_url holding the current
 * address, so signing in brings the person back where they were. Used by every shell that loads
 * a session first (the /auth shell, the compliance console).
 */
export function redirectToLogin(): void {
  const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
  window.location.replace(`${LOGIN_PAGE}?redirect_url=${encodeURIComponent(here)}`);
}
