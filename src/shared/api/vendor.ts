import { z } from '../zod.ts';
import { kycFlowValue, levelRequest, providerValue, timestampValue, verifiableLevelValue } from './kyc-fields.ts';

/**
 * Contracts of the §7 calls for verification through a vendor (Sumsub, Onfido, Jumio, IDnow, AAI):
 * vendor-token, get-verification-sdk-info, traffic-diversion, and the vendors' webhooks.
 */

/**
 * How the browser starts a vendor's verification:
 * - SCRIPT: load the vendor's web SDK (`sdkUrl`) and launch it with `token` in our page;
 * - REDIRECT: send the browser to the vendor's hosted page (`url`), which sends it back to us.
 */
export const VendorLaunchMode = { SCRIPT: 'SCRIPT', REDIRECT: 'REDIRECT' } as const;
export type VendorLaunchMode = (typeof VendorLaunchMode)[keyof typeof VendorLaunchMode];

/** POST vendor-token (body: level, default 1): a fresh session with the provider that serves the user. */
export const vendorTokenRequest = levelRequest;
export const vendorTokenResult = z.object({
  level: verifiableLevelValue,
  provider: providerValue,
  flowName: kycFlowValue,
  mode: z.enum(VendorLaunchMode),
  /** The vendor's API base its SDK talks to ('' when it needs none). */
  apiUrl: z.string(),
  /** SCRIPT: the vendor's web SDK script. */
  sdkUrl: z.string(),
  /** SCRIPT: the short-lived token the SDK starts with. */
  token: z.string(),
  /** REDIRECT: the vendor's hosted verification page. */
  url: z.string(),
  /** The vendor's workflow run / verification id where its SDK needs it ('' otherwise). */
  externalId: z.string(),
  expiresAt: timestampValue.nullable(),
});
export type VendorTokenResult = z.output<typeof vendorTokenResult>;

/** POST get-verification-sdk-info (body: level): what the SDK screen needs before asking for a token. */
export const verificationSdkInfoRequest = levelRequest;
export const verificationSdkInfoResult = z.object({
  level: verifiableLevelValue,
  provider: providerValue,
  flowName: kycFlowValue,
  mode: z.enum(VendorLaunchMode).nullable(),
  apiUrl: z.string(),
  /** Origins the vendor's SDK loads from and talks to (what the page's CSP allows for it). */
  origins: z.array(z.string()),
});
export type VerificationSdkInfoResult = z.output<typeof verificationSdkInfoResult>;

/** POST traffic-diversion (body: level): the provider chosen for the user and why (A/B between vendors). */
export const trafficDiversionRequest = levelRequest;
export const trafficDiversionResult = z.object({
  level: verifiableLevelValue,
  provider: providerValue,
  /** The user's stable bucket, 0–99, compared with the rule's percentages. */
  bucket: z.number().int().min(0).max(99),
  /** Why this provider: the user's open application keeps its provider, else the routing rule. */
  reason: z.enum(['OPEN_APPLICATION', 'RULE', 'DEFAULT']),
  /** The rule's split, when the matching rule divides traffic. */
  split: z.array(z.object({ provider: providerValue, percent: z.number().int() })),
});
export type TrafficDiversionResult = z.output<typeof trafficDiversionResult>;

/** What a webhook answers the vendor (any 2xx stops its retries). */
export const webhookAck = z.object({ received: z.boolean() });
