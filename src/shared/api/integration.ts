import { z } from '../zod.ts';
import { KycLevel } from '../kyc.ts';
import { SHIPPED_LANGUAGES } from '../languages.ts';
import { ValidationMessage } from '../validation.ts';
import { levelField, timestampValue, verifiableLevelValue } from './kyc-fields.ts';

/**
 * Contracts of the SDK/app embedded flow (§6, §7; issue 14, decision 021): the partner's signed
 * calls (access-token, revoke-token), the SDK page's own calls (business-info, token info) and a web
 * user's sdk-access. The integration variants of the KYC calls reuse the private calls' contracts.
 */

const text = (max: number) => z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(max, { error: ValidationMessage.MAX_LENGTH });

/** A partner's id for its user: opaque to us; printable, no spaces. */
export const externalUserIdField = text(128).regex(/^[\x21-\x7e]+$/, { error: ValidationMessage.TYPE });
/** A business id or scene: a lowercase slug. */
export const slugField = text(64).regex(/^[a-z0-9][a-z0-9-]*$/, { error: ValidationMessage.TYPE });
const languageField = z.enum(SHIPPED_LANGUAGES, { error: ValidationMessage.TYPE });
const urlField = text(2048);

/** POST /v1/s1/kyc/integration/access-token, signed by the partner's server. */
export const accessTokenRequest = z.object({
  /** The partner's own id for the person; the same id always reaches the same applicant. */
  externalUserId: externalUserIdField,
  level: levelField.default(KycLevel.LEVEL_1),
  /** §3 sdkLang; else the business's default language. */
  language: languageField.optional(),
  /** §2 jump-back target; must be on the business's redirect allowlist. */
  redirect_url: urlField.optional(),
  /** §3 isUpdatePoi: the flow updates the proof of identity/address. */
  isUpdatePoi: z.boolean({ error: ValidationMessage.TYPE }).default(false),
  /** The partner page's origin that will embed the flow; else the business's first allowed origin. */
  origin: urlField.optional(),
  /** The business scene (header kyc-access-business); else the business's first scene. */
  scene: slugField.optional(),
});
export type AccessTokenRequest = z.input<typeof accessTokenRequest>;

export const accessTokenResult = z.object({
  accessToken: z.string(),
  expiresAt: timestampValue,
  /** Seconds the token lives. */
  expiresIn: z.number().int(),
  /** The origin and business scene the token is bound to (the SDK headers must carry them). */
  origin: z.string(),
  scene: z.string(),
  /** The SDK page for this token, relative to our host (§2 parameters filled in). */
  sdkUrl: z.string(),
});
export type AccessTokenResult = z.output<typeof accessTokenResult>;

/** POST /v1/s1/kyc/integration/revoke-token, signed: one token, or every token of one applicant. */
export const revokeTokenRequest = z
  .object({ accessToken: text(200).optional(), externalUserId: externalUserIdField.optional() })
  .refine((v) => v.accessToken !== undefined || v.externalUserId !== undefined, { error: ValidationMessage.REQUIRED, path: ['accessToken'] });
export const revokeTokenResult = z.object({ revoked: z.number().int() });
export type RevokeTokenResult = z.output<typeof revokeTokenResult>;

/** GET /v1/s1/kyc/integration/business-info (SDK headers): what the SDK page shows about the partner. */
export const businessInfoResult = z.object({
  id: z.string(),
  name: z.string(),
  defaultLanguage: z.string(),
  scene: z.string(),
});
export type BusinessInfo = z.output<typeof businessInfoResult>;

/** GET /v1/s1/kyc/integration/token-info (SDK headers): §7 "sdk token info", the SDK mode's profile. */
export const tokenInfoQuery = z.object({ email_update_poi: z.enum(['true', 'false']).optional() });
export const tokenInfoResult = z.object({
  /** The KYC level the applicant has reached (0, 1, 2). */
  level: z.number().int(),
  /** The level this token's flow is for. */
  targetLevel: verifiableLevelValue,
  /** Only with email_update_poi=true, and only a real address (a partner's applicant has none). */
  email: z.string().nullable(),
  sdkLang: z.string().nullable(),
  sdkFrom: z.string(),
  isUpdatePoi: z.boolean(),
  accessOrigin: z.string(),
  extraParams: z.object({ redirect_url: z.string().nullable() }),
  business: z.object({ id: z.string(), name: z.string() }),
  /** Origins a redirect_url may point to (the business's allowlist): the page checks again. */
  redirectAllowlist: z.array(z.string()),
  expiresAt: timestampValue,
});
export type TokenInfo = z.output<typeof tokenInfoResult>;

/** POST /v3/private/kyc/sdk-access (§7): a web user's own access token for the SDK page. */
export const sdkAccessRequest = z.object({
  level: levelField.default(KycLevel.LEVEL_1),
  isSecondary: z.boolean({ error: ValidationMessage.TYPE }).default(false),
  from: slugField.default('web'),
  action: text(64).optional(),
  extraParams: z.object({ reason: text(200).optional() }).optional(),
});
export type SdkAccessRequest = z.input<typeof sdkAccessRequest>;
export const sdkAccessResult = z.object({ accessToken: z.string(), expiresAt: timestampValue, sdkUrl: z.string() });
export type SdkAccessResult = z.output<typeof sdkAccessResult>;
