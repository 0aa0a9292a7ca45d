import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleRole } from '../../../shared/staff.ts';
import type { App } from '../../app.ts';
import { recordAudit, verifyAuditChain } from '../audit/audit.service.ts';
import { createKycTestApp, newReviewer, newUser, post, type TestUser } from '../kyc/kyc.fixtures.ts';

/** The tamper-evident audit trail (decision 018): a hash chain per entity, verified end to end. */
let app: App;
let close: () => Promise<void>;
let admin: TestUser;
let plain: TestUser;
const SYSTEM = { type: 'system', id: null } as const;
const audit = (entityId: string) => app.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'thing').where('entity_id', '=', entityId).orderBy('seq').execute();

beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  admin = await newReviewer(app, 'chain-admin@example.com');
  plain = await newReviewer(app, 'chain-plain@example.com');
  await app.services.staff.setRole(admin.id, ConsoleRole.ADMINISTRATOR, SYSTEM);
  await newUser(app, 'chain-user@example.com');
});
afterAll(async () => close());

async function write(entityId: string, n: number) {
  for (let i = 1; i <= n; i++) await recordAudit(app.db, SYSTEM, { action: 'thing.change', entityType: 'thing', entityId, after: { i } });
}

describe('audit hash chain', () => {
  it('links each entry to the previous one of its entity; concurrent writers of one entity append one after the other', async () => {
    await write('a', 3);
    const rows = await audit('a');
    expect(rows.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(rows[0]!.prev_hash).toBe('0'.repeat(64));
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(rows[2]!.prev_hash).toBe(rows[1]!.hash);

    await Promise.all(Array.from({ length: 12 }, (_, i) => app.db.transaction().execute((trx) => recordAudit(trx, SYSTEM, { action: 'thing.race', entityType: 'thing', entityId: 'race', after: { i } }))));
    expect((await audit('race')).map((r) => Number(r.seq))).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await verifyAuditChain(app.db)).toMatchObject({ ok: true, firstBroken: null });
  });

  it('the console check (administrators) finds a row edited directly in the database and points at it', async () => {
    await write('tampered', 3);
    expect((await post(app, '/v1/console/audit/verify', {}, admin.cookie)).json()).toMatchObject({ ret_code: 0, result: { ok: true, brokenStreams: 0 } });
    const [, second] = await audit('tampered');
    await app.db.updateTable('audit_log').set({ after: JSON.stringify({ i: 99 }) }).where('id', '=', second!.id).execute();

    const report = (await post(app, '/v1/console/audit/verify', {}, admin.cookie)).json().result;
    expect(report).toMatchObject({ ok: false, brokenStreams: 1, firstBroken: { stream: 'thing:tampered', entryId: second!.id, seq: 2, problem: 'PAYLOAD_MISMATCH' } });
    // Rewriting the payload's digest to match does not help: the entry's hash covers the digest.
    await app.db.updateTable('audit_log').set({ payload_digest: 'f'.repeat(64) }).where('id', '=', second!.id).execute();
    expect((await verifyAuditChain(app.db)).firstBroken).toMatchObject({ entryId: second!.id, problem: 'HASH_MISMATCH' });
    // The check itself is audited.
    expect(await app.db.selectFrom('audit_log').select('actor_id').where('action', '=', 'audit.verify').execute()).toContainEqual({ actor_id: admin.id });
    // Only administrators run it.
    expect((await post(app, '/v1/console/audit/verify', {}, plain.cookie)).json()).toMatchObject({ ret_code: 10009, result: { requiredRole: 'administrator' } });
  });

  it('a deleted entry breaks the link after it; a deleted last entry no longer meets the head; a row written around the chain is reported', async () => {
    const fresh = await createKycTestApp();
    try {
      const db = fresh.app.db;
      for (const id of ['middle', 'end']) for (let i = 0; i < 3; i++) await recordAudit(db, SYSTEM, { action: 'x', entityType: 'thing', entityId: id });
      const rowsOf = (id: string) => db.selectFrom('audit_log').selectAll().where('entity_id', '=', id).orderBy('seq').execute();
      const middle = await rowsOf('middle');
      await db.deleteFrom('audit_log').where('id', '=', middle[1]!.id).execute();
      expect((await verifyAuditChain(db)).firstBroken).toMatchObject({ stream: 'thing:middle', entryId: middle[2]!.id, problem: 'LINK_BROKEN' });
      await db.deleteFrom('audit_log').where('entity_id', '=', 'middle').execute();
      await db.deleteFrom('audit_heads').where('stream', '=', 'thing:middle').execute();

      const end = await rowsOf('end');
      await db.deleteFrom('audit_log').where('id', '=', end[2]!.id).execute();
      expect((await verifyAuditChain(db)).firstBroken).toMatchObject({ stream: 'thing:end', entryId: end[1]!.id, problem: 'HEAD_MISMATCH' });
      await db.deleteFrom('audit_log').where('entity_id', '=', 'end').execute();
      await db.deleteFrom('audit_heads').where('stream', '=', 'thing:end').execute();
      expect((await verifyAuditChain(db)).ok).toBe(true);

      await db.insertInto('audit_log').values({ id: 'forged', at: new Date().toISOString(), actor_type: 'system', actor_id: null, action: 'x', entity_type: 'thing', entity_id: 'forged', before: null, after: null, ip: null, request_id: null }).execute();
      expect((await verifyAuditChain(db)).firstBroken).toMatchObject({ entryId: 'forged', problem: 'UNCHAINED' });
    } finally {
      await fresh.close();
    }
  });
});
