/**
 * Every secret and password this project publishes (README, source): the demo users' passwords, the
 * vendor fakes' credentials and webhook secrets, the demo partner's secret. They exist for demo mode
 * only (DEMO, docs/decisions/035): outside it nothing may be created with them, configured with them
 * or accepted when signed with them. One list, so that refusal is one check (`isPublishedSecret`).
 */

/** The demo users' passwords (seed.ts). */
export const DEMO_PASSWORDS = {
  user: 'demo-password-1',
  reviewer: 'reviewer-password-1',
  /** The second reviewer: four-eyes needs two people. */
  reviewer2: 'reviewer-password-2',
  admin: 'admin-password-1',
} as const;

/** The secrets the vendor fakes sign their webhooks with (and our side verifies in demo mode). */
export const DEMO_WEBHOOK_SECRETS = {
  sumsub: 'demo-sumsub-webhook-secret',
  onfido: 'demo-onfido-webhook-token',
  jumio: 'demo-jumio-callback-secret',
  idnow: 'demo-idnow-webhook-secret',
  aai: 'demo-aai-callback-secret',
} as const;
export type VendorName = keyof typeof DEMO_WEBHOOK_SECRETS;

/** The vendor fakes' API credentials (the Sumsub pair also drives its sandbox API in browser tests). */
export const DEMO_VENDOR_CREDENTIALS = {
  sumsub: { appToken: 'sbx:demo-app-token', secretKey: 'demo-sumsub-secret-key' },
  onfido: { apiToken: 'demo-onfido-api-token' },
  jumio: { clientId: 'demo-jumio-client-id', clientSecret: 'demo-jumio-client-secret' },
  idnow: { companyId: 'demo-company', apiKey: 'demo-idnow-api-key' },
  aai: { accessKey: 'demo-aai-access-key', secretKey: 'demo-aai-secret-key' },
} as const;

/** The demo business of the SDK flow and its secret (the partner demo page signs with it). */
export const DEMO_PARTNER_ID = 'demo-partner';
export const DEMO_PARTNER_SECRET = 'psk_demo-partner-secret-published-in-the-readme';

/**
 * The values that grant something: passwords, secrets, API keys. Identifiers that are public anyway
 * (the Jumio client id, the IDnow company id, the partner id) are not secrets and not listed.
 */
const PUBLISHED: ReadonlySet<string> = new Set([
  ...Object.values(DEMO_PASSWORDS),
  ...Object.values(DEMO_WEBHOOK_SECRETS),
  DEMO_VENDOR_CREDENTIALS.sumsub.appToken,
  DEMO_VENDOR_CREDENTIALS.sumsub.secretKey,
  DEMO_VENDOR_CREDENTIALS.onfido.apiToken,
  DEMO_VENDOR_CREDENTIALS.jumio.clientSecret,
  DEMO_VENDOR_CREDENTIALS.idnow.apiKey,
  DEMO_VENDOR_CREDENTIALS.aai.secretKey,
  DEMO_PARTNER_SECRET,
]);

/** Whether `value` is one of the secrets published with this project (never safe outside demo mode). */
export function isPublishedSecret(value: string | null | undefined): boolean {
  return typeof value === 'string' && PUBLISHED.has(value.trim());
}
