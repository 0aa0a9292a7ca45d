import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIMITATION_DEFAULT } from '../../../shared/kyc.ts';
import { LIMITATION_COMPLIANCE_RESTRICTED, LimitationAction, RestrictionReason, RestrictionSource } from '../../../shared/restrictions.ts';
import type { App } from '../../app.ts';
import { inTransaction } from '../../db/transaction.ts';
import { caseOf, createKycTestApp, newReviewer, newUser, post, submitLevel1, type TestUser } from '../kyc/kyc.fixtures.ts';
import { publishIn, pruneEvents } from '../events/events.service.ts';
import { createLimitationSweep } from './limitations.service.ts';

/**
 * The limitation sweep (issue 29, decision 061): a compliance task's due date passing is published
 * once as `kyc.compliance_task.overdue` and the account's limitation as `kyc.limitation.changed`; a
 * restriction's set and lift are published at once, in the decision's transaction, and never again by
 * the sweep; two sweeps at once publish each change once. Stored rows AND the outbox's events.
 */
const K = '/v3/private/kyc';
const SYSTEM = { type: 'system', id: null } as const;
const TASK_OVERDUE = 'LIMITATION_COMPLIANCE_TASK_OVERDUE';
const RFI_OVERDUE = 'COMPLIANCE_TASK_RFI_OVERDUE';

