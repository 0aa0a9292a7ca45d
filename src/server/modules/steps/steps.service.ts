import { batchedRead } from '../../db/batched-read.ts';
import { nowIso, type Db } from '../../db/index.ts';
import { wrongState } from '../../errors.ts';
import { recordAudit, type Actor } from '../audit/audit.service.ts';
import { publishIn } from '../events/events.service.ts';
import { nextStatus, type StepMachine } from './step-machine.ts';
import * as repo from './steps.repo.ts';

export { allCells, defineMachine, nextStatus, reasonsOf, type StepMachine } from './step-machine.ts';

/** One event for one step of one subject. */
export interface StepEventInput<S extends string, E extends string, K extends string> {
  machine: StepMachine<S, E, K>;
  subjectId: string;
  step: K;
  event: E;
  actor: Actor;
  /** Extra facts for the audit record's `after` (the application, the cause, …). */
  context?: Record<string, unknown>;
}

/**
 * Reads a subject's statuses in a machine: the stored ones, and each step's initial status where
 * nothing is stored yet.
 */
export async function readSteps<S extends string, E extends string, K extends string>(q: Db, machine: StepMachine<S, E, K>, subjectId: string): Promise<Record<K, S>> {
  return withInitial(machine, await repo.findStates(q, machine.name, subjectId));
}

/** One step's status and when it was last changed (null: still at its initial status, never changed). */
export async function readStepChange<S extends string, E extends string, K extends string>(q: Db, machine: StepMachine<S, E, K>, subjectId: string, step: K): Promise<{ status: S; changedAt: string } | null> {
  const row = await repo.findState(q, machine.name, subjectId, step);
  return row ? { status: row.status as S, changedAt: row.updated_at } : null;
}

/**
 * readSteps for reads outside a transaction under load: the subjects asked for while a read is under
 * way go together in the next one (db/batched-read.ts: one statement for many requests, each still
 * seeing everything committed before it asked). The profile reads a user's level on every page.
 */
export function batchedStepsReader<S extends string, E extends string, K extends string>(q: Db, machine: StepMachine<S, E, K>): (subjectId: string) => Promise<Record<K, S>> {
  const read = batchedRead(async (subjectIds: readonly string[]) => {
    const bySubject = new Map<string, { step: string; status: string }[]>(subjectIds.map((id) => [id, []]));
    for (const row of await repo.findStatesOfSubjects(q, machine.name, subjectIds)) bySubject.get(row.subject_id)?.push(row);
    return bySubject;
  });
  return async (subjectId) => withInitial(machine, (await read(subjectId)) ?? []);
}

/**
 * Several subjects' statuses in one statement (a page of users another module walks through): each
 * subject asked for, with its initial statuses where nothing is stored.
 */
export async function readStepsOfSubjects<S extends string, E extends string, K extends string>(q: Db, machine: StepMachine<S, E, K>, subjectIds: readonly string[]): Promise<Map<string, Record<K, S>>> {
  const bySubject = new Map<string, { step: string; status: string }[]>(subjectIds.map((id) => [id, []]));
  if (subjectIds.length > 0) for (const row of await repo.findStatesOfSubjects(q, machine.name, subjectIds)) bySubject.get(row.subject_id)?.push(row);
  return new Map([...bySubject].map(([id, rows]) => [id, withInitial(machine, rows)]));
}

function withInitial<S extends string, K extends string>(machine: StepMachine<S, string, K>, rows: readonly { step: string; status: string }[]): Record<K, S> {
  const current = Object.fromEntries(machine.steps.map((k) => [k, machine.initial(k)])) as Record<K, S>;
  for (const row of rows) {
    if ((machine.steps as readonly string[]).includes(row.step)) current[row.step as K] = row.status as S;
  }
  return current;
}

/**
 * THE way a step's status changes, for every machine: the table must have a cell for the event, the
 * machine's cross-step rule must allow it, and the stored status must still be what was read
 * (compare-and-set, so a concurrent change fails with WRONG_STATE instead of being overwritten). The
 * audit record is written in the caller's transaction `trx`, so it exists exactly when the change does.
 */
export async function applyEvent<S extends string, E extends string, K extends string>(trx: Db, input: StepEventInput<S, E, K>): Promise<S> {
  const { machine, subjectId, step, event, actor } = input;
  const stored = await repo.findStates(trx, machine.name, subjectId);
  const current = withInitial(machine, stored);
  const from = current[step];
  const to = nextStatus(machine, from, event);
  if (!to) throw wrongState(`${machine.name} ${step} is ${from}: ${event} is not allowed`);
  const refused = machine.guard?.(step, event, current);
  if (refused) throw wrongState(`${machine.name} ${step}: ${refused}`);
  const at = nowIso();
  if (stored.some((r) => r.step === step)) {
    if ((await repo.updateState(trx, { machine: machine.name, subjectId, step }, from, to, at)) !== 1) throw wrongState('step changed concurrently');
  } else {
    // Two first changes racing collide on the primary key; the caller's transaction turns that into WRONG_STATE.
    await repo.insertState(trx, { machine: machine.name, subject_id: subjectId, step, status: to, updated_at: at });
  }
  const named = machine.audit.describe?.(step) ?? { step };
  await recordAudit(trx, actor, {
    action: machine.audit.action(event),
    entityType: machine.audit.entityType,
    entityId: machine.audit.entityId(subjectId, step),
    before: { ...named, status: from },
    after: { ...named, status: to, ...input.context },
  });
  // The change's domain event, in the same transaction (decision 050): it exists exactly when the change does.
  const published = machine.published?.({ subjectId, step, from, to, event, context: input.context ?? {} });
  if (published) await publishIn(trx, published.type, published.data as never, { actor: input.actor });
  return to;
}

/**
 * Forgets a subject's statuses in every machine, in the transaction that deletes the subject (a user
 * account): statuses are keyed by subject id, with no foreign key, since subjects are of many kinds.
 */
export async function forgetSubject(trx: Db, subjectId: string): Promise<void> {
  await repo.deleteSubject(trx, subjectId);
}
