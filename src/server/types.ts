import type { ConsoleRole } from '../shared/staff.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { AuthenticatedUser } from './modules/accounts/accounts.service.ts';
import type { SdkCaller } from './modules/partners/partners.service.ts';
import type { Services } from './services.ts';

/**
 * Who may call a route:
 * - public: anyone;
 * - user: a signed-in user (cookie session), the default for any path containing /private/;
 * - reviewer: a signed-in compliance reviewer (console);
 * - sdk: an SDK/app caller with a kyc-access-token, origin and business scene (§6), never a cookie;
 * - partner: a partner's server, by a signed request (X-Partner-Key / -Ts / -Sig over the raw body);
 * - feedKey: a system of the exchange reading the exchange-wide events feed, by a key an administrator issued (decision 056).
 */
export type AuthMode = 'public' | 'user' | 'reviewer' | 'sdk' | 'partner' | 'feedKey';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    services: Services;
  }
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
    /** SDK routes: the access token's business, scene, origin and applicant (decision 021). */
    sdk: SdkCaller | null;
    /** Partner routes: the business whose signature was verified. */
    partner: { id: string; name: string } | null;
    /** Exchange-wide feed routes: the events feed key that was presented (its id). */
    feedKey: { id: string } | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Console routes: the console role needed beyond `reviewer` (decision 018), checked before validation. */
    consoleRole?: ConsoleRole;
    /** SDK routes: the origin header is not checked (token info: the page learns its origin there). */
    sdkOriginOptional?: boolean;
  }
}
