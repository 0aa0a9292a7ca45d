import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createTestApp } from '../../test/test-app.ts';
import { publishIn } from '../events/events.service.ts';
import { DEMO_PARTNER_ID } from '../partners/partners.service.ts';
import { partnerDemoRoutes } from './partner-demo.routes.ts';

/**
 * Decision 056: in demo mode the partner demo's backend has a webhook endpoint — its own receiver —
 * that verifies every delivery with the Standard Webhooks package, and its page lists them live.
 * The real relay posts to the real listening server; nothing is faked.
 */
let app: App;
let close: () => Promise<void>;
let origin: string;
const SYSTEM = { type: 'system', id: null } as const;
type Listed = { connected: boolean; received: { id: string; type: string; verified: boolean }[] };
const listed = async () => (await fetch(`${origin}/partner-demo/webhooks.json`)).json() as Promise<Listed>;

beforeAll(async () => {
  // The partner demo's routes as demo mode registers them, without demo mode's seeding (slow: users, pictures, face matches).
  ({ app, close } = await createTestApp({ webhooks: { allowPrivate: true, timeoutMs: 2000, relayIntervalMs: 0, subscriberIntervalMs: 0, relayThread: false, relayNice: 0 } }, undefined, { plugins: [partnerDemoRoutes] }));
  await app.services.partners.createBusiness({ id: DEMO_PARTNER_ID, name: 'Demo Partner', allowedOrigins: ['http://127.0.0.1:8080'], scenes: [DEMO_PARTNER_ID], redirectAllowlist: [], defaultLanguage: 'en' }, SYSTEM);
  // Listening is what connects the receiver (its address is known then).
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(async () => close?.());

describe('the partner demo receives its webhooks', () => {
  it("registers the demo business's endpoint at its own receiver; an applicant's event arrives verified and is listed", async () => {
    // Connected by the onListen hook, which runs once the server listens (listen does not wait for it).
    const demoEndpoints = async () => (await app.services.events.list()).filter((w) => w.businessId === DEMO_PARTNER_ID);
    await expect.poll(async () => (await listed()).connected).toBe(true);
    const endpoints = await demoEndpoints();
    expect(endpoints).toEqual([expect.objectContaining({ url: `${origin}/partner-demo/webhooks`, events: ['*'], status: 'ENABLED' })]);
    expect(await listed()).toEqual({ connected: true, received: [] });

    // An applicant of the demo business (linked by its access-token call), and one of their events.
    await app.services.partners.issueAccessToken(DEMO_PARTNER_ID, { externalUserId: 'demo-hooks-1', level: 1, isUpdatePoi: false }, SYSTEM);
    const { user_id: userId } = await app.db.selectFrom('partner_applicants').select('user_id').where('external_user_id', '=', 'demo-hooks-1').executeTakeFirstOrThrow();
    const eventId = await inTransaction(app.db, (trx) => publishIn(trx, 'kyc.user.erased', { userId, anonymised: false }));
    expect(await app.services.events.relay.runDue()).toBe(1);
    expect((await listed()).received).toEqual([expect.objectContaining({ id: eventId, type: 'kyc.user.erased', verified: true })]);
    const [delivery] = (await app.services.events.deliveries(endpoints[0]!.id, 5)).deliveries;
    expect(delivery).toMatchObject({ eventId, status: 'DELIVERED', lastStatus: 204 });
  });

  it('a delivery with a wrong signature is refused (400) and listed as not verified', async () => {
    const body = JSON.stringify({ type: 'kyc.user.erased', timestamp: new Date().toISOString(), data: {} });
    const res = await fetch(`${origin}/partner-demo/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'evt_forged', 'webhook-timestamp': String(Math.floor(Date.now() / 1000)), 'webhook-signature': 'v1,AAAA' },
      body,
    });
    expect(res.status).toBe(400);
    expect((await listed()).received[0]).toMatchObject({ id: 'evt_forged', verified: false });
  });
});
