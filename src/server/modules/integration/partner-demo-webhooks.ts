import { Webhook } from 'standardwebhooks';
import type { Actor } from '../audit/audit.service.ts';
import type { EventsService } from '../events/events.service.ts';
import { DEMO_PARTNER_ID } from '../partners/partners.service.ts';

/**
 * The partner demo's webhook receiver (decision 056, demo mode only): what a partner's backend does
 * with our deliveries — verify each with the Standard Webhooks package and the endpoint's secret —
 * kept in memory (the last few) for the demo page to show live. Nothing here is stored.
 */

export interface ReceivedWebhook {
  /** The event id (`webhook-id`). */
  id: string;
  type: string;
  /** When the change happened (the body's timestamp). */
  timestamp: string;
  receivedAt: string;
  verified: boolean;
}

const SYSTEM: Actor = { type: 'system', id: null };
/** How many deliveries the page shows (newest first). */
export const DEMO_WEBHOOKS_KEPT = 20;

export function createDemoReceiver() {
  let secret: string | null = null;
  const received: ReceivedWebhook[] = [];
  return {
    /** The endpoint's current signing secret (from its registration or a rotation at this start). */
    setSecret(value: string) {
      secret = value;
    },
    get connected() {
      return secret !== null;
    },
    /** One delivery: verified over the raw body, kept either way (the page says which). True when verified. */
    receive(rawBody: string, headers: Record<string, string | string[] | undefined>): boolean {
      const flat = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]));
      let verified = false;
      let body: { type?: unknown; timestamp?: unknown } = {};
      try {
        if (secret) body = new Webhook(secret).verify(rawBody, flat) as typeof body;
        verified = secret !== null;
      } catch {
        // Refused: wrong or missing signature, or too old (the package's five-minute tolerance).
        try {
          body = JSON.parse(rawBody) as typeof body;
        } catch {
          body = {};
        }
      }
      received.unshift({ id: String(flat['webhook-id'] ?? '').slice(0, 100), type: String(body.type ?? '?').slice(0, 100), timestamp: String(body.timestamp ?? '').slice(0, 40), receivedAt: new Date().toISOString(), verified });
      received.length = Math.min(received.length, DEMO_WEBHOOKS_KEPT);
      return verified;
    },
    list: (): ReceivedWebhook[] => [...received],
  };
}

export type DemoReceiver = ReturnType<typeof createDemoReceiver>;

/**
 * The demo business's endpoint pointing at the receiver: registered on the first start (every event
 * type), re-keyed on later ones (its secret is sealed and never shown again, so the demo takes a new
 * one with no overlap) and enabled again if it was disabled. Audited as the system, like the CLI.
 */
export async function connectDemoEndpoint(events: EventsService, url: string): Promise<string> {
  const existing = (await events.list()).find((w) => w.businessId === DEMO_PARTNER_ID && w.url === url);
  if (!existing) return (await events.createEndpoint(DEMO_PARTNER_ID, { url, events: ['*'] }, SYSTEM)).secret;
  if (existing.status !== 'ENABLED') await events.setStatus(existing.id, 'ENABLED', SYSTEM);
  return (await events.rotateSecret(existing.id, 0, SYSTEM)).secret;
}
