import { flowForLevel, Provider, type VerifiableLevel } from '../../../../shared/kyc.ts';
import { WebhookRejected } from '../errors.ts';
import type { ProviderOutcome, VerificationProvider } from '../port.ts';

/** Where the in-house provider reads outcomes: the kyc module's applications and their review cases. */
export interface InHouseResults {
  outcomeOf(userId: string, level: VerifiableLevel): Promise<ProviderOutcome>;
}

/**
 * The in-house provider (PROVIDER_DEFAULT): our own document + selfie capture (the kyc screens and the
 * documents module), reviewed by people in the compliance console. Its sessions need no token and
 * no outside API; its decisions reach the kyc module through review cases, never through webhooks.
 */
export function createInHouseProvider(results: InHouseResults): VerificationProvider {
  return {
    id: Provider.PROVIDER_DEFAULT,
    async createSession({ level }) {
      return { provider: Provider.PROVIDER_DEFAULT, level, flowName: flowForLevel(level), apiUrl: '', externalId: null, launch: { mode: 'IN_HOUSE' }, expiresAt: null };
    },
    async parseWebhook() {
      // Decisions on in-house applications are made in the console (review cases); nobody outside
      // may post one, so every "webhook" for this provider is refused.
      throw new WebhookRejected(401, 'the in-house provider accepts no webhooks');
    },
    fetchResult: ({ userId, level }) => results.outcomeOf(userId, level),
    // Our own capture screens: nothing from elsewhere.
    origins: () => ({ script: [], frame: [], connect: [], img: [] }),
  };
}
