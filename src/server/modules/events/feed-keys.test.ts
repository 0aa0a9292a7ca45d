import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../../shared/ret-codes.ts';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { inTransaction } from '../../db/transaction.ts';
import { createKycTestApp, get, newReviewer, newUser, post, type TestUser } from '../kyc/kyc.fixtures.ts';
import { publishIn } from './events.service.ts';

/**
 * Decision 056: the exchange-wide events feed with a key an administrator issues — shown once,
 * stored as a hash, revocable, audited — answering every event (exchange-only ones included) in
 * order. Replies AND stored state.
 */
let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let reviewer: TestUser;
const SYSTEM = { type: 'system', id: null } as const;
const FEED = '/x-api/v1/exchange/kyc/integration/events';
const feed = (query: string, key?: string) => app.inject({ method: 'GET', url: `${FEED}${query}`, headers: key === undefined ? {} : { authorization: `Bearer ${key}` } });
const keyRow = (id: string) => app.db.selectFrom('events_feed_keys').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

beforeAll(async () => {
  ({ app, close } = await createKycTestApp({ webhooks: { allowPrivate: false, timeoutMs: 1000, relayIntervalMs: 0, subscriberIntervalMs: 0, relayThread: false, relayNice: 0 } }));
  admin = await newReviewer(app, 'feed-admin@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  reviewer = await newReviewer(app, 'feed-reviewer@example.com');
});
afterAll(() => close());

describe('events feed keys', () => {
  it('only administrators issue, list or revoke keys; nothing is stored for the others', async () => {
    expect((await post(app, '/v1/console/events-feed-keys', { name: 'withdrawals' }, reviewer.cookie)).json().ret_code).toBe(RetCode.NO_PERMISSION);
    expect((await get(app, '/v1/console/events-feed-keys', reviewer.cookie)).json().ret_code).toBe(RetCode.NO_PERMISSION);
    expect(await app.db.selectFrom('events_feed_keys').selectAll().execute()).toEqual([]);
  });

  // efk_<16 hex>_<base64url, which may hold '_' itself>.
  const secretPart = (key: string) => key.slice('efk_'.length + 16 + 1);

  it('an issued key is shown once, stored as its hash only, audited; it reads every event in order, exchange-only ones included', async () => {
    const issued = (await post(app, '/v1/console/events-feed-keys', { name: 'Withdrawal service' }, admin.cookie)).json();
    expect(issued).toMatchObject({ ret_code: 0, result: { key: { name: 'Withdrawal service', revokedAt: null, lastUsedAt: null }, secret: expect.stringMatching(/^efk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/) } });
    const { key, secret } = issued.result as { key: { id: string }; secret: string };
    const row = await keyRow(key.id);
    expect(row).toMatchObject({ name: 'Withdrawal service', created_by: admin.id, revoked_at: null });
    expect(row.key_hash).toBe(createHash('sha256').update(secretPart(secret)).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(secretPart(secret));
    // The list never carries it.
    const listed = (await get(app, '/v1/console/events-feed-keys', admin.cookie)).json();
    expect(listed.result.keys).toEqual([expect.objectContaining({ id: key.id, name: 'Withdrawal service' })]);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(await app.db.selectFrom('audit_log').select(['actor_id', 'action']).where('entity_id', '=', key.id).execute()).toEqual([{ actor_id: admin.id, action: 'events_feed_key.issue' }]);

    // Events: a web user's (partners never see these) and an AML screening outcome (exchange-only).
    const start = (await feed('?limit=500', secret)).json().result.next as string;
    const user = await newUser(app, 'feed-user@example.com');
    await inTransaction(app.db, (trx) => publishIn(trx, 'kyc.user.erased', { userId: user.id, anonymised: false }));
    await inTransaction(app.db, (trx) => publishIn(trx, 'kyc.screening.match_opened', { userId: user.id, matchId: 'm-1', listVersion: 1, status: 'OPEN', trigger: 'LEVEL_APPROVED' }));
    const first = (await feed(`?after=${start}&limit=1`, secret)).json();
    expect(first).toMatchObject({ ret_code: 0, result: { events: [{ type: 'kyc.user.erased', data: { userId: user.id } }] } });
    const second = (await feed(`?after=${first.result.next}&limit=1`, secret)).json();
    expect(second.result.events).toEqual([expect.objectContaining({ type: 'kyc.screening.match_opened', data: expect.objectContaining({ userId: user.id, matchId: 'm-1' }) })]);
    // Nothing new: the same cursor back.
    expect((await feed(`?after=${second.result.next}`, secret)).json().result).toEqual({ events: [], next: second.result.next });
    // Its use is noted (for the console's "last used").
    expect((await keyRow(key.id)).last_used_at).toEqual(expect.any(String));
  });

  it('a missing, malformed, unknown or wrong key is refused (39009); a bad cursor is invalid input; nothing is read', async () => {
    const { key, secret } = await app.services.events.feedKeys.issue('Support desk', SYSTEM);
    const [, id, part] = /^efk_([0-9a-f]{16})_(.+)$/.exec(secret)!;
    const wrong = `efk_${id}_${part!.startsWith('A') ? 'B' : 'A'}${part!.slice(1)}`;
    for (const attempt of [undefined, 'not-a-key', `efk_${'0'.repeat(16)}_${part}`, wrong]) {
      expect((await feed('', attempt)).json()).toMatchObject({ ret_code: RetCode.EVENTS_FEED_KEY_INVALID, result: {} });
    }
    // A session cookie is no key: an administrator's session reads nothing here.
    expect((await app.inject({ method: 'GET', url: FEED, headers: { cookie: admin.cookie } })).json().ret_code).toBe(RetCode.EVENTS_FEED_KEY_INVALID);
    expect((await keyRow(key.id)).last_used_at).toBeNull();
    // The key is right, the cursor is not.
    expect((await feed('?after=-1', secret)).json().ret_code).toBe(RetCode.PARAMS_ERROR);
    expect((await feed('?limit=100000', secret)).json().ret_code).toBe(RetCode.PARAMS_ERROR);
  });

  it('a revoked key is refused from the next call; revocation is audited and happens once', async () => {
    const { key, secret } = await app.services.events.feedKeys.issue('Trading engine', SYSTEM);
    expect((await feed('', secret)).json().ret_code).toBe(0);
    const revoked = (await post(app, `/v1/console/events-feed-keys/${key.id}/revoke`, {}, admin.cookie)).json();
    expect(revoked).toMatchObject({ ret_code: 0, result: { key: { id: key.id, revokedAt: expect.any(String) } } });
    expect(await keyRow(key.id)).toMatchObject({ revoked_at: expect.any(String), revoked_by: admin.id });
    expect((await feed('', secret)).json().ret_code).toBe(RetCode.EVENTS_FEED_KEY_INVALID);
    expect((await post(app, `/v1/console/events-feed-keys/${key.id}/revoke`, {}, admin.cookie)).json().ret_code).toBe(RetCode.WRONG_STATE);
    expect((await post(app, '/v1/console/events-feed-keys/unknown/revoke', {}, admin.cookie)).json().ret_code).toBe(RetCode.NOT_FOUND);
    expect(await app.db.selectFrom('audit_log').select(['actor_id', 'action']).where('entity_id', '=', key.id).orderBy('at').orderBy('seq').execute()).toEqual([
      { actor_id: null, action: 'events_feed_key.issue' },
      { actor_id: admin.id, action: 'events_feed_key.revoke' },
    ]);
  });
});
