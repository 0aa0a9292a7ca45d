import { Site } from '../../shared/sites.ts';
import type { Actor } from '../modules/audit/audit.service.ts';
import type { Services } from '../services.ts';

/**
 * Identity transfer demo (issue 12, decision 029), made through the services: an account on the EU
 * entity, and a verified main-site user who consented to move their identity to it. The transfer
 * waits for the source's e-mailed code, then the EU account's confirmation and a reviewer (the EU
 * entity is regulated).
 */
export const TransferDemo = {
  /** An account on the EU site that receives the identity. */
  EU_ACCOUNT: 'EU_ACCOUNT',
  /** Level 1 approved on the main site; consented to move it to TRANSFER_TARGET_EMAIL. */
  PENDING: 'PENDING',
} as const;
export type TransferDemo = (typeof TransferDemo)[keyof typeof TransferDemo];

export const TRANSFER_TARGET_EMAIL = 'transfer-eu@example.com';

const SYSTEM: Actor = { type: 'system', id: null };

export async function buildTransferDemo(services: Services, userId: string, demo: TransferDemo): Promise<void> {
  if (demo === TransferDemo.EU_ACCOUNT) {
    await services.reverification.setSite(userId, Site.EU, SYSTEM);
    return;
  }
  await services.transfers.start(userId, { targetEmail: TRANSFER_TARGET_EMAIL, consent: true }, { type: 'user', id: userId });
}
