import { Provider, type VerifiableLevel } from '../../../shared/kyc.ts';
import type { ProviderRoute } from '../../config.ts';
import type { VerificationProvider, VerificationSession, WebStart } from './port.ts';
import { pickProvider, type RoutingInput } from './routing.ts';

export type { IncomingWebhook, ProviderOutcome, ProviderWebhookEvent, VerificationProvider, VerificationSession, WebStart } from './port.ts';
export type { RoutingInput } from './routing.ts';
export { createInHouseProvider, type InHouseResults } from './in-house/in-house.provider.ts';

/**
 * The verification providers of this server and the routing data that picks one per user and level
 * (docs/decisions/014). A routing rule naming a provider that is not implemented here stops the
 * server at startup: a user must never be sent to a provider that cannot serve them.
 */
export function createProvidersService({ routes, providers }: { routes: readonly ProviderRoute[]; providers: readonly VerificationProvider[] }) {
  const byId = new Map(providers.map((p) => [p.id, p]));
  const missing = [...new Set(routes.map((r) => r.provider))].filter((id) => !byId.has(id));
  if (missing.length > 0) throw new Error(`KYC_PROVIDER_ROUTES names providers this server does not implement: ${missing.join(', ')}`);

  /** The provider for a user and level; where no rule matches, the in-house one (documented in the README). */
  function route(input: RoutingInput): VerificationProvider {
    const id = pickProvider(routes, input) ?? Provider.PROVIDER_DEFAULT;
    const provider = byId.get(id);
    if (!provider) throw new Error(`no provider ${id} on this server`);
    return provider;
  }

  return {
    route,
    /** The provider with this id, or undefined (e.g. a webhook for a provider that is not configured). */
    get: (id: Provider): VerificationProvider | undefined => byId.get(id),
    /** Starts a session with the routed provider and says what the web needs to start it. */
    async startSession(userId: string, input: RoutingInput & { level: VerifiableLevel }): Promise<{ session: VerificationSession; web: WebStart }> {
      const provider = route(input);
      const session = await provider.createSession({ userId, level: input.level });
      return { session, web: provider.webStart(session) };
    },
  };
}

export type ProvidersService = ReturnType<typeof createProvidersService>;
