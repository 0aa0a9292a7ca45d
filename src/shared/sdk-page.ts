/**
 * The names the SDK page and the embedded flow share with the server and the partner's page (§2, §6):
 * the page's address and parameters, the business marker, the web users' own business id and the
 * events sent to the parent. Apart from the integration paths (integration-paths.ts) because the web
 * app's first page needs these and not that table (decision 033).
 */

/** §2: the SDK page and its parameters (isUpdatePoi, site, update, lang, from, hidden, token). */
export const SDK_PAGE_PATH = '/user/accounts/auth/sdk';
export const SdkPageParam = {
  IS_UPDATE_POI: 'isUpdatePoi',
  SITE: 'site',
  UPDATE: 'update',
  LANG: 'lang',
  FROM: 'from',
  HIDDEN: 'hidden',
  TOKEN: 'token',
} as const;

/**
 * §2 `site`: the site whose rules and languages an SDK session uses (decision 040), named as the host
 * regions are (MAIN, HKG, ARE, any case); anything else: the host's own region.
 */
export function sdkSiteOf(value: string | null | undefined): 'MAIN' | 'HKG' | 'ARE' | null {
  const v = (value ?? '').trim().toUpperCase();
  return v === 'MAIN' || v === 'HKG' || v === 'ARE' ? v : null;
}

/** §2 `update`: present and not 'false' / '0': the SDK page opens the document update flow (re-verification). */
export function sdkOpensUpdate(value: string | null | undefined): boolean {
  const v = (value ?? '').trim().toLowerCase();
  return v !== '' && v !== 'false' && v !== '0';
}

/**
 * Beyond §2: the business marker SDK mode keeps in the address of every page of the flow (not a
 * secret: a business id). A page reloaded inside the partner's frame has no token in its address;
 * the server reads this marker when it serves the app's HTML and lets exactly that business's
 * registered origins frame it (decision 021). Unknown or disabled: the default frame-ancestors.
 */
export const SDK_BUSINESS_PARAM = 'sdkBusiness';
/** The pages SDK mode shows (the account area's /auth routes); only they honour the marker. */
export const SDK_FLOW_PREFIX = '/user/accounts/auth/';

/** The business id of tokens that web users get for themselves (sdk-access): never a partner's id. */
export const WEB_BUSINESS_ID = 'web';

/** §2 postMessage events the embedded flow sends to its parent (the partner's page, exact origin). */
export const SdkEvent = {
  STEP_STARTED: 'kyc.step_started',
  SUBMITTED: 'kyc.submitted',
  STATUS_CHANGED: 'kyc.status_changed',
  DONE: 'kyc.done',
} as const;
export type SdkEvent = (typeof SdkEvent)[keyof typeof SdkEvent];
/** Every message carries this `source`, so a parent can tell ours from others'. */
export const SDK_EVENT_SOURCE = 'user-accounts-sdk';
