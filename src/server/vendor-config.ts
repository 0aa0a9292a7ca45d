import type { JsonWebKey } from 'node:crypto';
import { z } from 'zod';
import { DEMO_WEBHOOK_SECRETS, isPublishedSecret, type VendorName } from './published-secrets.ts';

export { DEMO_WEBHOOK_SECRETS, type VendorName } from './published-secrets.ts';

/**
 * The vendors' settings (docs/decisions/016), read from the environment by config.ts only. A vendor
 * is configured when its credentials are set; otherwise, in demo mode (DEMO), `npm start` and the
 * tests serve it from its local fake (providers/<vendor>/fake.ts) with the published demo secrets
 * (published-secrets.ts). Outside demo mode a published secret is refused here, at startup.
 */

const url = z.url({ protocol: /^https?$/ }).transform((v) => v.replace(/\/+$/, ''));
const pair = z
  .string()
  .transform((v) => v.split(',').map((s) => s.trim()))
  .refine((v) => v.length === 2 && v.every(Boolean), 'two comma-separated values: level 1, level 2')
  .transform((v) => ({ 1: v[0]!, 2: v[1]! }));

/** IDNOW_WEBHOOK_JWKS as configured: a JWKS with at least one RSA signing key named by `kid`. */
const jwksSchema = z.object({
  keys: z.array(z.object({ kty: z.literal('RSA'), kid: z.string().min(1), n: z.string().min(1), e: z.string().min(1) }).loose()).min(1),
});

export const vendorEnvSchema = {
  /** Our address as vendors and browsers reach it: callback and return URLs given to vendors. */
  PUBLIC_URL: url.optional(),
  /** One vendor call's time limit, and how often a failed call is tried again (with backoff). */
  VENDOR_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  VENDOR_RETRIES: z.coerce.number().int().min(0).max(5).default(2),

  SUMSUB_APP_TOKEN: z.string().min(1).optional(),
  SUMSUB_SECRET_KEY: z.string().min(1).optional(),
  SUMSUB_BASE_URL: url.default('https://api.sumsub.com'),
  SUMSUB_WEBSDK_URL: url.default('https://static.sumsub.com/idensic/static/sns-websdk-builder.js'),
  SUMSUB_LEVEL_NAMES: pair.default({ 1: 'id-and-liveness', 2: 'proof-of-address' }),
  SUMSUB_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** The Sumsub level with a Non-Doc step (quick KYC, decision 019). */
  SUMSUB_NON_DOC_LEVEL_NAME: z.string().min(1).optional(),

  ONFIDO_API_TOKEN: z.string().min(1).optional(),
  ONFIDO_BASE_URL: url.default('https://api.eu.onfido.com/v3.6'),
  ONFIDO_SDK_URL: url.default('https://sdk.onfido.com/v14'),
  ONFIDO_WORKFLOW_IDS: pair.default({ 1: 'demo-workflow-level-1', 2: 'demo-workflow-level-2' }),
  ONFIDO_WEBHOOK_SECRET: z.string().min(16).optional(),

  JUMIO_CLIENT_ID: z.string().min(1).optional(),
  JUMIO_CLIENT_SECRET: z.string().min(1).optional(),
  JUMIO_AUTH_URL: url.default('https://auth.emea-1.jumio.ai'),
  JUMIO_ACCOUNT_URL: url.default('https://account.emea-1.jumio.ai'),
  JUMIO_RETRIEVAL_URL: url.default('https://retrieval.emea-1.jumio.ai'),
  JUMIO_WORKFLOW_KEYS: pair.default({ 1: '10011', 2: '10015' }),
  JUMIO_WEBHOOK_SECRET: z.string().min(16).optional(),

  IDNOW_COMPANY_ID: z.string().min(1).optional(),
  IDNOW_API_KEY: z.string().min(1).optional(),
  IDNOW_BASE_URL: url.default('https://gateway.idnow.de'),
  IDNOW_WEB_URL: url.default('https://go.idnow.de'),
  IDNOW_WEBHOOK_SECRET: z.string().min(16).optional(),
  /** IDnow's signed (JWT) webhooks, decision 022: its JWKS document, and the iss / aud it signs with. */
  IDNOW_WEBHOOK_JWKS: z
    .string()
    .transform((v, ctx) => {
      try {
        return JSON.parse(v) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'IDNOW_WEBHOOK_JWKS must be the JWKS document (JSON)' });
        return z.NEVER;
      }
    })
    .pipe(jwksSchema)
    .optional(),
  IDNOW_WEBHOOK_ISSUER: z.string().min(1).optional(),
  IDNOW_WEBHOOK_AUDIENCE: z.string().min(1).optional(),

  AAI_ACCESS_KEY: z.string().min(1).optional(),
  AAI_SECRET_KEY: z.string().min(1).optional(),
  AAI_BASE_URL: url.default('https://api.advance.ai'),
  AAI_WEBHOOK_SECRET: z.string().min(16).optional(),
};

