import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DocumentType } from '../../../shared/kyc.ts';
import { personalInfoSchema } from '../../../shared/api/personal-info.ts';
import { submitApplicationRequest } from '../../../shared/api/applications.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import type { FakeMailer } from '../../test/test-app.ts';
import { partnerSignature } from '../partners/partners.service.ts';
import { caseOf, createKycTestApp, get, ID_CARD_KINDS, newReviewer, newUser, post, submitLevel1, uploadDrafts, VALID_INFO, type TestUser } from '../kyc/kyc.fixtures.ts';
import { isForbiddenAddress, safePost } from './safe-post.ts';
import { createEventsService, DISABLE_AFTER_MS, publishIn } from './events.service.ts';

/**
 * Issue 29 (decision 050): domain events written with their change, webhook endpoints administered
 * in the console, Standard Webhooks deliveries to a local receiver (verified with the specification's
 * own package), retries with backoff while it is down, order per user, SSRF refusals, the partner's
 * signed feed. Time moves by the clock (Date faked), never by sleeping. Replies AND stored state.
 */
let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let mailer: FakeMailer;
let reviewer: TestUser;
const SYSTEM = { type: 'system', id: null } as const;
const ACME = { id: 'acme', name: 'Acme Wallet', allowedOrigins: ['https://acme.example'], scenes: ['acme'], redirectAllowlist: [], defaultLanguage: 'de-DE' as const };
let acmeSecret: string;

/** The local receiver: answers 200, or 503 while `down`; keeps what it received. */
interface Received {
  headers: Record<string, string>;
  body: string;
}
let receiver: Server;
let receiverUrl: string;
let received: Received[] = [];
let down = false;

beforeAll(async () => {
  receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (down) {
        res.writeHead(503, { 'content-type': 'text/plain' }).end('maintenance');
        return;
      }
      received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
  ({ app, close, mailer } = await createKycTestApp({ webhooks: { allowPrivate: true, timeoutMs: 2000, relayIntervalMs: 0, subscriberIntervalMs: 0, relayThread: false, relayNice: 0 } }));
  admin = await newReviewer(app, 'hooks-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  reviewer = await newReviewer(app, 'hooks-reviewer@example.com');
  acmeSecret = (await app.services.partners.createBusiness(ACME, SYSTEM)).secret;
});
afterAll(async () => {
  await close();
  await new Promise((resolve) => receiver.close(resolve));
});
afterEach(() => {
  vi.useRealTimers();
  // A test that failed while its receiver was down must not fail the next ones.
  down = false;
});

const relay = () => app.services.events.relay.runDue();
const bodies = () => received.map((r) => JSON.parse(r.body) as { type: string; timestamp: string; data: Record<string, unknown> });
const deliveriesOf = (endpointId: string) => app.db.selectFrom('webhook_deliveries').selectAll().where('endpoint_id', '=', endpointId).orderBy('event_seq').execute();

async function approve(user: TestUser) {
  await app.services.console.approve(await caseOf(app, await submitLevel1(app, user)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
}

describe('webhook endpoints in the console', () => {
  it('only administrators register, list or change endpoints; nothing is stored for the others', async () => {
    const user = await newUser(app, 'hooks-user@example.com');
    for (const cookie of [reviewer.cookie, user.cookie]) {
      expect((await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['*'] }, cookie)).json().ret_code).toBe(10009);
      expect((await post(app, '/v1/console/businesses/acme/webhooks', { url: receiverUrl, events: ['*'] }, cookie)).json().ret_code).toBe(10009);
      expect((await get(app, '/v1/console/webhooks', cookie)).json().ret_code).toBe(10009);
    }
    expect((await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['*'] })).json().ret_code).toBe(10007);
    expect(await app.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
    // Invalid input: an unknown event type, a URL that is not http(s), an unknown business.
    expect((await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['kyc.nothing'] }, admin.cookie)).json().ret_code).toBe(10001);
    expect((await post(app, '/v1/console/webhooks', { url: 'ftp://example.com/x', events: ['*'] }, admin.cookie)).json().ret_code).toBe(10001);
    expect((await post(app, '/v1/console/businesses/nobody/webhooks', { url: receiverUrl, events: ['*'] }, admin.cookie)).json().ret_code).not.toBe(0);
    expect(await app.db.selectFrom('webhook_endpoints').selectAll().execute()).toEqual([]);
  });
});

