import type { VendorsConfig } from '../../vendor-config.ts';
import { isPublishedSecret } from '../../published-secrets.ts';
import { WebhookRejected } from './errors.ts';
import type { VerificationProvider } from './port.ts';
import { createJumioProvider } from './jumio/jumio.provider.ts';
import { createOnfidoProvider } from './onfido/onfido.provider.ts';
import { createAaiProvider } from './aai/aai.provider.ts';
import { createIdnowProvider } from './idnow/idnow.provider.ts';
import { createSumsubProvider } from './sumsub/sumsub.provider.ts';

/**
 * The vendor adapters this server runs: one per vendor whose settings are present (real credentials,
 * or a local fake's address filled in by vendor-fakes.ts). Vendors without settings are absent, and
 * a routing rule naming one stops the server at startup.
 */
export function createVendorProviders(vendors: VendorsConfig, options: { backoffMs?: number; demo?: boolean } = {}): VerificationProvider[] {
  const { demo = false, ...rest } = options;
  const http = { timeoutMs: vendors.timeoutMs, retries: vendors.retries, ...rest };
  const list: VerificationProvider[] = [];
  const guard = (provider: VerificationProvider, webhookSecret: string) => list.push(outsideDemo(provider, webhookSecret, demo));
  if (vendors.sumsub) guard(createSumsubProvider(vendors.sumsub, http), vendors.sumsub.webhookSecret);
  if (vendors.onfido) guard(createOnfidoProvider(vendors.onfido, http), vendors.onfido.webhookSecret);
  if (vendors.jumio) guard(createJumioProvider(vendors.jumio, http), vendors.jumio.webhookSecret);
  if (vendors.idnow) guard(createIdnowProvider(vendors.idnow, http), vendors.idnow.webhookSecret);
  if (vendors.aai) guard(createAaiProvider(vendors.aai, http), vendors.aai.webhookSecret);
  return list;
}

/**
 * Outside demo mode a vendor whose webhook secret is a published one accepts no webhook at all (401):
 * every delivery it could verify might have been signed by anybody. Startup already refuses such a
 * setting (vendor-config.ts); this holds for a config made any other way too (decision 035).
 */
function outsideDemo(provider: VerificationProvider, webhookSecret: string, demo: boolean): VerificationProvider {
  if (demo || !isPublishedSecret(webhookSecret)) return provider;
  return {
    ...provider,
    parseWebhook: () => Promise.reject(new WebhookRejected(401, 'signed with a published demo secret: refused outside demo mode')),
  };
}
