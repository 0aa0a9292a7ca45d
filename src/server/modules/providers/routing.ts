import { createHash } from 'node:crypto';
import type { Provider, VerifiableLevel } from '../../../shared/kyc.ts';
import type { ProviderRoute } from '../../config.ts';

/** What the routing rules look at (docs/decisions/014, 016). */
export interface RoutingInput {
  /** The region of the host the user is on: HKG, ARE, or MAIN for every other host (§1). */
  site: 'MAIN' | 'HKG' | 'ARE';
  /** The user's residence country (ISO code), '' before personal information is saved. */
  country: string;
  level: VerifiableLevel;
  /** The user, for traffic diversion: a user always lands in the same share of a split. */
  userId?: string;
}

/** The user's stable bucket 0–99: the same for every level and every request, spread evenly. */
export function bucketOf(userId: string): number {
  return createHash('sha256').update(`traffic-diversion:${userId}`).digest().readUInt32BE(0) % 100;
}

export interface RouteChoice {
  provider: Provider;
  /** The split of the matching rule (empty for a single-provider rule). */
  split: { provider: Provider; percent: number }[];
  bucket: number;
}

/**
 * The provider of the first rule that matches (a rule matches what it names and anything it leaves
 * out). A rule with a split gives bucket b the provider whose share covers it: with 30/70, buckets
 * 0–29 get the first, 30–99 the second. Null when no rule matches: the caller decides.
 */
export function pickRoute(routes: readonly ProviderRoute[], input: RoutingInput): RouteChoice | null {
  const bucket = input.userId ? bucketOf(input.userId) : 0;
  for (const r of routes) {
    if (r.sites && !r.sites.includes(input.site)) continue;
    if (r.countries && !r.countries.includes(input.country)) continue;
    if (r.levels && !r.levels.includes(input.level)) continue;
    if (r.provider) return { provider: r.provider, split: [], bucket };
    let upTo = 0;
    for (const share of r.split ?? []) {
      upTo += share.percent;
      if (bucket < upTo) return { provider: share.provider, split: r.split!.map((s) => ({ ...s })), bucket };
    }
  }
  return null;
}

/** The provider alone (kept for callers that do not need the why). */
export function pickProvider(routes: readonly ProviderRoute[], input: RoutingInput): Provider | null {
  return pickRoute(routes, input)?.provider ?? null;
}
