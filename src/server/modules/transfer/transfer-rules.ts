import { EEA_COUNTRIES } from '../../../shared/extras.ts';
import { REGULATED_SITES, Site } from '../../../shared/sites.ts';

/**
 * When an identity transfer needs a reviewer, or may not happen at all (decision 029): rules as data,
 * evaluated by one pure function. The first REFUSE rule that matches refuses the transfer when the
 * source consents; every REVIEW rule that matches is listed on the review case.
 */
export interface TransferFacts {
  /** '' is the main site. */
  sourceSite: string;
  targetSite: string;
  /** The verified level that moves (1 or 2). */
  level: number;
  /** The verified residence country (ISO alpha-2). */
  residenceCountry: string;
  /** Days since the source's level was reached. */
  verifiedDaysAgo: number;
}

export type TransferRuleEffect = 'REFUSE' | 'REVIEW';

export interface TransferRule {
  code: string;
  effect: TransferRuleEffect;
  /** Empty or missing lists match anything. */
  when: {
    targetSites?: readonly string[];
    /** Matches when the residence is NOT in this list. */
    residenceNotIn?: readonly string[];
    levels?: readonly number[];
    /** Matches when the level was reached fewer than this many days ago. */
    verifiedWithinDays?: number;
  };
}

export const TRANSFER_RULES: readonly TransferRule[] = [
  // The EU entity serves residents of the EEA only: nobody else's identity may move there.
  { code: 'EU_RESIDENCE_REQUIRED', effect: 'REFUSE', when: { targetSites: [Site.EU], residenceNotIn: EEA_COUNTRIES } },
  // A regulated entity takes over a customer's identity only after a reviewer looked at it.
  { code: 'REGULATED_TARGET', effect: 'REVIEW', when: { targetSites: REGULATED_SITES } },
  // A freshly verified identity is moved on only after a second look (account-takeover pattern).
  { code: 'RECENTLY_VERIFIED', effect: 'REVIEW', when: { verifiedWithinDays: 7 } },
];

export function ruleMatches(rule: TransferRule, f: TransferFacts): boolean {
  const w = rule.when;
  if (w.targetSites && !w.targetSites.includes(f.targetSite)) return false;
  if (w.residenceNotIn && w.residenceNotIn.includes(f.residenceCountry)) return false;
  if (w.levels && !w.levels.includes(f.level)) return false;
  if (w.verifiedWithinDays !== undefined && !(f.verifiedDaysAgo < w.verifiedWithinDays)) return false;
  return true;
}

export interface TransferRuleResult {
  refusedBy: string | null;
  reviewBy: string[];
}

export function evaluateTransferRules(f: TransferFacts, rules: readonly TransferRule[] = TRANSFER_RULES): TransferRuleResult {
  const matched = rules.filter((r) => ruleMatches(r, f));
  return { refusedBy: matched.find((r) => r.effect === 'REFUSE')?.code ?? null, reviewBy: matched.filter((r) => r.effect === 'REVIEW').map((r) => r.code) };
}