type VendorEnv = { [K in keyof typeof vendorEnvSchema]?: z.output<(typeof vendorEnvSchema)[K]> } & {
  VENDOR_TIMEOUT_MS: number;
  VENDOR_RETRIES: number;
  SUMSUB_BASE_URL: string;
  SUMSUB_WEBSDK_URL: string;
  SUMSUB_LEVEL_NAMES: { 1: string; 2: string };
  ONFIDO_BASE_URL: string;
  ONFIDO_SDK_URL: string;
  ONFIDO_WORKFLOW_IDS: { 1: string; 2: string };
  JUMIO_AUTH_URL: string;
  JUMIO_ACCOUNT_URL: string;
  JUMIO_RETRIEVAL_URL: string;
  JUMIO_WORKFLOW_KEYS: { 1: string; 2: string };
  IDNOW_BASE_URL: string;
  IDNOW_WEB_URL: string;
  AAI_BASE_URL: string;
};

export interface SumsubConfig {
  appToken: string;
  secretKey: string;
  baseUrl: string;
  websdkUrl: string;
  levelNames: { 1: string; 2: string };
  webhookSecret: string;
  /** The level with a Non-Doc step for quick KYC (default: the adapter's DEFAULT_NON_DOC_LEVEL_NAME). */
  nonDocLevelName?: string;
}
export interface OnfidoConfig {
  apiToken: string;
  baseUrl: string;
  sdkUrl: string;
  workflowIds: { 1: string; 2: string };
  webhookSecret: string;
}
export interface JumioConfig {
  clientId: string;
  clientSecret: string;
  authUrl: string;
  accountUrl: string;
  retrievalUrl: string;
  workflowKeys: { 1: string; 2: string };
  webhookSecret: string;
}
export interface IdnowConfig {
  companyId: string;
  apiKey: string;
  baseUrl: string;
  webUrl: string;
  webhookSecret: string;
  /** Signed (JWT) webhooks of IDnow's newer platform, accepted alongside the secret header; null: not configured. */
  webhookJwt?: IdnowJwtConfig | null;
}
/** IDnow's signed webhooks (decision 022): its published keys and the claims it signs with. */
export interface IdnowJwtConfig {
  /** IDnow's published JWKS (`{ "keys": [ … ] }`). */
  jwks: { keys: JsonWebKey[] };
  /** `iss` IDnow signs with (its OIDC issuer). */
  issuer: string;
  /** `aud`: our application as registered at IDnow. */
  audience: string;
}
export interface AaiConfig {
  accessKey: string;
  secretKey: string;
  baseUrl: string;
  webhookSecret: string;
}

/** Each vendor's settings; `null` when its credentials are not set (a fake may stand in). */
export interface VendorsConfig {
  publicUrl: string | null;
  timeoutMs: number;
  retries: number;
  sumsub: SumsubConfig | null;
  onfido: OnfidoConfig | null;
  jumio: JumioConfig | null;
  idnow: IdnowConfig | null;
  aai: AaiConfig | null;
  /**
   * What the fakes sign their webhooks with (demo mode: the configured secret, else the published
   * one); null outside demo mode, where no fake runs.
   */
  webhookSecrets: Record<VendorName, string> | null;
}

/** IDnow's JWT webhooks: the JWKS, issuer and audience together, or none of them. */
function idnowJwt(e: VendorEnv, problems: string[]): IdnowJwtConfig | null {
  const set = [e.IDNOW_WEBHOOK_JWKS, e.IDNOW_WEBHOOK_ISSUER, e.IDNOW_WEBHOOK_AUDIENCE].filter((v) => v !== undefined).length;
  if (set === 0) return null;
  if (set < 3) {
    problems.push('IDNOW_WEBHOOK_JWKS/IDNOW_WEBHOOK_ISSUER/IDNOW_WEBHOOK_AUDIENCE: set all three or none');
    return null;
  }
  return { jwks: e.IDNOW_WEBHOOK_JWKS as IdnowJwtConfig['jwks'], issuer: e.IDNOW_WEBHOOK_ISSUER!, audience: e.IDNOW_WEBHOOK_AUDIENCE! };
}

/** Both of a pair set, or neither; one alone is a configuration mistake. */
function both<T>(name: string, a: string | undefined, b: string | undefined, make: (a: string, b: string) => T, problems: string[]): T | null {
  if (a && b) return make(a, b);
  if (a || b) problems.push(`${name}: set both credentials or neither`);
  return null;
}