let app: App;
let close: () => Promise<void>;
let reviewer: TestUser;
let seq = 0;
beforeAll(async () => {
  ({ app, close } = await createKycTestApp());
  reviewer = await newReviewer(app, 'sweep-rev@example.com');
});
afterAll(async () => close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const user = () => newUser(app, `sweep-${++seq}@example.com`);
/** A reviewer's RFI: an open task due in ten days. */
async function taskOf(u: TestUser): Promise<string> {
  const res = (await post(app, '/v1/console/rfi-requests', { email: u.email, question: 'Where do the funds of your last deposit come from?', dueDate: inDays(10) }, reviewer.cookie)).json();
  expect(res.ret_code).toBe(0);
  return res.result.taskId as string;
}
/** The clock moved past the due date (as the compliance tests do: the due date moved back). */
const overdue = (taskId: string) => app.db.updateTable('compliance_tasks').set({ due_date: inDays(-1) }).where('id', '=', taskId).execute();
const sweepEvents = async (userId: string) =>
  (await app.db.selectFrom('domain_events').select(['type', 'data', 'exchange_only']).where('user_id', '=', userId).where('type', 'in', ['kyc.compliance_task.overdue', 'kyc.limitation.changed']).orderBy('seq').execute()).map((e) => ({
    type: e.type,
    exchangeOnly: e.exchange_only,
    data: JSON.parse(e.data) as Record<string, unknown>,
  }));
const stored = (userId: string) => app.db.selectFrom('account_limitations').select(['limitation', 'reasons', 'restricted_limitation', 'deadline_limitation']).where('user_id', '=', userId).executeTakeFirst();
const kycLimitation = async (u: TestUser) => (await post(app, `${K}/kyc-info`, {}, u.cookie)).json().result.limitation as string;
const changed = (previousLimitation: string, limitation: string, previousReasonCodes: string[], reasonCodes: string[], cause: string) => ({
  type: 'kyc.limitation.changed',
  exchangeOnly: 1,
  data: expect.objectContaining({ schemaVersion: 1, previousLimitation, limitation, previousReasonCodes, reasonCodes, cause }),
});

describe('a compliance task past its due date', () => {
  it('is published overdue once, with the limitation it sets; done, the limitation is lifted; a second pass publishes nothing', async () => {
    const u = await user();
    const taskId = await taskOf(u);
    await app.services.limitationSweep.runDue();
    expect(await sweepEvents(u.id)).toEqual([]);
    expect(await stored(u.id)).toBeUndefined();

    await overdue(taskId);
    await app.services.limitationSweep.runDue();
    const task = await app.db.selectFrom('compliance_tasks').select(['overdue_noticed_at', 'due_date']).where('id', '=', taskId).executeTakeFirstOrThrow();
    expect(task.overdue_noticed_at).not.toBeNull();
    const afterFirst = await sweepEvents(u.id);
    expect(afterFirst).toEqual([
      { type: 'kyc.compliance_task.overdue', exchangeOnly: 0, data: { schemaVersion: 1, userId: u.id, taskId, taskType: 'RFI', dueDate: inDays(-1), noticedAt: task.overdue_noticed_at } },
      changed(LIMITATION_DEFAULT, TASK_OVERDUE, [], [RFI_OVERDUE], 'DEADLINE'),
    ]);
    expect(await stored(u.id)).toEqual({ limitation: TASK_OVERDUE, reasons: JSON.stringify([RFI_OVERDUE]), restricted_limitation: LIMITATION_DEFAULT, deadline_limitation: TASK_OVERDUE });
    // What was published is what kyc-info reads.
    expect(await kycLimitation(u)).toBe(TASK_OVERDUE);

    await app.services.limitationSweep.runDue();
    expect(await sweepEvents(u.id)).toHaveLength(2);

    await inTransaction(app.db, (trx) => app.services.compliance.tasks.completeIn(trx, taskId, SYSTEM, 'answered'));
    await app.services.limitationSweep.runDue();
    await app.services.limitationSweep.runDue();
    expect((await sweepEvents(u.id)).slice(2)).toEqual([changed(TASK_OVERDUE, LIMITATION_DEFAULT, [RFI_OVERDUE], [], 'DEADLINE')]);
    expect(await stored(u.id)).toMatchObject({ limitation: LIMITATION_DEFAULT, reasons: '[]', deadline_limitation: LIMITATION_DEFAULT });
    expect(await kycLimitation(u)).toBe(LIMITATION_DEFAULT);
  });

  it('two sweeps at once (two servers) publish each change once', async () => {
    const [a, b] = [await user(), await user()];
    for (const u of [a, b]) await overdue(await taskOf(u));
    const other = createLimitationSweep({
      db: app.db,
      intervalMs: 0,
      restrictions: app.services.restrictions,
      reverification: app.services.reverification,
      complianceTasks: app.services.compliance.tasks,
      onError: (err) => {
        throw err;
      },
    });
    await Promise.all([app.services.limitationSweep.runDue(), other.runDue(), other.runDue()]);
    for (const u of [a, b]) {
      expect((await sweepEvents(u.id)).map((e) => e.type)).toEqual(['kyc.compliance_task.overdue', 'kyc.limitation.changed']);
      expect(await stored(u.id)).toMatchObject({ limitation: TASK_OVERDUE });
    }
  });
});

describe('a re-verification past its deadline', () => {
  it('sets the limitation once (the same one kyc-info reads)', async () => {
    const u = await user();
    await app.services.console.approve(await caseOf(app, await submitLevel1(app, u)), { type: 'reviewer', id: reviewer.id }, { internalNote: '' });
    const asked = await post(app, '/v1/console/reverification-requests', { email: u.email, target: 'POI', reason: 'DOCUMENT_EXPIRED', message: 'Your licence expired.', deadline: inDays(14) }, reviewer.cookie);
    expect(asked.json().ret_code).toBe(0);
    await app.db.updateTable('reverification_requests').set({ deadline: inDays(-1) }).where('user_id', '=', u.id).execute();
    await app.services.limitationSweep.runDue();
    await app.services.limitationSweep.runDue();
    expect(await sweepEvents(u.id)).toEqual([changed(LIMITATION_DEFAULT, 'LIMITATION_REVERIFICATION_OVERDUE', [], ['REVERIFICATION_POI_OVERDUE'], 'DEADLINE')]);
    expect(await stored(u.id)).toMatchObject({ limitation: 'LIMITATION_REVERIFICATION_OVERDUE', deadline_limitation: 'LIMITATION_REVERIFICATION_OVERDUE' });
    expect(await kycLimitation(u)).toBe('LIMITATION_REVERIFICATION_OVERDUE');
  });
});

describe('a restriction', () => {
  const restriction = { source: RestrictionSource.SCREENING, limitation: LIMITATION_COMPLIANCE_RESTRICTED, reason: RestrictionReason.COMPLIANCE_REVIEW, action: LimitationAction.CONTACT_SUPPORT, caseId: null };

  it('set and lifted: published at once in the deciding transaction, not again by the sweep; a task overdue meanwhile changes the reasons', async () => {
    const u = await user();
    await inTransaction(app.db, (trx) => app.services.restrictions.setIn(trx, u.id, restriction, SYSTEM));
    const set = changed(LIMITATION_DEFAULT, LIMITATION_COMPLIANCE_RESTRICTED, [], [RestrictionReason.COMPLIANCE_REVIEW], 'RESTRICTION');
    expect(await sweepEvents(u.id)).toEqual([set]);
    expect(await stored(u.id)).toEqual({ limitation: LIMITATION_COMPLIANCE_RESTRICTED, reasons: JSON.stringify([RestrictionReason.COMPLIANCE_REVIEW]), restricted_limitation: LIMITATION_COMPLIANCE_RESTRICTED, deadline_limitation: LIMITATION_DEFAULT });
    await app.services.limitationSweep.runDue();
    expect(await sweepEvents(u.id)).toEqual([set]);

    // An overdue task under the restriction: the limitation stays (it is the stronger), its reasons grow.
    await overdue(await taskOf(u));
    await app.services.limitationSweep.runDue();
    const reasons = [RestrictionReason.COMPLIANCE_REVIEW, RFI_OVERDUE];
    expect((await sweepEvents(u.id)).slice(1)).toEqual([
      expect.objectContaining({ type: 'kyc.compliance_task.overdue' }),
      changed(LIMITATION_COMPLIANCE_RESTRICTED, LIMITATION_COMPLIANCE_RESTRICTED, [RestrictionReason.COMPLIANCE_REVIEW], reasons, 'DEADLINE'),
    ]);

    // Lifted: the task's limitation is what remains, at once.
    expect(await inTransaction(app.db, (trx) => app.services.restrictions.liftIn(trx, u.id, RestrictionSource.SCREENING, null, SYSTEM))).toBe(true);
    const lifted = changed(LIMITATION_COMPLIANCE_RESTRICTED, TASK_OVERDUE, reasons, [RFI_OVERDUE], 'RESTRICTION');
    expect((await sweepEvents(u.id)).slice(3)).toEqual([lifted]);
    expect(await stored(u.id)).toMatchObject({ limitation: TASK_OVERDUE, restricted_limitation: LIMITATION_DEFAULT, deadline_limitation: TASK_OVERDUE });
    await app.services.limitationSweep.runDue();
    expect((await sweepEvents(u.id)).slice(3)).toEqual([lifted]);
    expect(await kycLimitation(u)).toBe(TASK_OVERDUE);
  });

  it('set and lifted with nothing else in force: set, then lifted to LIMITATION_DEFAULT', async () => {
    const u = await user();
    await inTransaction(app.db, (trx) => app.services.restrictions.setIn(trx, u.id, restriction, SYSTEM));
    await inTransaction(app.db, (trx) => app.services.restrictions.liftIn(trx, u.id, RestrictionSource.SCREENING, null, SYSTEM));
    await app.services.limitationSweep.runDue();
    expect(await sweepEvents(u.id)).toEqual([
      changed(LIMITATION_DEFAULT, LIMITATION_COMPLIANCE_RESTRICTED, [], [RestrictionReason.COMPLIANCE_REVIEW], 'RESTRICTION'),
      changed(LIMITATION_COMPLIANCE_RESTRICTED, LIMITATION_DEFAULT, [RestrictionReason.COMPLIANCE_REVIEW], [], 'RESTRICTION'),
    ]);
    expect(await stored(u.id)).toMatchObject({ limitation: LIMITATION_DEFAULT, restricted_limitation: LIMITATION_DEFAULT });
  });
});

describe('the same job prunes the outbox', () => {
  const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
  const endpoint = (id: string, status: string, cursor: number) => ({
    id, business_id: null, url: 'https://receiver.example.com/hook', event_types: '["*"]', status, disabled_reason: null, cursor_seq: cursor, failing_since: null, created_by: null, created_at: daysAgo(60), updated_at: daysAgo(60),
  });
  const left = async (ids: string[]) => (await app.db.selectFrom('domain_events').select('id').where('id', 'in', ids).execute()).map((e) => e.id).sort();

  it('deletes events older than the retention every enabled endpoint and every subscriber has passed and no pending delivery waits for; the delivery rows stay', async () => {
    const u = await user();
    const ids: string[] = [];
    for (let i = 0; i < 4; i += 1) ids.push(await inTransaction(app.db, (trx) => publishIn(trx, 'kyc.user.erased', { userId: u.id, anonymised: false })));
    await app.services.events.feed('exchange', undefined, 1); // the sequencer gives them positions
    const pos = new Map((await app.db.selectFrom('domain_events').select(['id', 'position']).where('id', 'in', ids).execute()).map((e) => [e.id, e.position!]));
    const [e1, e2, e3, young] = ids as [string, string, string, string];
    // The clock: three of them 40 days old, one 10 (inside EVENTS_RETENTION_DAYS' 30).
    await app.db.updateTable('domain_events').set({ created_at: daysAgo(40) }).where('id', 'in', [e1, e2, e3]).execute();
    await app.db.updateTable('domain_events').set({ created_at: daysAgo(10) }).where('id', '=', young).execute();
    // An enabled endpoint has passed e1 and e2 (e1's delivery still retrying); a disabled one nothing (it holds nothing back).
    await app.db.insertInto('webhook_endpoints').values([endpoint('ep-prune-on', 'ENABLED', pos.get(e2)!), endpoint('ep-prune-off', 'DISABLED', 0)]).execute();
    const delivery = { id: 'dl-prune-1', endpoint_id: 'ep-prune-on', event_seq: pos.get(e1)!, event_id: e1, order_key: u.id, status: 'PENDING', attempts: 3, due_at: daysAgo(0), lease_until: null, last_status: 500, last_error: null, created_at: daysAgo(40), delivered_at: null };
    await app.db.insertInto('webhook_deliveries').values(delivery).execute();
    try {
      // The modules' subscribers (decision 057) have not read them yet: they hold every one back.
      await app.services.limitationSweep.runDue();
      expect(await left(ids)).toEqual([...ids].sort());
      await app.services.events.subscribers.runDue();
      await app.services.limitationSweep.runDue();
      expect(await left(ids)).toEqual([e1, e3, young].sort());

      await app.db.updateTable('webhook_deliveries').set({ status: 'DELIVERED', delivered_at: daysAgo(0) }).where('id', '=', delivery.id).execute();
      await app.services.limitationSweep.runDue();
      expect(await left(ids)).toEqual([e3, young].sort());
      // The delivery log keeps its row (kept with its endpoint, as before).
      expect(await app.db.selectFrom('webhook_deliveries').select(['event_id', 'status']).where('id', '=', delivery.id).executeTakeFirst()).toEqual({ event_id: e1, status: 'DELIVERED' });

      await app.db.updateTable('webhook_endpoints').set({ cursor_seq: pos.get(young)! }).where('id', '=', 'ep-prune-on').execute();
      // Bounded batches: one of one row per call here.
      expect(await pruneEvents(app.db, { retentionDays: 30, batchSize: 1, maxBatches: 1 })).toBe(1);
      expect(await left(ids)).toEqual([young]);
      expect(await pruneEvents(app.db, { retentionDays: 0 })).toBe(0);
    } finally {
      await app.db.deleteFrom('webhook_deliveries').where('endpoint_id', 'in', ['ep-prune-on', 'ep-prune-off']).execute();
      await app.db.deleteFrom('webhook_endpoints').where('id', 'in', ['ep-prune-on', 'ep-prune-off']).execute();
    }
  });
});
