import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db/index.ts';
import type { Actor } from './modules/audit/audit.service.ts';
import type { VendorDemo } from './demo/vendor-reverification-scenario.ts';
import type { Services } from './services.ts';
import { demoAccountIds, seedDemoOnStart } from './seed.ts';

const SYSTEM: Actor = { type: 'system', id: null };

/**
 * What demo mode (DEMO, docs/decisions/035) leaves on the database at every start. In demo mode: the
 * demo users are seeded (a new database, or a seeding a crash interrupted) and any the switch
 * disabled earlier are enabled again, with the demo partner business. Without it: the demo accounts
 * a demo run left behind are disabled (no login, sessions ended) and the demo business too, audited
 * and said in the log, so a deployment tried once in demo mode keeps no published password.
 */
export async function applyDemoMode(services: Services, db: Db, { demo, log, vendorDemo }: { demo: boolean; log: FastifyBaseLogger; vendorDemo?: VendorDemo | undefined }): Promise<void> {
  if (demo) {
    const created = await seedDemoOnStart(services, db, vendorDemo);
    if (created.length > 0) log.info({ count: created.length }, 'demo mode: demo users created (published passwords)');
    const enabled = await services.accounts.enableAccounts(await demoAccountIds(services.accounts), 'demo mode on', SYSTEM);
    if (enabled.length > 0) log.warn({ accounts: enabled }, 'demo mode: demo accounts enabled again (published passwords)');
    await services.partners.ensureDemoBusiness(SYSTEM);
    return;
  }
  const disabled = await services.accounts.disableAccounts(await demoAccountIds(services.accounts), 'demo mode off', SYSTEM);
  if (disabled.length > 0) log.warn({ accounts: disabled }, 'demo mode is off: demo accounts from an earlier demo run disabled (they can no longer log in; their sessions ended)');
  if (await services.partners.disableDemoBusiness(SYSTEM)) log.warn('demo mode is off: the demo partner business (published secret) disabled');
}
