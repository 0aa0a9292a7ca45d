import type { DomainEventType } from '../../../shared/events.ts';

/**
 * The generic step machine (ARCHITECTURE §7): a subject (a user, a partner, …) has one status per
 * step of a machine, and a machine is data — its statuses, events, steps, transition table, initial
 * status per step and an optional cross-step rule. KYC levels, re-verification, questionnaires and
 * EDD each define one; this file and steps.service.ts never change for them.
 */
export interface StepMachine<S extends string = string, E extends string = string, K extends string = string> {
  /** Stored with every status and part of each audit record; never renamed once released. */
  readonly name: string;
  readonly statuses: readonly S[];
  readonly events: readonly E[];
  readonly steps: readonly K[];
  /** `transitions[status][event]` is the next status; a missing cell is refused. */
  readonly transitions: Readonly<Record<S, Readonly<Partial<Record<E, S>>>>>;
  /** Status of a step that has never changed (nothing stored yet). */
  initial(step: K): S;
  /**
   * A rule across the subject's steps, checked before an allowed cell applies (e.g. nothing skips a
   * KYC level): a reason to refuse, or null.
   */
  guard?(step: K, event: E, current: Readonly<Record<K, S>>): string | null;
  /**
   * The domain event a change is (decision 050), written in the change's transaction by applyEvent:
   * its type from the catalogue (shared/events.ts) and payload, or null for a change no consumer needs.
   */
  published?(change: StepChange<S, E, K>): { type: DomainEventType; data: Record<string, unknown> } | null;
  /** How a step appears in the audit trail (entity type and id) and the action of an event. */
  readonly audit: {
    entityType: string;
    entityId(subjectId: string, step: K): string;
    action(event: E): string;
    /** How the step is named inside the record's before/after (default `{ step }`). */
    describe?(step: K): Record<string, unknown>;
  };
}

/** One status change, as the machine's `published` sees it. */
export interface StepChange<S extends string, E extends string, K extends string> {
  subjectId: string;
  step: K;
  from: S;
  to: S;
  event: E;
  /** The caller's facts (the application, the decision's reason codes, …). */
  context: Readonly<Record<string, unknown>>;
}

/** The reason codes a change's context carries (`reasonCodes`, or one `reasonCode`), for its event. */
export function reasonsOf(context: Readonly<Record<string, unknown>>): string[] {
  const many = context.reasonCodes;
  if (Array.isArray(many)) return many.filter((r): r is string => typeof r === 'string');
  return typeof context.reasonCode === 'string' ? [context.reasonCode] : [];
}

/** The next status, or null when the table has no cell for `event` in `status`. */
export function nextStatus<S extends string, E extends string>(machine: Pick<StepMachine<S, E>, 'transitions'>, status: S, event: E): S | null {
  return machine.transitions[status]?.[event] ?? null;
}

/**
 * Checks a machine once, when it is defined: every status has a row, every cell names a known event
 * and leads to a known status, every step's initial status is known. A malformed table fails at
 * startup, not on the first user who reaches the bad cell.
 */
export function defineMachine<S extends string, E extends string, K extends string>(machine: StepMachine<S, E, K>): StepMachine<S, E, K> {
  const statuses = new Set<string>(machine.statuses);
  const events = new Set<string>(machine.events);
  if (!/^[a-z][a-z0-9_]*$/.test(machine.name)) throw new Error(`step machine name "${machine.name}" must be snake_case`);
  for (const s of machine.statuses) if (!machine.transitions[s]) throw new Error(`${machine.name}: no row for status ${s}`);
  for (const [from, row] of Object.entries(machine.transitions) as [string, Record<string, string>][]) {
    if (!statuses.has(from)) throw new Error(`${machine.name}: row for unknown status ${from}`);
    for (const [event, to] of Object.entries(row)) {
      if (!events.has(event)) throw new Error(`${machine.name}: unknown event ${event} in row ${from}`);
      if (!statuses.has(to)) throw new Error(`${machine.name}: ${from} + ${event} leads to unknown status ${to}`);
    }
  }
  for (const step of machine.steps) if (!statuses.has(machine.initial(step))) throw new Error(`${machine.name}: step ${step} starts in an unknown status`);
  return Object.freeze(machine);
}

/** Every (status, event) pair of a machine: what an exhaustive test walks through. */
export function allCells<S extends string, E extends string>(machine: Pick<StepMachine<S, E>, 'statuses' | 'events'>): [S, E][] {
  return machine.statuses.flatMap((s) => machine.events.map((e) => [s, e] as [S, E]));
}
