import { z } from '../zod.ts';
import { AGREEMENT_PRODUCTS, type AgreementProduct } from '../extras.ts';
import { ValidationMessage } from '../validation.ts';
import { timestampValue } from './kyc-fields.ts';

/**
 * Agreements (§7 POST /option/asset/amp/agreement/apply and /option/asset/amp/product/agreement/query;
 * §3 displayHkgPoaAgreement; decision 025): versioned texts per product; an acceptance is recorded per
 * product and version with its time and IP; a newer version asks again.
 */

const productField = z.enum(AGREEMENT_PRODUCTS as [AgreementProduct, ...AgreementProduct[]], { error: ValidationMessage.TYPE });

/** Query: the products asked about (none: every product). */
export const agreementQueryRequest = z.preprocess((v) => v ?? {}, z.object({ products: z.array(productField).max(AGREEMENT_PRODUCTS.length, { error: ValidationMessage.MAX_LENGTH }).optional() }));
export type AgreementQueryRequest = z.input<typeof agreementQueryRequest>;

export const agreementAcceptance = z.object({ version: z.number().int(), acceptedAt: timestampValue, ip: z.string().nullable() });

export const productAgreement = z.object({
  product: productField,
  /** The current version (null: no text published for this product yet). */
  current: z.object({ version: z.number().int(), title: z.string(), body: z.string(), publishedAt: timestampValue }).nullable(),
  /** The caller's acceptance of the newest version they accepted, if any. */
  accepted: agreementAcceptance.nullable(),
  /** A current version exists that the caller has not accepted (a first time, or again after a new version). */
  needsAcceptance: z.boolean(),
});
export type ProductAgreement = z.output<typeof productAgreement>;
export const agreementQueryResult = z.object({ items: z.array(productAgreement) });
export type AgreementQueryResult = z.output<typeof agreementQueryResult>;

/** Apply: the caller accepts the version they were shown (an outdated one is refused: 41002). */
export const agreementApplyRequest = z.object({
  product: productField,
  version: z.number({ error: ValidationMessage.REQUIRED }).int({ error: ValidationMessage.TYPE }).positive({ error: ValidationMessage.TYPE }),
});
export type AgreementApplyRequest = z.input<typeof agreementApplyRequest>;
export const agreementApplyResult = z.object({ product: productField, version: z.number().int(), acceptedAt: timestampValue, ip: z.string().nullable() });
export type AgreementApplyResult = z.output<typeof agreementApplyResult>;

/** Console (administrators): publish a new version of a product's text. */
export const publishAgreementRequest = z.object({
  product: productField,
  title: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(200, { error: ValidationMessage.MAX_LENGTH }),
  body: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(20_000, { error: ValidationMessage.MAX_LENGTH }),
});
export type PublishAgreementRequest = z.input<typeof publishAgreementRequest>;
export const agreementVersionView = z.object({ product: productField, version: z.number().int(), title: z.string(), body: z.string(), publishedAt: timestampValue, acceptances: z.number().int() });
export type AgreementVersionView = z.output<typeof agreementVersionView>;
export const agreementVersionsResult = z.object({ items: z.array(agreementVersionView) });
export type AgreementVersionsResult = z.output<typeof agreementVersionsResult>;
