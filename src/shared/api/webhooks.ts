import { z } from '../zod.ts';
import { ValidationMessage } from '../validation.ts';
import { eventEnvelope, eventTypesField } from '../events.ts';

/**
 * Webhook endpoints and the events feed (issue 29, decision 050): the console's administration
 * (administrators only) and the partner's signed feed. One schema for the console, the CLI and the server.
 */
export const WebhookPath = {
  /** GET: every endpoint; POST: a new exchange-wide endpoint (every user's events). */
  consoleWebhooks: '/v1/console/webhooks',
  /** POST: a new endpoint receiving one business's applicants' events only. */
  consoleBusinessWebhooks: '/v1/console/businesses/:id/webhooks',
  /** POST: enable or disable. */
  consoleWebhook: '/v1/console/webhooks/:id',
  consoleWebhookDelete: '/v1/console/webhooks/:id/delete',
  consoleWebhookRotateSecret: '/v1/console/webhooks/:id/rotate-secret',
  /** GET: the delivery log (attempts, newest first) and the deliveries' states. */
  consoleWebhookDeliveries: '/v1/console/webhooks/:id/deliveries',
  /** POST: send one event again, or every event since a time. */
  consoleWebhookRedeliver: '/v1/console/webhooks/:id/redeliver',
  /** GET, signed by the partner's server: that business's events after a cursor. */
  integrationEvents: '/v1/s1/kyc/integration/events',
  /** GET: the exchange-wide events feed's keys; POST: issue one (the key shown once). */
  consoleFeedKeys: '/v1/console/events-feed-keys',
  consoleFeedKeyRevoke: '/v1/console/events-feed-keys/:id/revoke',
  /** GET, with `Authorization: Bearer <key>` (an administrator issued it): every event after a cursor. */
  exchangeEvents: '/v1/exchange/kyc/integration/events',
} as const;

export const WebhookStatus = { ENABLED: 'ENABLED', DISABLED: 'DISABLED' } as const;
export type WebhookStatus = (typeof WebhookStatus)[keyof typeof WebhookStatus];

/** An http(s) URL without credentials or fragment; where it may point is checked by the server (SSRF rules). */
const urlField = z
  .string({ error: ValidationMessage.REQUIRED })
  .trim()
  .max(500, { error: ValidationMessage.MAX_LENGTH })
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === 'https:' || u.protocol === 'http:') && !u.username && !u.password && !u.hash;
    } catch {
      return false;
    }
  }, { error: ValidationMessage.TYPE });

export const createWebhookRequest = z.strictObject({ url: urlField, events: eventTypesField });
export type CreateWebhookInput = z.output<typeof createWebhookRequest>;

/** The secret is answered here and on rotation only: never stored in the clear, never shown again. */
export const webhookSecretResult = z.object({ id: z.string(), secret: z.string() });

export const webhookIdParams = z.object({ id: z.string().min(1).max(64) });
export const businessWebhookParams = z.object({ id: z.string().min(1).max(64) });

export const webhookView = z.object({
  id: z.string(),
  businessId: z.string().nullable(),
  url: z.string(),
  events: z.array(z.string()),
  status: z.enum(WebhookStatus),
  disabledReason: z.string().nullable(),
  /** Who disabled it (the console's translated wording): an administrator, or the relay after days of failures. */
  disabledBy: z.enum(['ADMINISTRATOR', 'FAILURES']).nullable(),
  failingSince: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  secretCreatedAt: z.string().nullable(),
  /** The end of a rotated secret's overlap (it still signs until then), or null. */
  previousSecretValidUntil: z.string().nullable(),
  pendingDeliveries: z.number().int(),
  /** Pending after at least one failed attempt (waiting for a retry). */
  failingDeliveries: z.number().int(),
  /** Every retry failed (the console can send them again). */
  deadDeliveries: z.number().int(),
});
export type WebhookView = z.output<typeof webhookView>;
export const webhookListResult = z.object({ webhooks: z.array(webhookView) });
export const webhookResult = z.object({ webhook: webhookView });

export const updateWebhookRequest = z.strictObject({ status: z.enum(WebhookStatus) });
export const rotateWebhookSecretRequest = z.strictObject({ overlapMinutes: z.number().int().min(0).max(7 * 24 * 60).default(24 * 60) });

export const deliveriesQuery = z.object({ limit: z.coerce.number().int().min(1).max(200).default(50) });
export const deliveriesResult = z.object({
  deliveries: z.array(
    z.object({
      id: z.string(),
      eventId: z.string(),
      type: z.string(),
      /** PENDING (waiting or retrying), DELIVERED, DEAD (every retry failed). */
      status: z.string(),
      attempts: z.number().int(),
      nextAttemptAt: z.string().nullable(),
      lastStatus: z.number().int().nullable(),
      lastError: z.string().nullable(),
      /** The last attempt's time to answer, and the answer's first bytes (null before any attempt). */
      lastLatencyMs: z.number().int().nullable(),
      lastResponseExcerpt: z.string().nullable(),
      createdAt: z.string(),
      deliveredAt: z.string().nullable(),
    }),
  ),
  attempts: z.array(
    z.object({
      id: z.string(),
      eventId: z.string(),
      type: z.string(),
      attempt: z.number().int(),
      at: z.string(),
      httpStatus: z.number().int().nullable(),
      latencyMs: z.number().int(),
      responseExcerpt: z.string().nullable(),
      error: z.string().nullable(),
    }),
  ),
});

export const redeliverRequest = z.union([z.strictObject({ eventId: z.string().min(1).max(100) }), z.strictObject({ since: z.iso.datetime() })]);
export const redeliverResult = z.object({ scheduled: z.number().int() });

/** The feed's cursor: opaque to the consumer (the position after the last event it read). */
export const eventsFeedQuery = z.object({
  after: z.string().regex(/^[0-9]{1,15}$/, { error: ValidationMessage.TYPE }).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const eventsFeedResult = z.object({ events: z.array(eventEnvelope), next: z.string() });

export type WebhookListResult = z.output<typeof webhookListResult>;
export type WebhookResult = z.output<typeof webhookResult>;
export type WebhookSecretResult = z.output<typeof webhookSecretResult>;
export type DeliveriesResult = z.output<typeof deliveriesResult>;
export type RedeliverResult = z.output<typeof redeliverResult>;

/** An exchange-wide feed key: `efk_<id>_<secret>`; the id names it in lists and the audit trail, only the secret's hash is kept. */
export const FEED_KEY_PATTERN = /^efk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

export const issueFeedKeyRequest = z.strictObject({
  /** What it is for ("withdrawal service"): shown in the console and the audit trail. */
  name: z.string({ error: ValidationMessage.REQUIRED }).trim().min(1, { error: ValidationMessage.REQUIRED }).max(100, { error: ValidationMessage.MAX_LENGTH }),
});
export const feedKeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
});
export type FeedKeyView = z.output<typeof feedKeyView>;
export const feedKeyListResult = z.object({ keys: z.array(feedKeyView) });
/** The key itself is answered here only: never stored, never shown again. */
export const feedKeySecretResult = z.object({ key: feedKeyView, secret: z.string() });
export const feedKeyResult = z.object({ key: feedKeyView });
export type FeedKeyListResult = z.output<typeof feedKeyListResult>;
export type FeedKeySecretResult = z.output<typeof feedKeySecretResult>;
export type FeedKeyResult = z.output<typeof feedKeyResult>;
