import { randomUUID, type KeyObject } from 'node:crypto';
import { isIP } from 'node:net';
import type { CreateWebhookInput, WebhookView } from '../../../shared/api/webhooks.ts';
import { WebhookStatus } from '../../../shared/api/webhooks.ts';
import type { DomainEventType, EventEnvelope } from '../../../shared/events.ts';
import { createPollingRunner } from '../../after-commit.ts';
import { openSealed, sealBytes } from '../../crypto/envelope-encryption.ts';
import { loadKeyring, type Keyring } from '../../crypto/keyring.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { inTransaction } from '../../db/transaction.ts';
import { BusinessError, notFound, ValidationFailed } from '../../errors.ts';
import { ValidationMessage } from '../../../shared/validation-rules.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import * as repo from './events.repo.ts';
import { isForbiddenAddress, safePost, type PostResult } from './safe-post.ts';
import { publishIn } from './outbox.ts';
import { createFeedKeys } from './feed-keys.ts';
import { newWebhookSecret, signingKey, webhookHeaders } from './standard-webhooks.ts';
import { createSubscriberPass, type EventSubscriber } from './subscribers.ts';

/** The outbox's public surface (decision 050): other modules write events in their transactions with these. */
export { linkAudienceIn, publishIn } from './outbox.ts';
export { enabledEndpointsFloor, pruneEvents, subscribersFloor } from './prune.ts';
/** What a module that reacts to events implements (decision 057). */
export type { EventSubscriber, SubscribedEvent, SubscriberContext } from './subscribers.ts';
export { createEndpointDisabledMail } from './endpoint-disabled-mail.ts';
export { hostRelay } from './relay-thread.ts';

export interface WebhooksConfig {
  /** WEBHOOK_ALLOW_PRIVATE_ADDRESSES: internal receivers (and tests) on private or loopback addresses. */
  allowPrivate: boolean;
  /** One attempt's time limit. */
  timeoutMs: number;
  /** How often a server relays the outbox (0: only when run: tests). */
  relayIntervalMs: number;
  /** How often a server runs the subscribers (decision 057; 0: only when run: tests). Absent: as the relay. */
  subscriberIntervalMs?: number;
  /** Decision 066: the relay runs in a thread of its own (PostgreSQL), `relayNice` below the server's CPU priority. */
  relayThread?: boolean;
  relayNice?: number;
}

/**
 * The retry schedule after a failed attempt (Standard Webhooks' advice: fast first, then spread):
 * 5 s, 30 s, 2 min, 10 min, 30 min, 2 h, 5 h, 8 h, 10 h — just over a day in all; each with ±20 %
 * jitter, so a receiver back after an outage is not hit by every delivery at the same second.
 * After the last, the delivery is dead (the console can send it again).
 */
export const RETRY_DELAYS_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000, 7_200_000, 18_000_000, 28_800_000, 36_000_000] as const;
/** An endpoint whose every attempt failed for this long is disabled (audited; the console shows why). */
export const DISABLE_AFTER_MS = 5 * 86_400_000;
/** How long a relay holds a delivery it took (longer than any attempt): then another server may take it. */
const LEASE_MS = 120_000;
const FANOUT_BATCH = 500;
const DELIVERY_BATCH = 200;
/** Attempts in flight at once on one server (each to a different user's line). */
const PARALLEL = 32;
const SYSTEM: Actor = { type: 'system', id: null };
/** The stored reason of an administrator's disabling (any other reason is the relay's, after days of failures). */
const DISABLED_BY_ADMINISTRATOR = 'disabled by an administrator';

const secretContext = (id: string) => `webhook_secret:${id}`;
const parseTypes = (json: string): string[] => {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
  } catch {
    return [];
  }
};
const wants = (types: readonly string[], type: string) => types.includes('*') || types.includes(type);
const later = (ms: number) => nowIso(new Date(Date.now() + ms));
const jittered = (ms: number) => Math.round(ms * (0.8 + Math.random() * 0.4));