describe('deliveries (Standard Webhooks)', () => {
  let endpointId: string;
  let secret: string;

  it("a reviewer's approval reaches the endpoint as a signed kyc.level.status_changed, verified with the standard's own package", async () => {
    const res = (await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['kyc.level.status_changed'] }, admin.cookie)).json();
    expect(res).toMatchObject({ ret_code: 0, result: { id: expect.stringMatching(/^ep_/), secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]+=*$/) } });
    ({ id: endpointId, secret } = res.result);
    // Stored: the endpoint and a sealed secret (never in the clear); the creation audited as the administrator.
    expect(await app.db.selectFrom('webhook_endpoints').select(['url', 'status', 'business_id', 'created_by']).where('id', '=', endpointId).executeTakeFirst()).toEqual({ url: receiverUrl, status: 'ENABLED', business_id: null, created_by: admin.id });
    const secretRows = await app.db.selectFrom('webhook_secrets').selectAll().where('endpoint_id', '=', endpointId).execute();
    expect(secretRows).toHaveLength(1);
    expect(JSON.stringify(secretRows)).not.toContain(secret.slice(6, 30));
    expect(await app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'webhook.endpoint.create').execute()).toEqual([{ actor_id: admin.id }]);
    // The list shows it, without the secret.
    const list = (await get(app, '/v1/console/webhooks', admin.cookie)).json();
    expect(list.result.webhooks).toEqual([expect.objectContaining({ id: endpointId, url: receiverUrl, events: ['kyc.level.status_changed'], status: 'ENABLED', pendingDeliveries: 0 })]);
    expect(JSON.stringify(list)).not.toContain(secret);

    const ada = await newUser(app, 'hooks-ada@example.com');
    await approve(ada);
    // Written with the change, before any relay ran.
    const events = await app.db.selectFrom('domain_events').select(['type', 'user_id', 'data']).where('user_id', '=', ada.id).orderBy('seq').execute();
    expect(events.map((e) => [e.type, JSON.parse(e.data).status])).toEqual([
      ['kyc.level.status_changed', 'PENDING'],
      ['kyc.level.status_changed', 'SUCCESS'],
      ['kyc.level.status_changed', 'ALLOW'],
    ]);
    // No personal data in a payload.
    expect(JSON.stringify(events)).not.toMatch(/Lovelace|Ada|hooks-ada/);

    received = [];
    expect(await relay()).toBe(3);
    expect(received).toHaveLength(3);
    const wh = new Webhook(secret);
    for (const r of received) expect(() => wh.verify(r.body, r.headers)).not.toThrow();
    // Tampering is caught by the same check.
    expect(() => wh.verify(received[1]!.body.replace('SUCCESS', 'FAILED'), received[1]!.headers)).toThrow();
    expect(received[1]!.headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(bodies()[1]).toEqual({
      type: 'kyc.level.status_changed',
      timestamp: expect.any(String),
      data: { schemaVersion: 1, userId: ada.id, level: 1, previousStatus: 'PENDING', status: 'SUCCESS', cause: 'APPROVE', reasonCodes: [], applicationId: expect.any(String) },
    });
    // In order for the user; delivered once (a second relay pass sends nothing).
    expect(bodies().map((b) => [b.data.level, b.data.status])).toEqual([[1, 'PENDING'], [1, 'SUCCESS'], [2, 'ALLOW']]);
    expect(await relay()).toBe(0);
    expect(received).toHaveLength(3);
    // The delivery log: each attempt with its status, latency and the answer's first bytes.
    const log = (await get(app, `/v1/console/webhooks/${endpointId}/deliveries`, admin.cookie)).json();
    expect(log.result.attempts).toHaveLength(3);
    expect(log.result.attempts[0]).toMatchObject({ httpStatus: 200, responseExcerpt: '{"ok":true}', error: null, attempt: 1, latencyMs: expect.any(Number) });
    expect(log.result.deliveries.map((d: { status: string }) => d.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
    // A plain reviewer cannot read it.
    expect((await get(app, `/v1/console/webhooks/${endpointId}/deliveries`, reviewer.cookie)).json().ret_code).toBe(10009);
  });

  it('a rejection carries its reasons', async () => {
    const bob = await newUser(app, 'hooks-bob@example.com');
    await app.services.console.reject(await caseOf(app, await submitLevel1(app, bob)), { type: 'reviewer', id: reviewer.id }, { mode: 'RETRY', reasonCode: 'DOCUMENT_EXPIRED', userMessage: '', internalNote: '' });
    received = [];
    await relay();
    expect(bodies().map((b) => b.data)).toEqual([expect.objectContaining({ status: 'PENDING' }), expect.objectContaining({ status: 'FAILED_AND_CAN_RETRY', cause: 'REJECT_RETRY', reasonCodes: ['DOCUMENT_EXPIRED'] })]);
  });

  it('a receiver down gets retries with backoff; an hour later everything arrives, in order per user', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    vi.setSystemTime(t0);
    down = true;
    received = [];
    const users = [await newUser(app, 'hooks-c1@example.com'), await newUser(app, 'hooks-c2@example.com')];
    for (const u of users) await approve(u);
    await relay();
    // Each user's first event was tried once and failed; their later events wait behind it.
    let rows = (await deliveriesOf(endpointId)).filter((d) => d.status === 'PENDING');
    expect(rows).toHaveLength(6);
    const tried = rows.filter((d) => d.attempts === 1);
    expect(tried).toHaveLength(2);
    for (const d of tried) {
      expect(d.last_status).toBe(503);
      // 5 s, with jitter (±20 %).
      expect(Date.parse(d.due_at) - t0).toBeGreaterThanOrEqual(4000);
      expect(Date.parse(d.due_at) - t0).toBeLessThanOrEqual(6000);
    }
    expect(rows.filter((d) => d.attempts === 0)).toHaveLength(4);
    // Not yet due: nothing is tried.
    await relay();
    expect((await deliveriesOf(endpointId)).filter((d) => d.attempts > 1)).toEqual([]);
    // 10 s later: the second attempt, then 30 s (with jitter).
    vi.setSystemTime(t0 + 10_000);
    await relay();
    rows = (await deliveriesOf(endpointId)).filter((d) => d.attempts === 2);
    expect(rows).toHaveLength(2);
    for (const d of rows) expect(Date.parse(d.due_at) - (t0 + 10_000)).toBeGreaterThanOrEqual(24_000);
    for (const d of rows) expect(Date.parse(d.due_at) - (t0 + 10_000)).toBeLessThanOrEqual(36_000);
    // The endpoint is marked failing (not disabled: that takes days).
    expect(await app.db.selectFrom('webhook_endpoints').select(['status', 'failing_since']).where('id', '=', endpointId).executeTakeFirst()).toEqual({ status: 'ENABLED', failing_since: expect.any(String) });
    // The console's list counts them as failing; the log shows each delivery's last answer and its next retry.
    const listed = (await get(app, '/v1/console/webhooks', admin.cookie)).json().result.webhooks.find((w: { id: string }) => w.id === endpointId);
    expect(listed).toMatchObject({ pendingDeliveries: 6, failingDeliveries: 2, deadDeliveries: 0, disabledBy: null });
    const log = (await get(app, `/v1/console/webhooks/${endpointId}/deliveries`, admin.cookie)).json().result.deliveries as { status: string; attempts: number; lastStatus: number; lastLatencyMs: number; lastResponseExcerpt: string; nextAttemptAt: string }[];
    const retrying = log.filter((x) => x.status === 'PENDING' && x.attempts > 0);
    expect(retrying.map((d) => d.attempts)).toEqual([2, 2]);
    for (const d of retrying) expect(d).toMatchObject({ lastStatus: 503, lastLatencyMs: expect.any(Number), lastResponseExcerpt: 'maintenance', nextAttemptAt: expect.any(String) });
    // The receiver answers again before the retries are due: a new event of a user whose line waits is
    // not sent ahead of it (the relay sends only a line's first pending delivery).
    down = false;
    await publishIn(app.db, 'kyc.level.status_changed', { userId: users[0]!.id, level: 2, previousStatus: 'ALLOW', status: 'PENDING', cause: 'SUBMIT', reasonCodes: [], applicationId: null });
    expect(await relay()).toBe(0);
    expect(received).toEqual([]);
    expect((await deliveriesOf(endpointId)).filter((d) => d.status === 'PENDING')).toHaveLength(7);
    // Back an hour later: every event arrives, each user's in order.
    vi.setSystemTime(t0 + 3600_000);
    expect(await relay()).toBe(7);
    // Each exactly once: the backlog brought forward when the receiver answered took no delivery from under its relay.
    expect(received).toHaveLength(7);
    const lines = users.map((u) => bodies().filter((b) => b.data.userId === u.id).map((b) => [b.data.level, b.data.status]));
    expect(lines).toEqual([
      [[1, 'PENDING'], [1, 'SUCCESS'], [2, 'ALLOW'], [2, 'PENDING']],
      [[1, 'PENDING'], [1, 'SUCCESS'], [2, 'ALLOW']],
    ]);
    expect((await deliveriesOf(endpointId)).every((d) => d.status === 'DELIVERED')).toBe(true);
    expect(await app.db.selectFrom('webhook_endpoints').select('failing_since').where('id', '=', endpointId).executeTakeFirst()).toEqual({ failing_since: null });
    // The log kept the failed attempts with the answer.
    const failed = await app.db.selectFrom('webhook_attempts').select(['http_status', 'response_excerpt']).where('endpoint_id', '=', endpointId).where('http_status', '=', 503).execute();
    expect(failed.length).toBe(4);
    expect(failed[0]!.response_excerpt).toBe('maintenance');
  });

  it('a rotated secret overlaps: both sign until the overlap ends; redelivery sends an event again', async () => {
    const rotated = (await post(app, `/v1/console/webhooks/${endpointId}/rotate-secret`, { overlapMinutes: 60 }, admin.cookie)).json();
    expect(rotated).toMatchObject({ ret_code: 0, result: { id: endpointId, secret: expect.stringMatching(/^whsec_/) } });
    expect(rotated.result.secret).not.toBe(secret);
    const [first] = await deliveriesOf(endpointId);
    received = [];
    expect((await post(app, `/v1/console/webhooks/${endpointId}/redeliver`, { eventId: first!.event_id }, admin.cookie)).json()).toMatchObject({ ret_code: 0, result: { scheduled: 1 } });
    await relay();
    expect(received).toHaveLength(1);
    expect(received[0]!.headers['webhook-id']).toBe(first!.event_id);
    expect(received[0]!.headers['webhook-signature']!.split(' ')).toHaveLength(2);
    expect(() => new Webhook(rotated.result.secret).verify(received[0]!.body, received[0]!.headers)).not.toThrow();
    expect(() => new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).not.toThrow();
    // Everything since a time: every event of the endpoint's types from then on, sent again in order.
    const all = await deliveriesOf(endpointId);
    received = [];
    expect((await post(app, `/v1/console/webhooks/${endpointId}/redeliver`, { since: new Date(Date.now() - 3600_000).toISOString() }, admin.cookie)).json()).toMatchObject({ ret_code: 0, result: { scheduled: all.length } });
    await relay();
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(expect.arrayContaining(all.map((d) => d.event_id)));
    expect(received).toHaveLength(all.length);
    expect(await app.db.selectFrom('audit_log').select('action').where('entity_id', '=', endpointId).orderBy('at').orderBy('seq').execute()).toEqual(
      expect.arrayContaining([{ action: 'webhook.endpoint.rotate_secret' }, { action: 'webhook.endpoint.redeliver' }]),
    );
  });

  it('after the last retry a delivery is dead (the next of the user goes on); an endpoint failing for days is disabled, audited as the system', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const t0 = Date.now();
    down = true;
    const e1 = await newUser(app, 'hooks-e1@example.com');
    await approve(e1);
    await relay();
    // Every 13 hours (longer than any retry delay: the longest, 10 h, is at most 12 h with its +20 % jitter): attempts 2 to 10; the tenth failure is the last.
    for (let i = 1; i <= 9; i++) {
      vi.setSystemTime(t0 + i * 13 * 3600_000);
      await relay();
    }
    const lines = (await deliveriesOf(endpointId)).filter((d) => d.order_key === e1.id);
    expect(lines.map((d) => [d.status, d.attempts])).toEqual([
      ['DEAD', 10],
      ['PENDING', 1],
      ['PENDING', 0],
    ]);
    expect((await app.db.selectFrom('webhook_endpoints').select('status').where('id', '=', endpointId).executeTakeFirstOrThrow()).status).toBe('ENABLED');
    vi.setSystemTime(t0 + DISABLE_AFTER_MS + 60_000);
    await relay();
    expect(await app.db.selectFrom('webhook_endpoints').select(['status', 'disabled_reason']).where('id', '=', endpointId).executeTakeFirst()).toEqual({ status: 'DISABLED', disabled_reason: expect.stringMatching(/^every delivery failed since/) });
    // (Days later on the faked clock the administrator's session has lapsed: the console's view is read from the service.)
    expect(await app.services.events.get(endpointId)).toMatchObject({ status: 'DISABLED', disabledBy: 'FAILURES', deadDeliveries: 1 });
    expect(await app.db.selectFrom('audit_log').select(['actor_type', 'action']).where('entity_id', '=', endpointId).where('action', '=', 'webhook.endpoint.disable').execute()).toEqual([{ actor_type: 'system', action: 'webhook.endpoint.disable' }]);
    // The administrators are told, after the commit (the subscriber of the endpoint's event), once.
    const disabledEvent = await app.db.selectFrom('domain_events').select(['type', 'data']).where('type', '=', 'kyc.webhook_endpoint.disabled').executeTakeFirstOrThrow();
    expect(JSON.parse(disabledEvent.data)).toMatchObject({ endpointId, businessId: null });
    const told = () => mailer.to(admin.email).filter((m) => m.subject === 'A webhook endpoint was turned off');
    expect(told()).toHaveLength(0);
    await app.services.events.subscribers.runDue();
    await app.services.events.subscribers.runDue();
    expect(told()).toHaveLength(1);
    expect(told()[0]!.text).toContain(receiverUrl);
    expect(told()[0]!.text).toContain('/user/accounts/console/webhooks');
    // Not to a reviewer who is not an administrator.
    expect(mailer.to(reviewer.email).filter((m) => m.subject === 'A webhook endpoint was turned off')).toHaveLength(0);
    down = false;
    received = [];
    await relay();
    expect(received).toEqual([]);
    // An administrator enables it again: the waiting deliveries go (the next due pass).
    vi.useRealTimers();
    expect((await post(app, `/v1/console/webhooks/${endpointId}`, { status: 'ENABLED' }, admin.cookie)).json()).toMatchObject({ ret_code: 0, result: { webhook: { status: 'ENABLED', failingSince: null } } });
    await relay();
    // The dead one stays dead (redeliver sends it again); the user's later ones arrive.
    expect(bodies().map((b) => b.data.status)).toEqual(['SUCCESS', 'ALLOW']);
  });

  it('a disabled endpoint receives nothing until enabled; a deleted one is gone with its log', async () => {
    expect((await post(app, `/v1/console/webhooks/${endpointId}`, { status: 'DISABLED' }, admin.cookie)).json()).toMatchObject({ ret_code: 0, result: { webhook: { status: 'DISABLED', disabledBy: 'ADMINISTRATOR' } } });
    await approve(await newUser(app, 'hooks-d1@example.com'));
    received = [];
    await relay();
    expect(received).toEqual([]);
    expect((await post(app, `/v1/console/webhooks/${endpointId}`, { status: 'ENABLED' }, admin.cookie)).json().ret_code).toBe(0);
    await relay();
    expect(received).toHaveLength(3);
    expect((await post(app, `/v1/console/webhooks/${endpointId}/delete`, {}, admin.cookie)).json().ret_code).toBe(0);
    expect(await app.db.selectFrom('webhook_endpoints').selectAll().where('id', '=', endpointId).execute()).toEqual([]);
    expect(await app.db.selectFrom('webhook_attempts').selectAll().where('endpoint_id', '=', endpointId).execute()).toEqual([]);
  });
});

