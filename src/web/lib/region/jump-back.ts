import type { SiteConfig } from '../../../shared/api/site.ts';
import { allowlistedUrl } from '../../../shared/redirect-allowlist.ts';
import { safeRedirectPath } from '../../../shared/safe-redirect.ts';

/** The user fields the jump-back reads (§3): SDK mode and the SDK flow's redirect_url. */
export interface JumpBackUser {
  isSdk?: boolean;
  sdkToken?: string;
  extraParams?: { redirect_url?: unknown } | null;
}

const DEFAULT_LANDING = '/user/accounts/auth/personal';

/**
 * §2 jump-back: a web user returns to the default landing page; an SDK user to
 * `extraParams.redirect_url` when its origin is in the server's allowlist, else to the SDK landing
 * page. Any other redirect_url (another origin, a script URL, credentials, …) is ignored: the
 * account area is never an open redirect. Landing pages are paths on this site.
 */
export function jumpBackTarget(user: JumpBackUser, config: Pick<SiteConfig, 'jumpBack'> | undefined, origin: string): string {
  const jump = config?.jumpBack;
  const landing = (path: string | undefined) => safeRedirectPath(path, DEFAULT_LANDING, origin);
  const sdk = Boolean(user.isSdk || user.sdkToken);
  if (!sdk) return landing(jump?.defaultUrl);
  const redirect = allowlistedUrl(user.extraParams?.redirect_url, jump?.redirectAllowlist ?? []);
  return redirect ?? landing(jump?.sdkUrl);
}

/** Leaves the account area for the jump-back target (replacing the current history entry). */
export function jumpBack(user: JumpBackUser, config: Pick<SiteConfig, 'jumpBack'> | undefined, location: Pick<Location, 'origin' | 'replace'> = window.location): string {
  const target = jumpBackTarget(user, config, location.origin);
  location.replace(target);
  return target;
}
