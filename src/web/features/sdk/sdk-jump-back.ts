import { SDK_PAGE_PATH } from '../../../shared/sdk-page.ts';
import { jumpBackTarget } from '../../lib/region/index.ts';
import type { SdkUser } from './sdk-profile.ts';
import { withSdkMarker } from './sdk-session.ts';

/**
 * §2 jump-back for the SDK flow: `extraParams.redirect_url` when its origin is on the business's
 * allowlist (the server checked it when the token was issued; checked again here), else the SDK
 * landing page. Never an open redirect.
 */
export function sdkJumpBackTarget(user: SdkUser, origin: string): { url: string; external: boolean } {
  const url = jumpBackTarget({ isSdk: true, extraParams: user.extraParams ?? null }, { jumpBack: { defaultUrl: SDK_PAGE_PATH, sdkUrl: SDK_PAGE_PATH, redirectAllowlist: user.redirectAllowlist ?? [] } }, origin);
  return { url, external: !url.startsWith('/') };
}

interface Navigation {
  self: { location: Pick<Location, 'origin' | 'replace'> };
  top: { location: { href: string } } | null;
}

/**
 * Leaves the flow. An allowed partner address replaces the whole page when the flow is embedded (the
 * partner's page framed us; a click allows the frame to navigate its top window), else this window;
 * the landing page stays in this window.
 */
export function leaveSdkFlow(user: SdkUser, nav: Navigation = { self: window, top: window.top === window ? null : window.top }): string {
  const { url, external } = sdkJumpBackTarget(user, nav.self.location.origin);
  if (external && nav.top) {
    try {
      nav.top.location.href = url;
      return url;
    } catch {
      // The browser refused to navigate the top window: go there in the frame instead.
    }
  }
  // The landing page in the frame keeps the business marker, so the partner's page may still frame it.
  const here = external ? url : withSdkMarker(url);
  nav.self.location.replace(here);
  return here;
}