describe("a partner's events: its endpoint and its signed feed", () => {
  const FEED = '/x-api/v1/s1/kyc/integration/events';
  function feed(query: string, { secret = acmeSecret, key = 'acme' } = {}) {
    const url = `${FEED}${query}`;
    const ts = String(Date.now());
    return app.inject({ method: 'GET', url, headers: { 'x-partner-key': key, 'x-partner-ts': ts, 'x-partner-sig': partnerSignature(secret, ts, 'GET', url, '') } });
  }

  it("an applicant's events go to the business's endpoint and feed only, in order, with cursor paging", async () => {
    const res = (await post(app, '/v1/console/businesses/acme/webhooks', { url: receiverUrl, events: ['*'] }, admin.cookie)).json();
    expect(res.ret_code).toBe(0);
    const acmeHook = res.result as { id: string; secret: string };
    // A web user's events are not the partner's.
    await approve(await newUser(app, 'hooks-web@example.com'));
    // The partner's applicant: made by its signed access-token call, verified through the same services.
    const issued = await app.services.partners.issueAccessToken('acme', { externalUserId: 'acme-1', level: 1, isUpdatePoi: false }, SYSTEM);
    expect(issued.accessToken).toBeTruthy();
    const applicant = (await app.services.partners.partnerOfUser((await app.db.selectFrom('partner_applicants').select('user_id').where('external_user_id', '=', 'acme-1').executeTakeFirstOrThrow()).user_id))!;
    expect(applicant.businessId).toBe('acme');
    const userId = (await app.db.selectFrom('partner_applicants').select('user_id').where('external_user_id', '=', 'acme-1').executeTakeFirstOrThrow()).user_id;
    await app.services.kyc.savePersonalInfo(userId, personalInfoSchema.parse(VALID_INFO), { type: 'user', id: userId });
    await uploadDrafts(app, userId, 1, ID_CARD_KINDS, DocumentType.DRIVERS_LICENSE);
    const submitted = await app.services.kyc.submitApplication(userId, submitApplicationRequest.parse({ level: 1, country: 'GB', documentType: 'DRIVERS_LICENSE' }), { type: 'user', id: userId });
    await app.services.console.approve(await caseOf(app, submitted.applicationId), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });

    received = [];
    await relay();
    expect(received.every((r) => JSON.parse(r.body).data.userId === userId)).toBe(true);
    expect(bodies().map((b) => b.data.status)).toEqual(['PENDING', 'SUCCESS', 'ALLOW']);
    for (const r of received) expect(() => new Webhook(acmeHook.secret).verify(r.body, r.headers)).not.toThrow();

    // The feed: the same events, two at a time.
    const page1 = feed('?limit=2');
    const first = (await page1).json();
    expect(first).toMatchObject({ ret_code: 0 });
    expect(first.result.events.map((e: { data: { status: string } }) => e.data.status)).toEqual(['PENDING', 'SUCCESS']);
    const second = (await feed(`?after=${first.result.next}&limit=2`)).json();
    expect(second.result.events.map((e: { data: { status: string } }) => e.data.status)).toEqual(['ALLOW']);
    const ids = [...first.result.events, ...second.result.events].map((e: { id: string }) => e.id);
    expect(ids).toEqual(received.map((r) => r.headers['webhook-id']));
    // Nothing new: the same cursor back.
    const third = (await feed(`?after=${second.result.next}`)).json();
    expect(third.result).toEqual({ events: [], next: second.result.next });
    // Unsigned or wrongly signed: refused.
    expect((await feed('', { secret: 'psk_wrong' })).json().ret_code).not.toBe(0);
  });
});

