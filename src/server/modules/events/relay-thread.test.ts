import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { createEventsService } from './events.service.ts';
import { hostRelay, RELAY_APPLICATION_NAME } from './relay-thread.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';

/**
 * Decision 066: on PostgreSQL the relay runs in a worker thread with a pool of its own. The server
 * here is started as in production (relay interval on, thread on): an approval reaches a local
 * receiver signed, its delivery is recorded as delivered by the thread, and the server closes with
 * the thread stopped. SQLite keeps the relay on the server's thread (one writer), not tested here.
 */
const onPostgres = Boolean(process.env.TEST_DATABASE_URL);

describe.runIf(onPostgres)('the relay in a thread of its own (PostgreSQL)', () => {
  let app: App;
  let close: () => Promise<void>;
  let receiver: Server;
  let receiverUrl: string;
  const received: { headers: Record<string, string>; body: string }[] = [];
  let admin: TestUser;
  let reviewer: TestUser;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ headers: req.headers as Record<string, string>, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    ({ app, close } = await createKycTestApp({ webhooks: { allowPrivate: true, timeoutMs: 2000, relayIntervalMs: 100, subscriberIntervalMs: 0, relayThread: true, relayNice: 0 } }));
    admin = await newReviewer(app, 'thread-admin@example.com');
    await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, { type: 'system', id: null });
    reviewer = await newReviewer(app, 'thread-reviewer@example.com');
  });
  afterAll(async () => {
    await close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it("an approval reaches the endpoint signed, delivered by the relay thread; the server's thread ran no relay pass", async () => {
    const { id: endpointId, secret } = (await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['kyc.level.status_changed'] }, admin.cookie)).json().result as { id: string; secret: string };
    const user = await newUser(app, 'thread-user@example.com');
    await app.services.console.approve(await caseOf(app, await submitLevel1(app, user)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });

    await vi.waitFor(() => expect(received.map((r) => JSON.parse(r.body).data.status)).toContain('SUCCESS'), { timeout: 10_000, interval: 50 });
    const delivery = received.find((r) => JSON.parse(r.body).data.status === 'SUCCESS')!;
    expect(new Webhook(secret).verify(delivery.body, delivery.headers)).toMatchObject({ type: 'kyc.level.status_changed', data: { userId: user.id, level: 1, status: 'SUCCESS' } });
    await vi.waitFor(async () => {
      const rows = await app.db.selectFrom('webhook_deliveries').select(['event_id', 'status']).where('endpoint_id', '=', endpointId).execute();
      expect(rows.find((r) => r.event_id === delivery.headers['webhook-id'])?.status).toBe('DELIVERED');
    });
    // The thread's own pool is connected (the server's thread's pool has no such name).
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${RELAY_APPLICATION_NAME}`.execute(app.db);
    expect(rows[0]!.n).toBeGreaterThan(0);
    // The in-process runner was never started: a pass run here now finds nothing left to deliver.
    expect(await app.services.events.relay.runDue()).toBe(0);
  });

  it('the server closes with the thread stopped: its connections are gone', async () => {
    const count = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${RELAY_APPLICATION_NAME}`.execute(app.db)).rows[0]!.n;
    expect(await count()).toBeGreaterThan(0);
    // Another connection watches (the app's own pool ends with the app); the database is dropped after.
    const { createDb } = await import('../../db/index.ts');
    const watcher = createDb(app.config.database);
    try {
      await app.close();
      await vi.waitFor(async () => expect((await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where application_name = ${RELAY_APPLICATION_NAME}`.execute(watcher)).rows[0]!.n).toBe(0));
    } finally {
      await watcher.destroy();
    }
  });
});

describe.runIf(onPostgres)('a relay thread that ends unasked (PostgreSQL)', () => {
  let app: App;
  let close: () => Promise<void>;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
    // The app relays nothing by itself: the relay under test is the one hosted here.
    ({ app, close } = await createKycTestApp({ webhooks: { allowPrivate: true, timeoutMs: 2000, relayIntervalMs: 0, subscriberIntervalMs: 0, relayThread: true, relayNice: 0 } }));
  });
  afterAll(async () => {
    await close();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('is logged as an error and the server relays on its own thread: an approval after it is still delivered', async () => {
    const admin = await newReviewer(app, 'ended-admin@example.com');
    await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, { type: 'system', id: null });
    const reviewer = await newReviewer(app, 'ended-reviewer@example.com');
    const { id: endpointId } = (await post(app, '/v1/console/webhooks', { url: receiverUrl, events: ['kyc.level.status_changed'] }, admin.cookie)).json().result as { id: string };

    const webhooks = { ...app.config.webhooks, relayIntervalMs: 100 };
    const keys = { dataEncryptionKey: app.config.dataEncryptionKey, previousEncryptionKeys: app.config.previousEncryptionKeys, dataDir: app.config.dataDir };
    // The server's own relay, not started until the thread is gone.
    const standby = createEventsService({ db: app.db, config: webhooks, ...keys, businesses: { exists: () => Promise.resolve(true) }, onError: () => undefined });
    const errors: string[] = [];
    const log = { warn: () => undefined, error: (_: object, msg: string) => errors.push(msg) };
    const relayConnections = async () => (await sql<{ n: number }>`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${RELAY_APPLICATION_NAME}`.execute(app.db)).rows[0]!.n;
    try {
      // A thread stopped on purpose is not replaced.
      const stopped = await hostRelay({ thread: { database: app.config.database, webhooks, ...keys }, inProcess: standby.relay, log });
      await stopped.stop();
      expect(errors).toEqual([]);

      const host = await hostRelay({ thread: { database: app.config.database, webhooks, ...keys }, inProcess: standby.relay, log });
      await vi.waitFor(async () => expect(await relayConnections()).toBeGreaterThan(0));
      await host.worker!.terminate();
      await vi.waitFor(() => expect(errors).toEqual(['events: the relay thread ended; this server relays on its own thread from now on']));
      await vi.waitFor(async () => expect(await relayConnections()).toBe(0));

      const user = await newUser(app, 'ended-user@example.com');
      await app.services.console.approve(await caseOf(app, await submitLevel1(app, user)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
      await vi.waitFor(() => expect(received.map((body) => JSON.parse(body).data.status)).toContain('SUCCESS'), { timeout: 10_000, interval: 50 });
      // Recorded by the server's relay: the thread's connections are gone.
      await vi.waitFor(async () => expect((await app.db.selectFrom('webhook_deliveries').select('status').where('endpoint_id', '=', endpointId).execute()).map((r) => r.status)).toContain('DELIVERED'));
      expect(await relayConnections()).toBe(0);
    } finally {
      await standby.close();
    }
  });
});
