import { sql, type Insertable, type Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import { insertRows, inValues } from '../../db/many-values.ts';
import type { DomainEventsTable, EventsFeedKeysTable, EventSubscribersTable, WebhookAttemptsTable, WebhookDeliveriesTable, WebhookEndpointsTable, WebhookSecretsTable } from '../../db/schema.ts';

/** SQL of the events module (decision 050): the outbox, audiences, endpoints, secrets, deliveries, attempts. */

export type EventRow = Selectable<DomainEventsTable>;
export type EndpointRow = Selectable<WebhookEndpointsTable>;
export type SecretRow = Selectable<WebhookSecretsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

export const DeliveryStatus = { PENDING: 'PENDING', DELIVERED: 'DELIVERED', DEAD: 'DEAD' } as const;

export async function insertEvent(db: Db, row: Insertable<DomainEventsTable>): Promise<void> {
  await db.insertInto('domain_events').values(row).execute();
}

export async function businessOfUser(db: Db, userId: string): Promise<string | null> {
  return (await db.selectFrom('event_audiences').select('business_id').where('user_id', '=', userId).executeTakeFirst())?.business_id ?? null;
}

export async function insertAudience(db: Db, userId: string, businessId: string): Promise<void> {
  await db.insertInto('event_audiences').values({ user_id: userId, business_id: businessId }).onConflict((oc) => oc.column('user_id').doNothing()).execute();
}

/** Forgets a user's audience (the account is deleted; their events keep their business). */
export async function deleteAudience(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('event_audiences').where('user_id', '=', userId).execute();
}

/**
 * Sequenced events after position `after` in order: a business's (never the exchange-only ones), or every
 * event; only those written since `since`, only those of `types` (a subscriber's: the others are never
 * sent to the server, let alone parsed).
 */
export function eventsAfter(db: Db, after: number, limit: number, audience: { businessId: string } | 'exchange', only: { since?: string; types?: readonly string[] } = {}) {
  const { since, types } = only;
  return db
    .selectFrom('domain_events')
    .selectAll()
    .where('position', 'is not', null)
    .where('position', '>', after)
    .$if(audience !== 'exchange', (qb) => qb.where('business_id', '=', (audience as { businessId: string }).businessId).where('exchange_only', '=', 0))
    .$if(since !== undefined, (qb) => qb.where('created_at', '>=', since!))
    .$if(types !== undefined, (qb) => qb.where('type', 'in', types!))
    .orderBy('position')
    .limit(limit)
    .execute();
}

/** The newest position given (0: none yet). */
export async function maxPosition(db: Db): Promise<number> {
  const r = await db.selectFrom('domain_events').select((eb) => eb.fn.max('position').as('m')).executeTakeFirst();
  return Number(r?.m ?? 0);
}

/**
 * Gives up to `limit` committed events without a position the next positions, in the order written.
 * Two single-table statements (a join here is planned as a loop over the table while its statistics
 * are young, i.e. in a new database's first minutes of events): the batch's first and last `seq`, then
 * every unnumbered row between them is numbered `newest + 1 + (seq - first)` — increasing with `seq`,
 * gaps allowed (a cursor only compares). A row another sequencer numbered meanwhile is skipped
 * (`position IS NULL` is checked again on the row); two sequencers both start at `newest + 1` and
 * collide on the position's unique index, so the later one's transaction fails whole. Returns how many
 * rows were numbered.
 */
export async function sequenceBatch(db: Db, limit: number): Promise<number> {
  const rows = await db.selectFrom('domain_events').select('seq').where('position', 'is', null).orderBy('seq').limit(limit).execute();
  if (rows.length === 0) return 0;
  const first = rows[0]!.seq;
  const last = rows.at(-1)!.seq;
  const offset = (await maxPosition(db)) + 1 - first;
  const r = await db
    .updateTable('domain_events')
    .set((eb) => ({ position: eb('seq', '+', offset) }))
    .where('seq', '>=', first)
    .where('seq', '<=', last)
    .where('position', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export function findEventsByIds(db: Db, ids: readonly string[]) {
  return ids.length === 0 ? Promise.resolve([]) : db.selectFrom('domain_events').selectAll().where(inValues(db, 'id', ids)).execute();
}

export async function insertEndpoint(db: Db, row: Insertable<WebhookEndpointsTable>): Promise<void> {
  await db.insertInto('webhook_endpoints').values(row).execute();
}
export const findEndpoint = (db: Db, id: string) => db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
export const listEndpoints = (db: Db) => db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at').orderBy('id').execute();
export const enabledEndpoints = (db: Db) => db.selectFrom('webhook_endpoints').selectAll().where('status', '=', 'ENABLED').orderBy('id').execute();
export async function updateEndpoint(db: Db, id: string, set: Partial<Insertable<WebhookEndpointsTable>>): Promise<number> {
  const r = await db.updateTable('webhook_endpoints').set(set).where('id', '=', id).executeTakeFirst();
  return Number(r.numUpdatedRows);
}
export async function deleteEndpoint(db: Db, id: string): Promise<void> {
  // Children first: the foreign keys' cascade is not switched on for every SQLite connection.
  await db.deleteFrom('webhook_attempts').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_deliveries').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_secrets').where('endpoint_id', '=', id).execute();
  await db.deleteFrom('webhook_endpoints').where('id', '=', id).execute();
}

/**
 * Moves an endpoint's fan-out cursor (compare-and-set: two relays never both fan out the same
 * events; the loser's transaction rolls back its deliveries). True when moved.
 */
export async function advanceCursor(db: Db, id: string, from: number, to: number): Promise<boolean> {
  const r = await db.updateTable('webhook_endpoints').set({ cursor_seq: to }).where('id', '=', id).where('cursor_seq', '=', from).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertSecret(db: Db, row: Insertable<WebhookSecretsTable>): Promise<void> {
  await db.insertInto('webhook_secrets').values(row).execute();
}
/** The current secret and the rotated ones still inside their overlap, newest first. */
export const liveSecrets = (db: Db, endpointId: string, now: string) =>
  db
    .selectFrom('webhook_secrets')
    .selectAll()
    .where('endpoint_id', '=', endpointId)
    .where((eb) => eb.or([eb('valid_until', 'is', null), eb('valid_until', '>', now)]))
    .orderBy('created_at', 'desc')
    .execute();
/** Retires the current secret (it signs until `validUntil`) and ends any older overlap by then too. */
export async function retireSecrets(db: Db, endpointId: string, validUntil: string): Promise<void> {
  await db.updateTable('webhook_secrets').set({ valid_until: validUntil }).where('endpoint_id', '=', endpointId).where('valid_until', 'is', null).execute();
  await db.updateTable('webhook_secrets').set({ valid_until: validUntil }).where('endpoint_id', '=', endpointId).where('valid_until', '>', validUntil).execute();
}

const CHUNK = 500;
const DELIVERY_TYPES = { id: 'text', endpoint_id: 'text', event_seq: 'int4', event_id: 'text', order_key: 'text', status: 'text', attempts: 'int4', due_at: 'text', lease_until: 'text', last_status: 'int4', last_error: 'text', created_at: 'text', delivered_at: 'text' } as const;
export async function insertDeliveries(db: Db, rows: Selectable<WebhookDeliveriesTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) {
    await insertRows(db, 'webhook_deliveries', DELIVERY_TYPES, rows.slice(i, i + CHUNK))
      .onConflict((oc) => oc.columns(['endpoint_id', 'event_seq']).doNothing())
      .execute();
  }
}

/** The status as a literal: the partial indexes on pending deliveries (migration 047) serve only a query that names it. */
const PENDING = sql.lit(DeliveryStatus.PENDING);

/**
 * Deliveries due at `now` that are first in their line: no earlier delivery of the same endpoint and
 * order key (the user) is still pending — so a user's deliveries reach an endpoint in order, while other
 * users' go on. Two single-table statements, not one with an anti-join (planned as a loop over the
 * table while its statistics are young, which at a thousand deliveries a second took 400 ms a call):
 * the first due ones in the order written (twice `limit`, as a line's later deliveries are among
 * them), then the earliest pending delivery of each of their lines (a retry not due yet, or one
 * another relay holds, may come first). At most `limit`, in the order written.
 */
export async function findDue(db: Db, now: string, limit: number): Promise<DeliveryRow[]> {
  const candidates = await db
    .selectFrom('webhook_deliveries')
    .selectAll()
    .where('status', '=', PENDING)
    .where('due_at', '<=', now)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .where('endpoint_id', 'in', (eb) => eb.selectFrom('webhook_endpoints').select('id').where('status', '=', 'ENABLED'))
    .orderBy('event_seq')
    .limit(limit * 2)
    .execute();
  if (candidates.length === 0) return [];
  const line = (d: { endpoint_id: string; order_key: string }) => `${d.endpoint_id}\u0000${d.order_key}`;
  const firsts = new Map<string, DeliveryRow>();
  for (const d of candidates) if (!firsts.has(line(d))) firsts.set(line(d), d);
  const heads = await db
    .selectFrom('webhook_deliveries')
    .select(['endpoint_id', 'order_key', (eb) => eb.fn.min<number>('event_seq').as('head')])
    .where('status', '=', PENDING)
    .where(inValues(db, 'endpoint_id', [...new Set(candidates.map((d) => d.endpoint_id))]))
    .where(inValues(db, 'order_key', [...new Set(candidates.map((d) => d.order_key))]))
    .groupBy(['endpoint_id', 'order_key'])
    .execute();
  const headOf = new Map(heads.map((h) => [line(h), Number(h.head)]));
  return [...firsts.values()].filter((d) => headOf.get(line(d)) === d.event_seq).slice(0, limit);
}

/**
 * Takes deliveries in one statement (the relay's batch): each row only while it is PENDING and not
 * held by a live lease (a crashed relay's lease runs out and is taken over), so of two relays' each
 * row goes to one: one server of all sends it. Returns the ids taken.
 */
export async function leaseDeliveries(db: Db, ids: readonly string[], now: string, until: string): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .updateTable('webhook_deliveries')
    .set({ lease_until: until })
    .where(inValues(db, 'id', ids))
    .where('status', '=', DeliveryStatus.PENDING)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

/** The attempt's outcome, recorded only while the lease is still this relay's; the lease is released. */
export async function finishAttempt(db: Db, id: string, leasedUntil: string, set: Partial<Insertable<WebhookDeliveriesTable>>): Promise<boolean> {
  const r = await db.updateTable('webhook_deliveries').set({ ...set, lease_until: null }).where('id', '=', id).where('lease_until', '=', leasedUntil).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

const ATTEMPT_TYPES = { id: 'text', delivery_id: 'text', endpoint_id: 'text', event_id: 'text', attempt: 'int4', at: 'text', http_status: 'int4', latency_ms: 'int4', response_excerpt: 'text', error: 'text' } as const;
export async function insertAttempts(db: Db, rows: Selectable<WebhookAttemptsTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insertRows(db, 'webhook_attempts', ATTEMPT_TYPES, rows.slice(i, i + CHUNK)).execute();
}

/**
 * Delivered: these deliveries (each with the HTTP status it got) are done, their attempt counted and
 * the lease released — only the rows still under the lease `leasedUntil`. One statement per status
 * answered (a receiver answers 200 or 204 to all, so one or two). Returns how many were recorded.
 */
export async function finishDelivered(db: Db, rows: readonly { id: string; status: number }[], leasedUntil: string, at: string): Promise<number> {
  let recorded = 0;
  for (const status of new Set(rows.map((r) => r.status))) {
    const ids = rows.filter((r) => r.status === status).map((r) => r.id);
    for (let i = 0; i < ids.length; i += CHUNK) {
      const r = await db
        .updateTable('webhook_deliveries')
        .set((eb) => ({ status: DeliveryStatus.DELIVERED, attempts: eb('attempts', '+', 1), last_status: status, last_error: null, delivered_at: at, due_at: at, lease_until: null }))
        .where(inValues(db, 'id', ids.slice(i, i + CHUNK)))
        .where('lease_until', '=', leasedUntil)
        .executeTakeFirst();
      recorded += Number(r.numUpdatedRows);
    }
  }
  return recorded;
}

/** An endpoint answered again: its deliveries waiting for a retry are due now (a receiver back gets its backlog at once). */
export async function bringForward(db: Db, endpointId: string, now: string): Promise<void> {
  await db.updateTable('webhook_deliveries').set({ due_at: now }).where('endpoint_id', '=', endpointId).where('status', '=', DeliveryStatus.PENDING).where('attempts', '>', 0).where('due_at', '>', now).execute();
}

export function attemptsOf(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_attempts as a')
    .innerJoin('domain_events as ev', 'ev.id', 'a.event_id')
    .select(['a.id', 'a.event_id', 'ev.type', 'a.attempt', 'a.at', 'a.http_status', 'a.latency_ms', 'a.response_excerpt', 'a.error'])
    .where('a.endpoint_id', '=', endpointId)
    .orderBy('a.at', 'desc')
    .orderBy('a.attempt', 'desc')
    .limit(limit)
    .execute();
}

export function deliveriesOf(db: Db, endpointId: string, limit: number) {
  return db
    .selectFrom('webhook_deliveries as d')
    .innerJoin('domain_events as ev', 'ev.position', 'd.event_seq')
    .select(['d.id', 'd.event_id', 'ev.type', 'd.status', 'd.attempts', 'd.due_at', 'd.last_status', 'd.last_error', 'd.created_at', 'd.delivered_at'])
    .where('d.endpoint_id', '=', endpointId)
    .orderBy('d.event_seq', 'desc')
    .limit(limit)
    .execute();
}

/** Sends deliveries again (redeliver): pending from now, their attempts counted afresh. Returns how many. */
export async function resetDeliveries(db: Db, endpointId: string, positions: readonly number[], now: string): Promise<number> {
  if (positions.length === 0) return 0;
  const r = await db
    .updateTable('webhook_deliveries')
    .set({ status: DeliveryStatus.PENDING, attempts: 0, due_at: now, delivered_at: null, lease_until: null })
    .where('endpoint_id', '=', endpointId)
    .where(inValues(db, 'event_seq', positions))
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

export async function countPending(db: Db, endpointId: string): Promise<number> {
  const r = await db.selectFrom('webhook_deliveries').select((eb) => eb.fn.countAll<number>().as('n')).where('endpoint_id', '=', endpointId).where('status', '=', DeliveryStatus.PENDING).executeTakeFirstOrThrow();
  return Number(r.n);
}

/** An endpoint's deliveries in trouble: pending after a failed attempt (retrying), and dead (every retry failed). */
export async function countTrouble(db: Db, endpointId: string): Promise<{ failing: number; dead: number }> {
  const rows = await db
    .selectFrom('webhook_deliveries')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('endpoint_id', '=', endpointId)
    .where((eb) => eb.or([eb.and([eb('status', '=', DeliveryStatus.PENDING), eb('attempts', '>', 0)]), eb('status', '=', DeliveryStatus.DEAD)]))
    .groupBy('status')
    .execute();
  const of = (status: string) => Number(rows.find((r) => r.status === status)?.n ?? 0);
  return { failing: of(DeliveryStatus.PENDING), dead: of(DeliveryStatus.DEAD) };
}

/** The last attempt of each of these deliveries (the log's latency and answer per delivery). */
export async function lastAttemptsOf(db: Db, deliveryIds: readonly string[]): Promise<Map<string, Pick<AttemptRow, 'delivery_id' | 'attempt' | 'latency_ms' | 'http_status' | 'response_excerpt'>>> {
  const last = new Map<string, Pick<AttemptRow, 'delivery_id' | 'attempt' | 'latency_ms' | 'http_status' | 'response_excerpt'>>();
  if (deliveryIds.length === 0) return last;
  const rows = await db.selectFrom('webhook_attempts').select(['delivery_id', 'attempt', 'latency_ms', 'http_status', 'response_excerpt', 'at']).where(inValues(db, 'delivery_id', deliveryIds)).orderBy('at').orderBy('attempt').execute();
  // Ordered oldest first: the last one written per delivery wins.
  for (const { at: _at, ...r } of rows) last.set(r.delivery_id, r);
  return last;
}

export type FeedKeyRow = Selectable<EventsFeedKeysTable>;
export async function insertFeedKey(db: Db, row: Insertable<EventsFeedKeysTable>): Promise<void> {
  await db.insertInto('events_feed_keys').values(row).execute();
}
export const findFeedKey = (db: Db, id: string) => db.selectFrom('events_feed_keys').selectAll().where('id', '=', id).executeTakeFirst();
export const listFeedKeys = (db: Db) => db.selectFrom('events_feed_keys').selectAll().orderBy('created_at', 'desc').orderBy('id').execute();
/** Revokes a live key (compare-and-set: a second revocation changes nothing). True when revoked now. */
export async function revokeFeedKey(db: Db, id: string, at: string, by: string | null): Promise<boolean> {
  const r = await db.updateTable('events_feed_keys').set({ revoked_at: at, revoked_by: by }).where('id', '=', id).where('revoked_at', 'is', null).executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}
/** Notes a use of the key, at most once a minute (a consumer polling every second writes no row each time). */
export async function touchFeedKey(db: Db, id: string, at: string, notSince: string): Promise<void> {
  await db
    .updateTable('events_feed_keys')
    .set({ last_used_at: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', notSince)]))
    .execute();
}

// ---- in-process subscribers (migration 042, decision 057) -------------------------------------

export type SubscriberRow = Selectable<EventSubscribersTable>;

/** A subscriber's row, created at position 0 the first time it is seen (a new subscriber reads the whole outbox). */
export async function ensureSubscriber(db: Db, name: string, at: string): Promise<SubscriberRow> {
  const found = await db.selectFrom('event_subscribers').selectAll().where('name', '=', name).executeTakeFirst();
  if (found) return found;
  await db.insertInto('event_subscribers').values({ name, cursor: 0, lease_until: null, attempts: 0, due_at: null, last_error: null, updated_at: at }).onConflict((oc) => oc.column('name').doNothing()).execute();
  return db.selectFrom('event_subscribers').selectAll().where('name', '=', name).executeTakeFirstOrThrow();
}

/** Takes a subscriber (compare-and-set on the lease it was read with): one server of all handles its events at a time. */
export async function leaseSubscriber(db: Db, row: SubscriberRow, until: string): Promise<boolean> {
  const r = await db
    .updateTable('event_subscribers')
    .set({ lease_until: until })
    .where('name', '=', row.name)
    .where('cursor', '=', row.cursor)
    .where((eb) => (row.lease_until === null ? eb('lease_until', 'is', null) : eb('lease_until', '=', row.lease_until)))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Moves the cursor past an event (its retry state cleared, the lease extended): only while the lease is still `leased`. */
export async function advanceSubscriber(db: Db, name: string, leased: string, to: number, nextLease: string, at: string): Promise<boolean> {
  const r = await db
    .updateTable('event_subscribers')
    .set({ cursor: to, attempts: 0, due_at: null, last_error: null, lease_until: nextLease, updated_at: at })
    .where('name', '=', name)
    .where('lease_until', '=', leased)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The event at the head failed: tried again at `dueAt`; the lease is released. */
export async function failSubscriber(db: Db, name: string, leased: string, attempts: number, dueAt: string, error: string, at: string): Promise<void> {
  await db.updateTable('event_subscribers').set({ attempts, due_at: dueAt, last_error: error.slice(0, 500), lease_until: null, updated_at: at }).where('name', '=', name).where('lease_until', '=', leased).execute();
}

export async function releaseSubscriber(db: Db, name: string, leased: string): Promise<void> {
  await db.updateTable('event_subscribers').set({ lease_until: null }).where('name', '=', name).where('lease_until', '=', leased).execute();
}

/** Claims an effect of `subscriber` for an event; false when it was claimed before (done already). */
export async function claim(db: Db, subscriber: string, eventId: string, at: string): Promise<boolean> {
  const r = await db.insertInto('event_subscriber_claims').values({ subscriber, event_id: eventId, claimed_at: at }).onConflict((oc) => oc.columns(['subscriber', 'event_id']).doNothing()).executeTakeFirst();
  return Number(r.numInsertedOrUpdatedRows ?? 0n) === 1;
}

export async function unclaim(db: Db, subscriber: string, eventId: string): Promise<void> {
  await db.deleteFrom('event_subscriber_claims').where('subscriber', '=', subscriber).where('event_id', '=', eventId).execute();
}
