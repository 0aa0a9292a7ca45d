import { Provider } from '../../../shared/kyc.ts';
import type { Config, ProviderRoute } from '../../config.ts';
import { DEMO_VENDOR_CREDENTIALS } from '../../published-secrets.ts';
import { startJumioFake } from './jumio/fake.ts';
import { ONFIDO_API_PREFIX, ONFIDO_SDK_PATH, startOnfidoFake } from './onfido/fake.ts';
import { startAaiFake } from './aai/fake.ts';
import { IDNOW_FAKE_AUDIENCE, startIdnowFake } from './idnow/fake.ts';
import { startSumsubFake } from './sumsub/fake.ts';

/**
 * The offline stand-ins for vendors (docs/decisions/016): in demo mode (DEMO, decision 035) every
 * vendor without credentials is served by its local fake on 127.0.0.1, with the demo secrets
 * published in the README (published-secrets.ts), and — unless KYC_PROVIDER_ROUTES is set — the demo
 * routing below sends residents of a few countries to each vendor. Never outside demo mode: the
 * caller (start.ts) starts them only then, and this refuses a config that is not in demo mode.
 */

/** The demo routing: one country per vendor (the demo users live there), everything else in-house. */
export const DEMO_PROVIDER_ROUTES: ProviderRoute[] = [
  { provider: Provider.PROVIDER_SUMSUB, countries: ['GB'] },
  { provider: Provider.PROVIDER_ONFIDO, countries: ['FR'] },
  { provider: Provider.PROVIDER_JUMIO, countries: ['US'] },
  // IDnow's identification and AAI's H5 liveness check identities, not addresses: level 1 only.
  { provider: Provider.PROVIDER_IDNOW, countries: ['AT'], levels: [1] },
  { provider: Provider.PROVIDER_AAI, countries: ['SG'], levels: [1] },
  { provider: Provider.PROVIDER_DEFAULT },
];

/** The Sumsub fake's demo App Token and secret (published: README; the sandbox API in browser tests). */
export const SUMSUB_DEMO_CREDENTIALS = DEMO_VENDOR_CREDENTIALS.sumsub;

export interface VendorFakes {
  /** The config with the fakes' addresses and demo credentials filled in. */
  config: Config;
  /** Tells every fake where our webhooks are (known once we listen). */
  setWebhookBase(origin: string): void;
  /** What each fake is, for the start banner. */
  describe(): string[];
  close(): Promise<void>;
}

/** Starts a fake for each vendor that has no credentials; `autoReviewMs`: the fakes review by themselves (demo). */
export async function startVendorFakes(config: Config, { autoReviewMs = 4000, explicitRoutes }: { autoReviewMs?: number | null; explicitRoutes: boolean }): Promise<VendorFakes> {
  const v = config.vendors;
  const webhookSecrets = v.webhookSecrets;
  if (!config.demo || !webhookSecrets) throw new Error('vendor fakes run in demo mode only (DEMO)');
  const closers: (() => Promise<void>)[] = [];
  const hooks: ((origin: string) => void)[] = [];
  const lines: string[] = [];
  const vendors = { ...v };

  if (!v.sumsub) {
    const secrets = { ...SUMSUB_DEMO_CREDENTIALS, webhookSecret: webhookSecrets.sumsub };
    const fake = await startSumsubFake({ ...secrets, autoReviewMs });
    vendors.sumsub = {
      ...secrets,
      baseUrl: fake.origin,
      websdkUrl: `${fake.origin}/idensic/static/sns-websdk-builder.js`,
      levelNames: { 1: 'id-and-liveness', 2: 'proof-of-address' },
    };
    hooks.push((origin) => fake.setWebhookUrl(`${origin}/x-api/v1/webhooks/sumsub`));
    closers.push(() => fake.close());
    lines.push(`Sumsub (local fake) ${fake.origin}`);
  }

  if (!v.onfido) {
    const workflowIds = { 1: 'demo-workflow-level-1', 2: 'demo-workflow-level-2' };
    const fake = await startOnfidoFake({ apiToken: DEMO_VENDOR_CREDENTIALS.onfido.apiToken, webhookToken: webhookSecrets.onfido, workflowIds, autoReviewMs });
    vendors.onfido = {
      apiToken: DEMO_VENDOR_CREDENTIALS.onfido.apiToken,
      baseUrl: `${fake.origin}${ONFIDO_API_PREFIX}`,
      sdkUrl: `${fake.origin}${ONFIDO_SDK_PATH}`,
      workflowIds,
      webhookSecret: webhookSecrets.onfido,
    };
    hooks.push((origin) => fake.setWebhookUrl(`${origin}/x-api/v1/webhooks/onfido`));
    closers.push(() => fake.close());
    lines.push(`Onfido (local fake) ${fake.origin}`);
  }

  if (!v.jumio) {
    const secrets = { ...DEMO_VENDOR_CREDENTIALS.jumio };
    const workflowKeys = { 1: '10011', 2: '10015' };
    // Jumio takes the callback address per account; the fake calls whatever address it was given.
    const fake = await startJumioFake({ ...secrets, workflowKeys, autoReviewMs });
    vendors.jumio = {
      ...secrets,
      authUrl: fake.origin,
      accountUrl: fake.origin,
      retrievalUrl: fake.origin,
      workflowKeys,
      webhookSecret: webhookSecrets.jumio,
    };
    closers.push(() => fake.close());
    lines.push(`Jumio (local fake) ${fake.origin}`);
  }

  if (!v.idnow) {
    const secrets = { ...DEMO_VENDOR_CREDENTIALS.idnow, webhookSecret: webhookSecrets.idnow };
    const fake = await startIdnowFake({ ...secrets, autoReviewMs });
    // API and hosted page on the fake's one origin; its JWT-signed webhooks verified with its own keys.
    vendors.idnow = { ...secrets, baseUrl: fake.origin, webUrl: fake.origin, webhookJwt: { jwks: fake.jwks, issuer: fake.issuer, audience: IDNOW_FAKE_AUDIENCE } };
    hooks.push((origin) => {
      fake.setWebhookUrl(`${origin}/x-api/v1/webhooks/idnow`);
      // IDnow's redirect is a company setting, not per identification; the demo routes level 1 only.
      fake.setRedirectUrl(`${origin}/user/accounts/auth/kyc?level=1&vendor=done`);
    });
    closers.push(() => fake.close());
    lines.push(`IDnow (local fake) ${fake.origin}`);
  }

  if (!v.aai) {
    const secrets = { ...DEMO_VENDOR_CREDENTIALS.aai };
    // AAI takes the callback and return URLs with each link: no hook needed.
    const fake = await startAaiFake({ ...secrets, autoReviewMs });
    vendors.aai = { ...secrets, baseUrl: fake.origin, webhookSecret: webhookSecrets.aai };
    closers.push(() => fake.close());
    lines.push(`ADVANCE.AI (local fake) ${fake.origin}`);
  }

  return {
    config: { ...config, vendors, providerRoutes: explicitRoutes ? config.providerRoutes : DEMO_PROVIDER_ROUTES },
    setWebhookBase: (origin) => hooks.forEach((h) => h(origin)),
    describe: () => lines,
    close: async () => {
      await Promise.all(closers.map((c) => c()));
    },
  };
}