describe('many servers', () => {
  it('two relays on one database deliver each event once, each user in order', async () => {
    const hook = (await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['kyc.level.status_changed'] }, admin.cookie)).json().result as { id: string };
    const other = createEventsService({ db: app.db, config: { allowPrivate: true, timeoutMs: 2000, relayIntervalMs: 0 }, dataEncryptionKey: app.config.dataEncryptionKey, dataDir: app.config.dataDir, businesses: { exists: async () => true } });
    const users = [await newUser(app, 'hooks-m1@example.com'), await newUser(app, 'hooks-m2@example.com'), await newUser(app, 'hooks-m3@example.com')];
    for (const u of users) await approve(u);
    received = [];
    await Promise.all([relay(), other.relay.runDue(), relay(), other.relay.runDue()]);
    await Promise.all([relay(), other.relay.runDue()]);
    const mine = received.filter((r) => users.some((u) => r.body.includes(u.id)));
    expect(mine).toHaveLength(9);
    expect(new Set(mine.map((r) => r.headers['webhook-id'])).size).toBe(9);
    for (const u of users) expect(bodies().filter((b) => b.data.userId === u.id).map((b) => b.data.status)).toEqual(['PENDING', 'SUCCESS', 'ALLOW']);
    expect((await deliveriesOf(hook.id)).map((d) => [d.status, d.attempts])).toEqual(Array.from({ length: 9 }, () => ['DELIVERED', 1]));
    await post(app, `/v1/console/webhooks/${hook.id}/delete`, {}, admin.cookie);
  });
});

