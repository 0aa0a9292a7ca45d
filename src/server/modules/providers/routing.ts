import type { Provider, VerifiableLevel } from '../../../shared/kyc.ts';
import type { ProviderRoute } from '../../config.ts';

/** What the routing rules look at (docs/decisions/014). */
export interface RoutingInput {
  /** The region of the host the user is on: HKG, ARE, or MAIN for every other host (§1). */
  site: 'MAIN' | 'HKG' | 'ARE';
  /** The user's residence country (ISO code), '' before personal information is saved. */
  country: string;
  level: VerifiableLevel;
}

/**
 * The provider of the first rule that matches (a rule matches what it names and anything it leaves
 * out). Null when no rule matches: the caller decides what that means (the default rules end with a
 * catch-all, so it only happens with an operator's rules).
 */
export function pickProvider(routes: readonly ProviderRoute[], input: RoutingInput): Provider | null {
  for (const r of routes) {
    if (r.sites && !r.sites.includes(input.site)) continue;
    if (r.countries && !r.countries.includes(input.country)) continue;
    if (r.levels && !r.levels.includes(input.level)) continue;
    return r.provider;
  }
  return null;
}
