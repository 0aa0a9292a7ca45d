import { RiskDecision, RiskScene, RiskStepCode, type RiskStepCode as StepCode } from '../../../shared/api/risk-intercept.ts';

/**
 * Risk intercept rules as data (decision 029), evaluated by one pure function: the first rule that
 * matches decides (so the order is the priority: blocks first), none matching is PASS.
 */
export interface RiskFacts {
  scene: RiskScene;
  /** Signed in (risk-component/intercept) or not (default-intercept). */
  signedIn: boolean;
  /** The device id header was sent. */
  hasGuid: boolean;
  /** Evaluations for this device (or user) in the last hour, this one included. */
  recentEvaluations: number;
  /** Hours since the user's identity document last changed (an approved update); null: never. */
  hoursSinceDocumentChange: number | null;
  /** A re-verification of the user's document is asked for and not done. */
  documentUpdateRequested: boolean;
  /** The country the request comes from ('' unknown). */
  requestCountry: string;
  /** Countries the user signed in from before, and their residence. */
  knownCountries: readonly string[];
}

/** A rule's conditions (all must hold; a missing one matches anything). */
export interface RiskCondition {
  /** More evaluations than this in the last hour. */
  recentEvaluationsOver?: number;
  signedIn?: boolean;
  hasGuid?: boolean;
  documentUpdateRequested?: boolean;
  /** The document changed fewer than this many hours ago. */
  documentChangedWithinHours?: number;
  /** The request comes from a known country (false: a new one; unknown countries never match). */
  knownCountry?: boolean;
}

export interface RiskRule {
  code: string;
  scenes: readonly RiskScene[];
  when: RiskCondition;
  decision: Exclude<RiskDecision, 'PASS'>;
  stepCode: StepCode | null;
}

/** More evaluations than this per hour from one device or user is automation, not a person. */
export const BURST_PER_HOUR = 30;
/** A withdrawal this soon after the identity document changed asks to see the person again. */
export const DOCUMENT_CHANGE_HOURS = 72;

const ALL = Object.values(RiskScene);

export const RISK_RULES: readonly RiskRule[] = [
  { code: 'BURST', scenes: ALL, when: { recentEvaluationsOver: BURST_PER_HOUR }, decision: RiskDecision.BLOCK, stepCode: null },
  // A caller that is not signed in is known only by its device: without one there is nothing to trust.
  { code: 'NO_DEVICE', scenes: ALL, when: { signedIn: false, hasGuid: false }, decision: RiskDecision.BLOCK, stepCode: null },
  { code: 'DOCUMENT_UPDATE_DUE', scenes: [RiskScene.WITHDRAW], when: { documentUpdateRequested: true }, decision: RiskDecision.VERIFY, stepCode: RiskStepCode.UPDATE },
  { code: 'WITHDRAW_AFTER_DOCUMENT_CHANGE', scenes: [RiskScene.WITHDRAW, RiskScene.CHANGE_SECURITY], when: { documentChangedWithinHours: DOCUMENT_CHANGE_HOURS }, decision: RiskDecision.VERIFY, stepCode: RiskStepCode.EYE },
  { code: 'NEW_COUNTRY', scenes: [RiskScene.LOGIN, RiskScene.WITHDRAW], when: { signedIn: true, knownCountry: false }, decision: RiskDecision.VERIFY, stepCode: RiskStepCode.EYE },
];

export function ruleMatches(rule: RiskRule, f: RiskFacts): boolean {
  const w = rule.when;
  if (!rule.scenes.includes(f.scene)) return false;
  if (w.recentEvaluationsOver !== undefined && !(f.recentEvaluations > w.recentEvaluationsOver)) return false;
  if (w.signedIn !== undefined && f.signedIn !== w.signedIn) return false;
  if (w.hasGuid !== undefined && f.hasGuid !== w.hasGuid) return false;
  if (w.documentUpdateRequested !== undefined && f.documentUpdateRequested !== w.documentUpdateRequested) return false;
  if (w.documentChangedWithinHours !== undefined && !(f.hoursSinceDocumentChange !== null && f.hoursSinceDocumentChange < w.documentChangedWithinHours)) return false;
  if (w.knownCountry !== undefined && (f.requestCountry === '' || f.knownCountries.includes(f.requestCountry) !== w.knownCountry)) return false;
  return true;
}

export interface RiskVerdict {
  decision: RiskDecision;
  stepCode: StepCode | null;
  rule: string | null;
}

export function evaluateRisk(f: RiskFacts, rules: readonly RiskRule[] = RISK_RULES): RiskVerdict {
  const rule = rules.find((r) => ruleMatches(r, f));
  return rule ? { decision: rule.decision, stepCode: rule.stepCode, rule: rule.code } : { decision: RiskDecision.PASS, stepCode: null, rule: null };
}
