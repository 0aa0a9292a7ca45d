import type { RejectMode } from '../../../shared/review-reasons.ts';
import type { DecisionOutcome, SubjectKind } from '../../../shared/review.ts';

/** A FOUR_EYES_RULES entry (config.ts): what it leaves out matches anything. */
export interface FourEyesRule {
  kinds?: readonly SubjectKind[];
  outcome: DecisionOutcome;
  modes?: readonly RejectMode[];
  levels?: readonly number[];
}

/** True when a reviewer's decision of this kind, level and outcome needs a second reviewer (decision 018). */
export function needsSecondLook(rules: readonly FourEyesRule[], c: { subjectKind: SubjectKind; level: number | null }, d: { outcome: DecisionOutcome; mode: RejectMode | null }): boolean {
  return rules.some(
    (r) =>
      r.outcome === d.outcome &&
      (r.kinds === undefined || r.kinds.includes(c.subjectKind)) &&
      (r.modes === undefined || (d.mode !== null && r.modes.includes(d.mode))) &&
      (r.levels === undefined || (c.level !== null && r.levels.includes(c.level))),
  );
}