/** The configured values that must never be a published one outside demo mode. */
const SECRET_SETTINGS = [
  'SUMSUB_APP_TOKEN',
  'SUMSUB_SECRET_KEY',
  'SUMSUB_WEBHOOK_SECRET',
  'ONFIDO_API_TOKEN',
  'ONFIDO_WEBHOOK_SECRET',
  'JUMIO_CLIENT_SECRET',
  'JUMIO_WEBHOOK_SECRET',
  'IDNOW_API_KEY',
  'IDNOW_WEBHOOK_SECRET',
  'AAI_SECRET_KEY',
  'AAI_WEBHOOK_SECRET',
] as const;

export function vendorsConfigOf(e: VendorEnv, { demo }: { demo: boolean }): VendorsConfig {
  const problems: string[] = [];
  const secretOf: Record<VendorName, string | undefined> = {
    sumsub: e.SUMSUB_WEBHOOK_SECRET,
    onfido: e.ONFIDO_WEBHOOK_SECRET,
    jumio: e.JUMIO_WEBHOOK_SECRET,
    idnow: e.IDNOW_WEBHOOK_SECRET,
    aai: e.AAI_WEBHOOK_SECRET,
  };
  if (!demo) {
    // Anybody could sign with a published secret: outside demo mode it is a configuration mistake.
    for (const name of SECRET_SETTINGS) {
      if (isPublishedSecret(e[name])) problems.push(`${name}: is a published demo value (anybody could use it); set your own, or DEMO=true for a demo`);
    }
  }
  // Only a vendor with credentials reads its secret outside demo mode, and it must have its own.
  const secret = (vendor: VendorName) => secretOf[vendor] ?? (demo ? DEMO_WEBHOOK_SECRETS[vendor] : '');
  const cfg: VendorsConfig = {
    publicUrl: e.PUBLIC_URL ?? null,
    timeoutMs: e.VENDOR_TIMEOUT_MS,
    retries: e.VENDOR_RETRIES,
    sumsub: both('SUMSUB_APP_TOKEN/SUMSUB_SECRET_KEY', e.SUMSUB_APP_TOKEN, e.SUMSUB_SECRET_KEY, (appToken, secretKey) => ({
      appToken,
      secretKey,
      baseUrl: e.SUMSUB_BASE_URL,
      websdkUrl: e.SUMSUB_WEBSDK_URL,
      levelNames: e.SUMSUB_LEVEL_NAMES,
      webhookSecret: secret('sumsub'),
      ...(e.SUMSUB_NON_DOC_LEVEL_NAME ? { nonDocLevelName: e.SUMSUB_NON_DOC_LEVEL_NAME } : {}),
    }), problems),
    onfido: e.ONFIDO_API_TOKEN
      ? { apiToken: e.ONFIDO_API_TOKEN, baseUrl: e.ONFIDO_BASE_URL, sdkUrl: e.ONFIDO_SDK_URL, workflowIds: e.ONFIDO_WORKFLOW_IDS, webhookSecret: secret('onfido') }
      : null,
    jumio: both('JUMIO_CLIENT_ID/JUMIO_CLIENT_SECRET', e.JUMIO_CLIENT_ID, e.JUMIO_CLIENT_SECRET, (clientId, clientSecret) => ({
      clientId,
      clientSecret,
      authUrl: e.JUMIO_AUTH_URL,
      accountUrl: e.JUMIO_ACCOUNT_URL,
      retrievalUrl: e.JUMIO_RETRIEVAL_URL,
      workflowKeys: e.JUMIO_WORKFLOW_KEYS,
      webhookSecret: secret('jumio'),
    }), problems),
    idnow: both('IDNOW_COMPANY_ID/IDNOW_API_KEY', e.IDNOW_COMPANY_ID, e.IDNOW_API_KEY, (companyId, apiKey) => ({
      companyId,
      apiKey,
      baseUrl: e.IDNOW_BASE_URL,
      webUrl: e.IDNOW_WEB_URL,
      webhookSecret: secret('idnow'),
      webhookJwt: idnowJwt(e, problems),
    }), problems),
    aai: both('AAI_ACCESS_KEY/AAI_SECRET_KEY', e.AAI_ACCESS_KEY, e.AAI_SECRET_KEY, (accessKey, secretKey) => ({
      accessKey,
      secretKey,
      baseUrl: e.AAI_BASE_URL,
      webhookSecret: secret('aai'),
    }), problems),
    webhookSecrets: demo ? { sumsub: secret('sumsub'), onfido: secret('onfido'), jumio: secret('jumio'), idnow: secret('idnow'), aai: secret('aai') } : null,
  };
  for (const vendor of Object.keys(DEMO_WEBHOOK_SECRETS) as VendorName[]) {
    if (cfg[vendor] && !secretOf[vendor]) problems.push(`${vendor.toUpperCase()}_WEBHOOK_SECRET: required with real credentials`);
  }
  if (problems.length > 0) throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  return cfg;
}