describe('other change points write their events', () => {
  it("a user's erasure is kyc.user.erased (the id only)", async () => {
    const u = await newUser(app, 'hooks-erase@example.com');
    expect((await app.services.records.requestErasure(u.id, { type: 'user', id: u.id })).outcome).toBe('ERASED');
    const rows = await app.db.selectFrom('domain_events').select(['type', 'data']).where('user_id', '=', u.id).execute();
    expect(rows.map((r) => [r.type, JSON.parse(r.data)])).toEqual([['kyc.user.erased', { schemaVersion: 1, userId: u.id, anonymised: true }]]);
  });
});

describe('outgoing requests refuse private addresses (SSRF) unless allowed', () => {
  it('an endpoint on a private or loopback address is refused when registered; nothing is stored', async () => {
    const strict = createEventsService({ db: app.db, config: { allowPrivate: false, timeoutMs: 1000, relayIntervalMs: 0 }, dataEncryptionKey: app.config.dataEncryptionKey, dataDir: app.config.dataDir, businesses: { exists: async () => true } });
    const before = (await app.db.selectFrom('webhook_endpoints').select('id').execute()).length;
    for (const url of ['http://127.0.0.1:9/x', 'http://10.0.0.8/x', 'http://169.254.169.254/x', 'http://localhost/x', 'http://[fe80::1]/x']) {
      await expect(strict.createEndpoint(null, { url, events: ['*'] }, SYSTEM), url).rejects.toMatchObject({ retCode: 10001 });
    }
    expect((await app.db.selectFrom('webhook_endpoints').select('id').execute()).length).toBe(before);
  });

  it('loopback, private and link-local addresses, literal or behind a name, are refused; nothing is sent', async () => {
    const hits = received.length;
    for (const url of [receiverUrl, 'http://10.1.2.3/x', 'http://169.254.169.254/latest/meta-data', 'http://[::1]/x', 'http://[::ffff:127.0.0.1]/x', `http://localhost:${new URL(receiverUrl).port}/hooks`]) {
      const r = await safePost(url, '{}', {}, { timeoutMs: 1000, allowPrivate: false });
      expect(r, url).toMatchObject({ status: null, error: expect.stringMatching(/^refused/) });
    }
    expect(received.length).toBe(hits);
    expect(isForbiddenAddress('8.8.8.8')).toBe(false);
    expect(isForbiddenAddress('2606:4700::1111')).toBe(false);
    expect(isForbiddenAddress('172.20.0.1')).toBe(true);
    expect(isForbiddenAddress('fd00::1')).toBe(true);
    // With the flag, the same receiver is reached.
    expect(await safePost(receiverUrl, '{}', {}, { timeoutMs: 1000, allowPrivate: true })).toMatchObject({ status: 200, error: null });
  });

  it('a redirect is not followed: it is a failed attempt', async () => {
    const redirecting = createServer((_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end());
    await new Promise<void>((resolve) => redirecting.listen(0, '127.0.0.1', resolve));
    const r = await safePost(`http://127.0.0.1:${(redirecting.address() as AddressInfo).port}/`, '{}', {}, { timeoutMs: 1000, allowPrivate: true });
    await new Promise((resolve) => redirecting.close(resolve));
    expect(r.status).toBe(302);
  });
});
