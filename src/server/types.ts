import type { ConsoleRole } from '../shared/staff.ts';
import type { Config } from './config.ts';
import type { Db } from './db/index.ts';
import type { AuthenticatedUser } from './modules/accounts/accounts.service.ts';
import type { Services } from './services.ts';

/**
 * Who may call a route:
 * - public: anyone;
 * - user: a signed-in user (cookie session), the default for any path containing /private/;
 * - reviewer: a signed-in compliance reviewer (console);
 * - sdk: an SDK/app caller with a kyc-access-token (§6).
 */
export type AuthMode = 'public' | 'user' | 'reviewer' | 'sdk';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    services: Services;
  }
  interface FastifyRequest {
    auth: AuthenticatedUser | null;
  }
  interface FastifyContextConfig {
    auth?: AuthMode;
    /** Console routes: the console role needed beyond `reviewer` (decision 018), checked before validation. */
    consoleRole?: ConsoleRole;
  }
}
