import type { VendorsConfig } from '../../vendor-config.ts';
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
export function createVendorProviders(vendors: VendorsConfig, options: { backoffMs?: number } = {}): VerificationProvider[] {
  const http = { timeoutMs: vendors.timeoutMs, retries: vendors.retries, ...options };
  const list: VerificationProvider[] = [];
  if (vendors.sumsub) list.push(createSumsubProvider(vendors.sumsub, http));
  if (vendors.onfido) list.push(createOnfidoProvider(vendors.onfido, http));
  if (vendors.jumio) list.push(createJumioProvider(vendors.jumio, http));
  if (vendors.idnow) list.push(createIdnowProvider(vendors.idnow, http));
  if (vendors.aai) list.push(createAaiProvider(vendors.aai, http));
  return list;
}
