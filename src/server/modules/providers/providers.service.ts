import { Provider } from '../../../shared/kyc.ts';
import type { ProviderRoute } from '../../config.ts';
import type { SessionRequest, VendorOrigins, VerificationProvider, VerificationSession } from './port.ts';
import { pickRoute, type RouteChoice, type RoutingInput } from './routing.ts';

export type {
  IncomingWebhook,
  Launch,
  NonDocCheckInput,
  NonDocCheckResult,
  ProviderOutcome,
  ProviderWebhookEvent,
  SessionRequest,
  VendorOrigins,
  VerificationProvider,
  VerificationSession,
} from './port.ts';
export type { RouteChoice, RoutingInput } from './routing.ts';
export { bucketOf } from './routing.ts';
export { VendorProtocolError, VendorUnavailableError, WebhookRejected } from './errors.ts';
export { createInHouseProvider, type InHouseResults } from './in-house/in-house.provider.ts';
export { createVendorProviders } from './vendors.ts';
/** The fakes' small HTTP server, for other third parties' stand-ins (yente's, decision 043). */
export { startFakeServer, type FakeFault, type FakeReply, type FakeRequest, type RunningFake } from './fake-kit/fake-server.ts';
export { DEMO_PROVIDER_ROUTES, startVendorFakes, SUMSUB_DEMO_CREDENTIALS, type VendorFakes } from './vendor-fakes.ts';

/**
 * The verification providers of this server and the routing data that picks one per user and level
 * (docs/decisions/014, 016). A routing rule naming a provider that is not implemented here stops the
 * server at startup: a user must never be sent to a provider that cannot serve them.
 */
export function createProvidersService({ routes, providers }: { routes: readonly ProviderRoute[]; providers: readonly VerificationProvider[] }) {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const named = routes.flatMap((r) => (r.provider ? [r.provider] : (r.split ?? []).map((s) => s.provider)));
  const missing = [...new Set(named)].filter((id) => !byId.has(id));
  if (missing.length > 0) throw new Error(`KYC_PROVIDER_ROUTES names providers this server does not implement: ${missing.join(', ')}`);

  /** The rule's choice for a user and level; where no rule matches, the in-house provider (README). */
  function choose(input: RoutingInput): RouteChoice & { matched: boolean } {
    const choice = pickRoute(routes, input);
    return choice ? { ...choice, matched: true } : { provider: Provider.PROVIDER_DEFAULT, split: [], bucket: 0, matched: false };
  }

  function get(id: Provider): VerificationProvider {
    const provider = byId.get(id);
    if (!provider) throw new Error(`no provider ${id} on this server`);
    return provider;
  }

  return {
    choose,
    /** The provider the rules give a user and level (the kyc module first keeps an open application's provider). */
    route: (input: RoutingInput): VerificationProvider => get(choose(input).provider),
    /** The provider with this id, or undefined (e.g. a webhook for a provider that is not configured). */
    find: (id: Provider): VerificationProvider | undefined => byId.get(id),
    get,
    /** Starts a session with the given provider. */
    startSession: (id: Provider, request: SessionRequest): Promise<VerificationSession> => get(id).createSession(request),
    /** Every origin the configured providers' browser parts need, per CSP directive. */
    origins(): VendorOrigins {
      const all: VendorOrigins = { script: [], frame: [], connect: [], img: [] };
      for (const p of byId.values()) {
        const o = p.origins();
        for (const k of Object.keys(all) as (keyof VendorOrigins)[]) all[k].push(...o[k]);
      }
      for (const k of Object.keys(all) as (keyof VendorOrigins)[]) all[k] = [...new Set(all[k])].sort();
      return all;
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
