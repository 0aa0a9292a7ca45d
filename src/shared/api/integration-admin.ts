import { z } from '../zod.ts';
import { SDK_DEFAULT_LANGUAGE, SHIPPED_LANGUAGES } from '../languages.ts';
import { normalizeOrigin } from '../redirect-allowlist.ts';
import { ValidationMessage } from '../validation.ts';
import { WEB_BUSINESS_ID } from '../integration-paths.ts';
import { slugField } from './integration.ts';
import { timestampValue } from './kyc-fields.ts';

/**
 * The business (partner) registry's contracts (issue 14, decision 021), for the console's
 * administrators and the CLI (scripts/partner.ts): the same schema checks both.
 */
export const BusinessStatus = { ACTIVE: 'ACTIVE', DISABLED: 'DISABLED' } as const;
export type BusinessStatus = (typeof BusinessStatus)[keyof typeof BusinessStatus];

/** An http(s) origin, normalised (`https://Partner.Example:443/` -> `https://partner.example`). */
const originField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .max(200, { error: ValidationMessage.MAX_LENGTH })
  .transform((v, ctx) => {
    const origin = normalizeOrigin(v);
    // Only a bare origin: a path, query or fragment would suggest a precision the check does not have.
    if (!origin || !/^https?:\/\/[^/?#]+\/?$/i.test(v)) {
      ctx.addIssue({ code: 'custom', message: ValidationMessage.TYPE });
      return z.NEVER;
    }
    return origin;
  });

const uniqueList = <T extends z.ZodType<string>>(item: T, min: number) =>
  z
    .array(item, { error: ValidationMessage.TYPE })
    .min(min, { error: ValidationMessage.REQUIRED })
    .max(20, { error: ValidationMessage.MAX_LENGTH })
    .transform((list) => [...new Set(list)]);

const businessFields = {
  name: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(100, { error: ValidationMessage.MAX_LENGTH }),
  /** Pages that may embed the flow (frame-ancestors) and that tokens may be bound to. */
  allowedOrigins: uniqueList(originField, 1),
  /** Business scenes: the values of the kyc-access-business header this business's tokens carry. */
  scenes: uniqueList(slugField, 1),
  /** Origins that a token's redirect_url may point to (§2 jump-back). */
  redirectAllowlist: uniqueList(originField, 0).default([]),
  defaultLanguage: z.enum(SHIPPED_LANGUAGES, { error: ValidationMessage.TYPE }).default(SDK_DEFAULT_LANGUAGE),
};

export const createBusinessRequest = z.object({
  id: slugField.refine((v) => v !== WEB_BUSINESS_ID, { error: ValidationMessage.TYPE }),
  ...businessFields,
});
export type CreateBusinessRequest = z.input<typeof createBusinessRequest>;
export type CreateBusinessInput = z.output<typeof createBusinessRequest>;

export const updateBusinessRequest = z.object({ ...businessFields, status: z.enum(BusinessStatus, { error: ValidationMessage.TYPE }) });
export type UpdateBusinessRequest = z.input<typeof updateBusinessRequest>;
export type UpdateBusinessInput = z.output<typeof updateBusinessRequest>;

export const rotateSecretRequest = z.object({
  /** How long the old secret keeps working (0: at once). At most a week. */
  overlapMinutes: z.number({ error: ValidationMessage.TYPE }).int({ error: ValidationMessage.TYPE }).min(0, { error: ValidationMessage.TYPE }).max(7 * 24 * 60, { error: ValidationMessage.TYPE }).default(60),
});
export type RotateSecretRequest = z.input<typeof rotateSecretRequest>;

export const businessIdParams = z.object({ id: slugField });

export const businessView = z.object({
  id: z.string(),
  name: z.string(),
  allowedOrigins: z.array(z.string()),
  scenes: z.array(z.string()),
  redirectAllowlist: z.array(z.string()),
  defaultLanguage: z.string(),
  status: z.enum(BusinessStatus),
  createdAt: timestampValue,
  updatedAt: timestampValue,
  /** When the current secret was made; retired secrets still valid until `previousSecretValidUntil`. */
  secretCreatedAt: timestampValue.nullable(),
  previousSecretValidUntil: timestampValue.nullable(),
});
export type BusinessView = z.output<typeof businessView>;

export const businessListResult = z.object({ businesses: z.array(businessView) });
export type BusinessListResult = z.output<typeof businessListResult>;
/** The secret is in this reply only, once: it is never shown again. */
export const businessSecretResult = z.object({ business: businessView, secret: z.string() });
export type BusinessSecretResult = z.output<typeof businessSecretResult>;
export const businessResult = z.object({ business: businessView });
export type BusinessResult = z.output<typeof businessResult>;
