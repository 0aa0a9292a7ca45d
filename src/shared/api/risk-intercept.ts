import { z } from '../zod.ts';
import { ValidationMessage } from '../validation.ts';

/**
 * Risk intercepts (issue 12, docs/decisions/029): §7 POST /v1/kyc/risk-component/intercept (signed
 * in) and POST /user/public/risk/default-intercept (form-encoded `sence` and a guid header) evaluate
 * an action against rules as data; the answer is pass, need verification or block, with the §8 step
 * code the client follows (30029 eye: look at the person again; 70029 update: update the document).
 */

/** The actions (the spec's `sence`, its spelling kept) the rules know. */
export const RiskScene = { LOGIN: 'LOGIN', WITHDRAW: 'WITHDRAW', CHANGE_SECURITY: 'CHANGE_SECURITY' } as const;
export type RiskScene = (typeof RiskScene)[keyof typeof RiskScene];

export const RiskDecision = { PASS: 'PASS', VERIFY: 'VERIFY', BLOCK: 'BLOCK' } as const;
export type RiskDecision = (typeof RiskDecision)[keyof typeof RiskDecision];

/** §8 step codes of an intercept. */
export const RiskStepCode = { EYE: 30029, UPDATE: 70029 } as const;
export type RiskStepCode = (typeof RiskStepCode)[keyof typeof RiskStepCode];

/** The device id header of default-intercept (§7 "a guid header"). */
export const GUID_HEADER = 'guid';

const scene = z.enum(RiskScene, { error: ValidationMessage.TYPE });

/** POST risk-component/intercept (JSON): the action about to happen. */
export const riskInterceptRequest = z.object({ sence: scene });
/** POST default-intercept (form-encoded): the action about to happen, before sign-in. */
export const defaultInterceptRequest = z.object({ sence: scene });

export const riskInterceptResult = z.object({
  decision: z.enum(RiskDecision),
  /** The step the client runs before the action (null on PASS and BLOCK). */
  stepCode: z.literal([RiskStepCode.EYE, RiskStepCode.UPDATE]).nullable(),
  /** The rule that decided (null when none matched: PASS). */
  rule: z.string().nullable(),
  /** The stored decision (audited), for support. */
  decisionId: z.string(),
});
export type RiskInterceptResult = z.output<typeof riskInterceptResult>;
