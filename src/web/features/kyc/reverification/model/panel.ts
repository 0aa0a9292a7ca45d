import type { ReverificationItem, ReverificationTarget } from '../../../../../shared/api/reverification.ts';
import { DisplayUpdatePOIStatus } from '../../../../../shared/kyc.ts';
import { Site } from '../../../../../shared/sites.ts';

/** §2: the Turkey region is site TUR and residence country TR together; it verifies in the app only. */
export const isTurkeyRegion = (siteInfo: { site: string; country: string }) => siteInfo.site === Site.TUR && siteInfo.country === 'TR';

/** The web screen that takes an update of each document (§2 updatekyc, updatePOA). */
export const UPDATE_ROUTE: Record<ReverificationTarget, string> = { POI: '/updatekyc', POA: '/updatePOA' };

/** Which requirements list the compliance notice shows (§2 "requirements differ by region"). */
export const REQUIREMENTS = {
  default: ['indianId', 'panRejected', 'singleAccount'],
  turkey: ['interview', 'nfc'],
} as const;

/** The default region's items that concern Indian documents (§2): said to Indian nationals only (issue 27). */
const INDIAN_ONLY: ReadonlySet<string> = new Set(['indianId', 'panRejected']);

/** The requirements a user reads: Turkey's, or the default region's without the Indian-ID items unless the user is Indian (nationality unknown: the general ones). */
export function requirementsFor(turkey: boolean, nationality: string | null): readonly string[] {
  if (turkey) return REQUIREMENTS.turkey;
  return REQUIREMENTS.default.filter((key) => nationality === 'IN' || !INDIAN_ONLY.has(key));
}

/** The status panel's action, exactly as §4 describes each status. */
export type PanelAction =
  | { kind: 'none' }
  /** _Needed on web: the verify button. */
  | { kind: 'verify'; href: string }
  /** _Needed / _Rejected in Turkey: the tip to download the app (no web button). */
  | { kind: 'appTip'; resubmitInApp: boolean }
  /** _Pending: a disabled Reviewing button. */
  | { kind: 'reviewing' }
  /** _Rejected: an active resubmit button; _Rejected_Daily: disabled until `retryAfter`. */
  | { kind: 'resubmit'; href: string; disabledUntil: string | null };

export function panelAction(item: ReverificationItem): PanelAction {
  const turkey = isTurkeyRegion(item.display.siteInfo);
  const href = UPDATE_ROUTE[item.target];
  switch (item.display.status) {
    case DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Needed:
      return turkey ? { kind: 'appTip', resubmitInApp: false } : { kind: 'verify', href };
    case DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Pending:
      return { kind: 'reviewing' };
    case DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Rejected:
      return turkey ? { kind: 'appTip', resubmitInApp: true } : { kind: 'resubmit', href, disabledUntil: null };
    case DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_Rejected_Daily:
      // The daily limit applies in the app too: the app's button is disabled like the web one.
      return turkey ? { kind: 'appTip', resubmitInApp: true } : { kind: 'resubmit', href, disabledUntil: item.retryAfter ?? '' };
    default:
      return { kind: 'none' };
  }
}

/** The items whose panel shows (§4: _No hides the panel). */
export const visibleItems = (items: readonly ReverificationItem[]) => items.filter((i) => i.display.status !== DisplayUpdatePOIStatus.DisplayUpdatePOIStatus_No);

/** The earliest deadline of the open requests (the notice names the one that comes first). */
export function earliestDeadline(items: readonly ReverificationItem[]): string | null {
  const deadlines = items.map((i) => i.request?.deadline).filter((d): d is string => Boolean(d));
  return deadlines.length ? deadlines.sort()[0]! : null;
}

/** Whether any shown document is in the Turkey region (then the notice lists Turkey's requirements). */
export const anyTurkey = (items: readonly ReverificationItem[]) => items.some((i) => isTurkeyRegion(i.display.siteInfo));