/** What a stored event is on the wire: Standard Webhooks' `{ type, timestamp, data }` (plus its id in the feed). */
export function envelopeOf(e: repo.EventRow): EventEnvelope {
  return { id: e.id, type: e.type, timestamp: e.created_at, data: JSON.parse(e.data) as Record<string, unknown> };
}

/**
 * Domain events out of the outbox (issue 29, decision 050): webhook endpoints (exchange-wide or one
 * business's) with sealed, rotatable secrets; the relay every server runs — fan-out of new events
 * into deliveries (per endpoint, compare-and-set on its cursor), then due deliveries taken by lease,
 * sent signed (Standard Webhooks), retried with backoff, dead after a day, in order per user; the
 * delivery log; redelivery; the events feed.
 */
export function createEventsService({
  db,
  config,
  dataEncryptionKey,
  previousEncryptionKeys,
  dataDir,
  businesses,
  onError = () => {},
  keyring: injectedKeyring,
}: {
  db: Db;
  config: WebhooksConfig;
  dataEncryptionKey?: string | undefined;
  previousEncryptionKeys?: string[] | undefined;
  dataDir: string;
  /** The partners module: whether a business exists (a per-business endpoint names one). */
  businesses: { exists(id: string): Promise<boolean> };
  onError?: (err: unknown) => void;
  keyring?: Keyring;
}) {
  let keyring = injectedKeyring;
  const keys = () => (keyring ??= loadKeyring({ dataEncryptionKey, previousEncryptionKeys: previousEncryptionKeys ?? [], dataDir }));
  const openSecret = (row: repo.SecretRow) =>
    openSealed(keys(), { ciphertext: Buffer.from(row.ciphertext, 'base64'), iv: row.iv, authTag: row.auth_tag, wrappedKey: row.wrapped_key, keyId: row.key_id }, secretContext(row.id)).toString('utf8');

  async function addSecret(trx: Db, endpointId: string, at: string): Promise<string> {
    const secret = newWebhookSecret();
    const id = randomUUID();
    const sealed = sealBytes(keys(), Buffer.from(secret, 'utf8'), secretContext(id));
    await repo.insertSecret(trx, { id, endpoint_id: endpointId, ciphertext: sealed.ciphertext.toString('base64'), iv: sealed.iv, auth_tag: sealed.authTag, wrapped_key: sealed.wrappedKey, key_id: sealed.keyId, created_at: at, valid_until: null });
    return secret;
  }

  async function view(row: repo.EndpointRow, q: Db = db): Promise<WebhookView> {
    const secrets = await repo.liveSecrets(q, row.id, nowIso());
    const current = secrets.find((s) => s.valid_until === null);
    const previous = secrets.filter((s) => s.valid_until !== null).map((s) => s.valid_until!).sort().at(-1) ?? null;
    return {
      id: row.id,
      businessId: row.business_id,
      url: row.url,
      events: parseTypes(row.event_types),
      status: row.status as WebhookStatus,
      disabledReason: row.disabled_reason,
      disabledBy: row.status !== WebhookStatus.DISABLED ? null : row.disabled_reason === DISABLED_BY_ADMINISTRATOR ? 'ADMINISTRATOR' : 'FAILURES',
      failingSince: row.failing_since,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
      secretCreatedAt: current?.created_at ?? null,
      previousSecretValidUntil: previous,
      pendingDeliveries: await repo.countPending(q, row.id),
      ...(await repo.countTrouble(q, row.id).then((t) => ({ failingDeliveries: t.failing, deadDeliveries: t.dead }))),
    };
  }

  /** An address literal that could never be delivered to is refused when registered (a name is checked at each delivery, after DNS). */
  function checkUrl(url: string): void {
    const host = new URL(url).hostname.replace(/^\[(.*)\]$/, '$1');
    const literal = isIP(host) ? host : host === 'localhost' || host.endsWith('.localhost') ? '127.0.0.1' : null;
    if (!config.allowPrivate && literal && isForbiddenAddress(literal)) throw new ValidationFailed([{ path: 'url', code: ValidationMessage.TYPE }]);
  }

  async function endpointOrThrow(q: Db, id: string): Promise<repo.EndpointRow> {
    const row = await repo.findEndpoint(q, id);
    if (!row) throw notFound();
    return row;
  }

  // ---- the relay -------------------------------------------------------------------------------

  /**
   * The sequencer: committed events without a position get the next ones, in the order written.
   * A row appears to it only once committed, so one committed late gets a later position than rows
   * already read: the feed and the fan-out, reading by position, never skip one. Two servers at it
   * at once collide on the unique position; the loser's transaction rolls back (its next pass goes on).
   */
  async function sequenceNow(): Promise<number> {
    let given = 0;
    for (;;) {
      const done = await inTransaction(db, (trx) => repo.sequenceBatch(trx, FANOUT_BATCH)).catch((err: unknown) => {
        // Another server's sequencer took the same positions first (inTransaction: a unique conflict is WRONG_STATE).
        if (err instanceof BusinessError) return 0;
        throw err;
      });
      given += done;
      if (done < FANOUT_BATCH) return given;
    }
  }

  /**
   * The sequencer, one run at a time on this server (the relay, the subscribers and the feed all ask
   * for it: two runs at once would wait on each other's rows and collide on positions). A caller
   * waits for a run under way (it may have read before the caller's commit) and then for a run of its
   * own, or one started after it.
   */
  let sequencing: Promise<number> | null = null;
  async function sequence(): Promise<number> {
    await sequencing?.catch(() => 0);
    sequencing ??= sequenceNow().finally(() => {
      sequencing = null;
    });
    return sequencing;
  }

  /** New events into deliveries, endpoint by endpoint; the cursor's compare-and-set lets one relay do each batch. */
  async function fanOut(): Promise<number> {
    let made = 0;
    const newest = await repo.maxPosition(db);
    for (const endpoint of await repo.enabledEndpoints(db)) {
      // Nothing new for it: no transaction (the relay runs every second on every server).
      if (endpoint.cursor_seq >= newest) continue;
      const types = parseTypes(endpoint.event_types);
      const audience = endpoint.business_id === null ? ('exchange' as const) : { businessId: endpoint.business_id };
      let cursor = endpoint.cursor_seq;
      for (;;) {
        const from = cursor;
        const moved = await inTransaction(db, async (trx) => {
          const events = await repo.eventsAfter(trx, from, FANOUT_BATCH, audience);
          if (events.length === 0) return null;
          const at = nowIso();
          const rows = events
            .filter((e) => wants(types, e.type))
            .map((e) => ({ id: randomUUID(), endpoint_id: endpoint.id, event_seq: e.position!, event_id: e.id, order_key: e.user_id ?? e.id, status: repo.DeliveryStatus.PENDING, attempts: 0, due_at: at, lease_until: null, last_status: null, last_error: null, created_at: at, delivered_at: null }));
          await repo.insertDeliveries(trx, rows);
          const to = events[events.length - 1]!.position!;
          // Another server fanned these out first: nothing of ours is kept.
          if (!(await repo.advanceCursor(trx, endpoint.id, from, to))) throw new CursorMoved();
          made += rows.length;
          return { to, full: events.length === FANOUT_BATCH };
        }).catch((err: unknown) => {
          if (err instanceof CursorMoved) return null;
          throw err;
        });
        if (!moved) break;
        cursor = moved.to;
        if (!moved.full) break;
      }
    }
    return made;
  }

  // The live secrets as signing keys, made once per batch (standard-webhooks.ts signingKey).
  type Target = { row: repo.EndpointRow; secrets: KeyObject[] };
  interface Outcome {
    d: repo.DeliveryRow;
    result: PostResult;
    at: string;
  }

  /** One attempt of a delivery the relay holds: sent signed, its outcome returned (recorded by `record`). */
  async function send(d: repo.DeliveryRow, target: Target, event: repo.EventRow): Promise<Outcome> {
    const { id: _id, ...wire } = envelopeOf(event);
    const body = JSON.stringify(wire);
    const ts = Math.floor(Date.now() / 1000);
    const result = await safePost(target.row.url, body, webhookHeaders(target.secrets, event.id, ts, body), { timeoutMs: config.timeoutMs, allowPrivate: config.allowPrivate });
    return { d, result, at: nowIso() };
  }

  /**
   * Records attempts' outcomes in one transaction (the relay's batch: a few statements for many
   * deliveries, not a transaction each), each only while the lease `leased` is still this relay's.
   * Delivered ones are done; a failed one waits for its retry or is dead; an endpoint answering again
   * is no longer failing and its waiting retries go now; one failing for days is disabled (audited,
   * administrators told by `kyc.webhook_endpoint.disabled`). Returns how many were delivered.
   */
  async function record(outcomes: readonly Outcome[], leased: string, endpoints: Map<string, Target>): Promise<number> {
    const okOf = (o: Outcome) => o.result.status !== null && o.result.status >= 200 && o.result.status < 300;
    return inTransaction(db, async (trx) => {
      await repo.insertAttempts(
        trx,
        outcomes.map(({ d, result, at }) => ({ id: randomUUID(), delivery_id: d.id, endpoint_id: d.endpoint_id, event_id: d.event_id, attempt: d.attempts + 1, at, http_status: result.status, latency_ms: result.latencyMs, response_excerpt: result.excerpt?.slice(0, 512) ?? null, error: okOf({ d, result, at }) ? null : (result.error ?? `HTTP ${result.status}`) })),
      );
      const now = nowIso();
      const delivered = outcomes.filter(okOf);
      // Lease lost (an attempt outlived it and another relay took over): that relay records its own.
      const recorded = await repo.finishDelivered(trx, delivered.map((o) => ({ id: o.d.id, status: o.result.status! })), leased, now);
      for (const endpointId of new Set(delivered.map((o) => o.d.endpoint_id))) {
        const target = endpoints.get(endpointId)!;
        if (target.row.failing_since === null) continue;
        await repo.updateEndpoint(trx, endpointId, { failing_since: null });
        target.row = { ...target.row, failing_since: null };
        // The receiver is back: what waits for a retry goes now.
        await repo.bringForward(trx, endpointId, now);
      }
      for (const { d, result } of outcomes.filter((o) => !okOf(o))) {
        const target = endpoints.get(d.endpoint_id)!;
        const number = d.attempts + 1;
        const dead = number > RETRY_DELAYS_MS.length;
        const error = result.error ?? `HTTP ${result.status}`;
        await repo.finishAttempt(trx, d.id, leased, { status: dead ? repo.DeliveryStatus.DEAD : repo.DeliveryStatus.PENDING, attempts: number, last_status: result.status, last_error: error, due_at: dead ? now : later(jittered(RETRY_DELAYS_MS[number - 1]!)) });
        const since = target.row.failing_since ?? now;
        if (target.row.failing_since === null) {
          await repo.updateEndpoint(trx, d.endpoint_id, { failing_since: now });
          target.row = { ...target.row, failing_since: now };
        }
        if (Date.parse(now) - Date.parse(since) >= DISABLE_AFTER_MS && target.row.status === WebhookStatus.ENABLED) {
          const reason = `every delivery failed since ${since}`;
          await repo.updateEndpoint(trx, d.endpoint_id, { status: WebhookStatus.DISABLED, disabled_reason: reason, updated_at: now });
          target.row = { ...target.row, status: WebhookStatus.DISABLED };
          await recordAudit(trx, SYSTEM, { action: 'webhook.endpoint.disable', entityType: 'webhook_endpoint', entityId: d.endpoint_id, before: { status: WebhookStatus.ENABLED }, after: { status: WebhookStatus.DISABLED, reason } });
          // The administrators are told after the commit (endpoint-disabled-mail.ts, a subscriber of this event).
          await publishIn(trx, 'kyc.webhook_endpoint.disabled', { endpointId: d.endpoint_id, businessId: target.row.business_id, failingSince: since }, { at: now });
          onError(new Error(`webhook endpoint ${d.endpoint_id} disabled: ${reason}`));
        }
      }
      return recorded;
    });
  }

  /** Every due delivery, first in its line, until none is left due now; returns how many were delivered. */
  async function deliverDue(): Promise<number> {
    let delivered = 0;
    for (;;) {
      const due = await repo.findDue(db, nowIso(), DELIVERY_BATCH);
      if (due.length === 0) return delivered;
      const endpoints = new Map<string, Target>();
      for (const id of new Set(due.map((d) => d.endpoint_id))) {
        const row = await repo.findEndpoint(db, id);
        if (row) endpoints.set(id, { row, secrets: (await repo.liveSecrets(db, id, nowIso())).map((r) => signingKey(openSecret(r))) });
      }
      const events = new Map((await repo.findEventsByIds(db, [...new Set(due.map((d) => d.event_id))])).map((e) => [e.id, e]));
      // One statement takes the batch (decision 050's lease, per row), instead of one per delivery.
      const leased = later(LEASE_MS);
      const wanted = due.filter((d) => endpoints.has(d.endpoint_id) && events.has(d.event_id));
      const takenIds = new Set(await repo.leaseDeliveries(db, wanted.map((d) => d.id), nowIso(), leased));
      const taken = wanted.filter((d) => takenIds.has(d.id));
      if (taken.length === 0) return delivered;
      // Outcomes are recorded by one writer, each write taking every outcome that arrived while the
      // previous one ran: under load a write holds many, when quiet each is recorded at once.
      let waiting: Outcome[] = [];
      let writing: Promise<void> = Promise.resolve();
      const flush = async () => {
        while (waiting.length > 0) {
          const batch = waiting;
          waiting = [];
          delivered += await record(batch, leased, endpoints);
        }
      };
      // PARALLEL attempts in flight, each starting as soon as one ends (a slow receiver holds one slot, not a round).
      let next = 0;
      const sender = async () => {
        while (next < taken.length) {
          const d = taken[next++]!;
          // Awaited first: `waiting.push(await …)` would push onto the array a write has since taken away.
          const outcome = await send(d, endpoints.get(d.endpoint_id)!, events.get(d.event_id)!);
          waiting.push(outcome);
          writing = writing.then(flush);
        }
      };
      await Promise.all(Array.from({ length: Math.min(PARALLEL, taken.length) }, sender));
      await writing;
    }
  }

  // In-process subscribers (decision 057): the modules' reactions to events, after the commit.
  const registered: EventSubscriber[] = [];
  const subscribers = createPollingRunner({
    runDue: createSubscriberPass({ db, sequence, subscribers: registered, onError }),
    intervalMs: config.subscriberIntervalMs ?? config.relayIntervalMs,
    onError,
    again: true,
  });

  const relay = createPollingRunner({
    runDue: async () => {
      await sequence();
      await fanOut();
      return deliverDue();
    },
    intervalMs: config.relayIntervalMs,
    onError,
    again: true,
  });

  async function createEndpoint(businessId: string | null, input: CreateWebhookInput, actor: Actor): Promise<{ id: string; secret: string }> {
    checkUrl(input.url);
    if (businessId !== null && !(await businesses.exists(businessId))) throw notFound();
    const id = `ep_${randomUUID().replaceAll('-', '')}`;
    const at = nowIso();
    const secret = await inTransaction(db, async (trx) => {
      // From now on: the events already written are not this endpoint's (redeliver `since` sends older ones on purpose).
      await repo.insertEndpoint(trx, { id, business_id: businessId, url: input.url, event_types: JSON.stringify(input.events), status: WebhookStatus.ENABLED, disabled_reason: null, cursor_seq: await repo.maxPosition(trx), failing_since: null, created_by: actor.id, created_at: at, updated_at: at });
      const s = await addSecret(trx, id, at);
      await recordAudit(trx, actor, { action: 'webhook.endpoint.create', entityType: 'webhook_endpoint', entityId: id, after: { businessId, url: input.url, events: input.events } });
      return s;
    });
    return { id, secret };
  }

  return {
    relay,
    /** The exchange-wide feed's keys (decision 056): issued by administrators, stored as hashes, revocable. */
    feedKeys: createFeedKeys(db),
    /** The subscribers' runner: started with the server; the tests run it (`subscribers.runDue()`) to see the reactions. */
    subscribers,
    /**
     * Registers a module's reaction to events (decision 057), at start-up: it handles every event of
     * its types after its cursor, after the commit, on whichever server takes it.
     */
    subscribe<T extends DomainEventType>(subscriber: EventSubscriber<T>): void {
      if (registered.some((s) => s.name === subscriber.name)) throw new Error(`event subscriber ${subscriber.name} registered twice`);
      registered.push(subscriber as unknown as EventSubscriber);
    },
    /** Stops the relay and the subscribers (the server's close): work under way finishes first. */
    close: async () => {
      await Promise.all([relay.stop(), subscribers.stop()]);
    },

    createEndpoint,

    async list(): Promise<WebhookView[]> {
      return Promise.all((await repo.listEndpoints(db)).map((r) => view(r)));
    },

    async get(id: string): Promise<WebhookView> {
      return view(await endpointOrThrow(db, id));
    },

    /** Enables or disables an endpoint (enabling forgets its failures and sends its waiting deliveries at once). Audited. */
    async setStatus(id: string, status: WebhookStatus, actor: Actor): Promise<WebhookView> {
      await inTransaction(db, async (trx) => {
        const before = await endpointOrThrow(trx, id);
        await repo.updateEndpoint(trx, id, { status, disabled_reason: status === WebhookStatus.DISABLED ? DISABLED_BY_ADMINISTRATOR : null, failing_since: null, updated_at: nowIso() });
        // Enabled again (the receiver fixed): what waits for a retry goes on the next pass.
        if (status === WebhookStatus.ENABLED) await repo.bringForward(trx, id, nowIso());
        await recordAudit(trx, actor, { action: 'webhook.endpoint.update', entityType: 'webhook_endpoint', entityId: id, before: { status: before.status }, after: { status } });
      });
      return this.get(id);
    },

    /** Deletes an endpoint, its secrets, deliveries and log. Audited. */
    async remove(id: string, actor: Actor): Promise<void> {
      await inTransaction(db, async (trx) => {
        const before = await endpointOrThrow(trx, id);
        await repo.deleteEndpoint(trx, id);
        await recordAudit(trx, actor, { action: 'webhook.endpoint.delete', entityType: 'webhook_endpoint', entityId: id, before: { businessId: before.business_id, url: before.url, events: parseTypes(before.event_types) } });
      });
    },

    /** A new secret; the previous one keeps signing (both signatures sent) for `overlapMinutes`. Audited (never the secret). */
    async rotateSecret(id: string, overlapMinutes: number, actor: Actor): Promise<{ id: string; secret: string }> {
      const validUntil = later(overlapMinutes * 60_000);
      const secret = await inTransaction(db, async (trx) => {
        await endpointOrThrow(trx, id);
        await repo.retireSecrets(trx, id, validUntil);
        const s = await addSecret(trx, id, nowIso());
        await recordAudit(trx, actor, { action: 'webhook.endpoint.rotate_secret', entityType: 'webhook_endpoint', entityId: id, after: { overlapMinutes, previousValidUntil: validUntil } });
        return s;
      });
      return { id, secret };
    },

    /** The delivery log: the deliveries' states and the attempts (status, latency, the answer's first bytes), newest first. */
    async deliveries(id: string, limit: number) {
      await endpointOrThrow(db, id);
      const [deliveries, attempts] = await Promise.all([repo.deliveriesOf(db, id, limit), repo.attemptsOf(db, id, limit)]);
      const last = await repo.lastAttemptsOf(db, deliveries.map((d) => d.id));
      return {
        deliveries: deliveries.map((d) => ({
          id: d.id,
          eventId: d.event_id,
          type: d.type,
          status: d.status,
          attempts: d.attempts,
          nextAttemptAt: d.status === repo.DeliveryStatus.PENDING ? d.due_at : null,
          lastStatus: d.last_status,
          lastError: d.last_error,
          lastLatencyMs: last.get(d.id)?.latency_ms ?? null,
          lastResponseExcerpt: last.get(d.id)?.response_excerpt ?? null,
          createdAt: d.created_at,
          deliveredAt: d.delivered_at,
        })),
        attempts: attempts.map((a) => ({ id: a.id, eventId: a.event_id, type: a.type, attempt: a.attempt, at: a.at, httpStatus: a.http_status, latencyMs: a.latency_ms, responseExcerpt: a.response_excerpt, error: a.error })),
      };
    },

    /**
     * Sends again one event (by id) or every event of the endpoint's audience and types since a time
     * (also those written before the endpoint existed): pending from now, attempts counted afresh. Audited.
     */
    async redeliver(id: string, what: { eventId: string } | { since: string }, actor: Actor): Promise<{ scheduled: number }> {
      const scheduled = await inTransaction(db, async (trx) => {
        const endpoint = await endpointOrThrow(trx, id);
        const types = parseTypes(endpoint.event_types);
        const audience = endpoint.business_id === null ? ('exchange' as const) : { businessId: endpoint.business_id };
        let events: repo.EventRow[];
        if ('eventId' in what) {
          const [e] = await repo.findEventsByIds(trx, [what.eventId]);
          const visible = e && wants(types, e.type) && (audience === 'exchange' || (e.business_id === audience.businessId && e.exchange_only === 0));
          if (!visible) throw notFound();
          events = [e];
        } else {
          events = (await repo.eventsAfter(trx, 0, 10_000, audience, { since: new Date(what.since).toISOString() })).filter((e) => e.position! <= endpoint.cursor_seq && wants(types, e.type));
        }
        const at = nowIso();
        await repo.insertDeliveries(trx, events.map((e) => ({ id: randomUUID(), endpoint_id: id, event_seq: e.position!, event_id: e.id, order_key: e.user_id ?? e.id, status: repo.DeliveryStatus.PENDING, attempts: 0, due_at: at, lease_until: null, last_status: null, last_error: null, created_at: at, delivered_at: null })));
        const n = await repo.resetDeliveries(trx, id, events.map((e) => e.position!), at);
        await recordAudit(trx, actor, { action: 'webhook.endpoint.redeliver', entityType: 'webhook_endpoint', entityId: id, after: { ...what, scheduled: n } });
        return n;
      });
      relay.kick();
      return { scheduled };
    },

    /**
     * The events feed: a business's events (or every event, for the exchange) after the cursor, in
     * order, and the cursor to ask with next (the same one when nothing is new).
     */
    async feed(audience: { businessId: string } | 'exchange', after: string | undefined, limit: number): Promise<{ events: EventEnvelope[]; next: string }> {
      const from = after === undefined ? 0 : Number(after);
      // What committed since the last pass is sequenced first: the feed does not wait for a relay (none may run here).
      await sequence();
      const rows = await repo.eventsAfter(db, from, limit, audience);
      return { events: rows.map(envelopeOf), next: String(rows.at(-1)?.position ?? from) };
    },

    /** The account is deleted: its audience goes (its events stay: they hold no personal data). */
    async forgetUserIn(trx: Db, userId: string): Promise<void> {
      await repo.deleteAudience(trx, userId);
    },
  };
}

class CursorMoved extends Error {}

export type EventsService = ReturnType<typeof createEventsService>;
