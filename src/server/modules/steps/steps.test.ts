import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../../app.ts';
import { createTestApp } from '../../test/test-app.ts';
import { allCells, applyEvent, defineMachine, nextStatus, readSteps } from './steps.service.ts';

/**
 * The generic step machine with a machine of its own (a two-step questionnaire-like flow): nothing
 * here is KYC, which is the point — a new capability plugs in a table without touching steps/.
 */
const Status = { OPEN: 'OPEN', LOCKED: 'LOCKED', SENT: 'SENT', DONE: 'DONE' } as const;
type Status = (typeof Status)[keyof typeof Status];
const Event = { SEND: 'SEND', ACCEPT: 'ACCEPT', UNLOCK: 'UNLOCK' } as const;
type Event = (typeof Event)[keyof typeof Event];
type Step = 'a' | 'b';

const TABLE = {
  OPEN: { SEND: 'SENT' },
  LOCKED: { UNLOCK: 'OPEN' },
  SENT: { ACCEPT: 'DONE' },
  DONE: {},
} as const satisfies Record<Status, Partial<Record<Event, Status>>>;

const machine = defineMachine<Status, Event, Step>({
  name: 'test_flow',
  statuses: Object.values(Status),
  events: Object.values(Event),
  steps: ['a', 'b'],
  transitions: TABLE,
  initial: (step) => (step === 'a' ? Status.OPEN : Status.LOCKED),
  // b opens only after a is done.
  guard: (step, event, current) => (step === 'b' && event === Event.UNLOCK && current.a !== Status.DONE ? 'a first' : null),
  audit: { entityType: 'test_step', entityId: (subject, step) => `${subject}/${step}`, action: (e) => `test.${e.toLowerCase()}` },
});

describe('defineMachine', () => {
  const base = { ...machine, audit: machine.audit, initial: machine.initial };
  it('refuses a table with a missing row, an unknown target, an unknown event or a bad name, at definition time', () => {
    expect(() => defineMachine({ ...base, transitions: { OPEN: {}, LOCKED: {}, SENT: {} } as never })).toThrow(/no row for status DONE/);
    expect(() => defineMachine({ ...base, transitions: { ...TABLE, DONE: { SEND: 'GONE' } } as never })).toThrow(/unknown status GONE/);
    expect(() => defineMachine({ ...base, transitions: { ...TABLE, DONE: { RESET: 'OPEN' } } as never })).toThrow(/unknown event RESET/);
    expect(() => defineMachine({ ...base, initial: () => 'NEW' as never })).toThrow(/starts in an unknown status/);
    expect(() => defineMachine({ ...base, name: 'Test Flow' })).toThrow(/snake_case/);
  });

  it('every (status, event) cell is the table, nothing else', () => {
    expect(allCells(machine)).toHaveLength(4 * 3);
    for (const [status, event] of allCells(machine)) {
      expect(nextStatus(machine, status, event)).toBe((TABLE[status] as Partial<Record<Event, Status>>)[event] ?? null);
    }
  });
});

describe('applyEvent (stored)', () => {
  let app: App;
  let close: () => Promise<void>;
  beforeAll(async () => ({ app, close } = await createTestApp()));
  afterAll(async () => close());

  const actor = { type: 'system', id: null } as const;
  const stored = (subject: string) => app.db.selectFrom('step_states').select(['step', 'status']).where('machine', '=', 'test_flow').where('subject_id', '=', subject).orderBy('step').execute();
  const audit = (subject: string) => app.db.selectFrom('audit_log').selectAll().where('entity_type', '=', 'test_step').where('entity_id', 'like', `${subject}/%`).orderBy('at').orderBy('id').execute();

  it('reads initial statuses for steps never changed, then what is stored', async () => {
    expect(await readSteps(app.db, machine, 's1')).toEqual({ a: 'OPEN', b: 'LOCKED' });
    expect(await stored('s1')).toEqual([]);
  });

  it('applies allowed cells, stores the status and audits before/after with the context, in the same transaction', async () => {
    const to = await app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's2', step: 'a', event: 'SEND', actor, context: { why: 'test' } }));
    expect(to).toBe('SENT');
    expect(await stored('s2')).toEqual([{ step: 'a', status: 'SENT' }]);
    const [record] = await audit('s2');
    expect(record).toMatchObject({ action: 'test.send', entity_id: 's2/a', actor_type: 'system' });
    expect(JSON.parse(record!.before!)).toEqual({ step: 'a', status: 'OPEN' });
    expect(JSON.parse(record!.after!)).toEqual({ step: 'a', status: 'SENT', why: 'test' });
    // Second change updates the same row.
    await app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's2', step: 'a', event: 'ACCEPT', actor }));
    expect(await stored('s2')).toEqual([{ step: 'a', status: 'DONE' }]);
  });

  it('refuses a missing cell and a guard, changing and recording nothing (WRONG_STATE)', async () => {
    await expect(app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's3', step: 'a', event: 'ACCEPT', actor }))).rejects.toMatchObject({ retCode: 10012 });
    await expect(app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's3', step: 'b', event: 'UNLOCK', actor }))).rejects.toMatchObject({ retCode: 10012 });
    expect(await stored('s3')).toEqual([]);
    expect(await audit('s3')).toEqual([]);
  });

  it('a rolled-back transaction leaves neither the status nor its audit record', async () => {
    await expect(
      app.db.transaction().execute(async (trx) => {
        await applyEvent(trx, { machine, subjectId: 's4', step: 'a', event: 'SEND', actor });
        throw new Error('later step of the same change failed');
      }),
    ).rejects.toThrow('later step');
    expect(await stored('s4')).toEqual([]);
    expect(await audit('s4')).toEqual([]);
  });

  it('compare-and-set: a change based on a stale read fails instead of overwriting', async () => {
    await app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's5', step: 'a', event: 'SEND', actor }));
    // Someone else moved the step on after we read SENT: our ACCEPT must not land on top of it.
    const results = await Promise.allSettled([
      app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's5', step: 'a', event: 'ACCEPT', actor })),
      app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's5', step: 'a', event: 'ACCEPT', actor })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({ reason: { retCode: 10012 } });
    // Records of the same millisecond have no order among themselves: compare as a set.
    expect((await audit('s5')).map((a) => a.action).sort()).toEqual(['test.accept', 'test.send']);
  });

  it('the guard sees the other steps: b unlocks once a is done', async () => {
    for (const event of ['SEND', 'ACCEPT'] as const) await app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's6', step: 'a', event, actor }));
    await app.db.transaction().execute((trx) => applyEvent(trx, { machine, subjectId: 's6', step: 'b', event: 'UNLOCK', actor }));
    expect(await readSteps(app.db, machine, 's6')).toEqual({ a: 'DONE', b: 'OPEN' });
  });
});
