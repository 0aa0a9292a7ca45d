/** §9: "timing events kept under 30 s". */
export const TIMING_EVENT_MAX_AGE_MS = 30_000;

/**
 * §3: "Requests may carry an event descriptor (code c, start time, flag to save the result)".
 * `start` defaults to the moment the request starts; a caller measuring a whole user action
 * (from the click) passes its own.
 */
export interface RequestEvent {
  c: string;
  start?: number;
  /** Keep the call's result with the event (only for results that are not personal data). */
  save?: boolean;
}

/** A finished request, as measured. */
export interface TimingEvent {
  c: string;
  start: number;
  end: number;
  duration: number;
  ok: boolean;
  retCode?: number;
  result?: unknown;
}

type Listener = (event: TimingEvent) => void;

let events: TimingEvent[] = [];
const listeners = new Set<Listener>();

/**
 * Keeps an event for under 30 s after it ended: long enough for whoever measures a user action
 * (analytics) to pick it up, short enough that results saved with it do not linger.
 */
export function recordTimingEvent(event: TimingEvent): void {
  prune(event.end);
  events.push(event);
  for (const listener of listeners) {
    try {
      listener(event);
    } catch {
      // A broken listener must not break the request that was measured.
    }
  }
}

/** Events that ended less than 30 s ago, oldest first. */
export function timingEvents(now = Date.now()): readonly TimingEvent[] {
  prune(now);
  return events;
}

/** Called with every finished event; returns the unsubscribe function. */
export function onTimingEvent(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function clearTimingEvents(): void {
  events = [];
}

function prune(now: number): void {
  events = events.filter((e) => now - e.end < TIMING_EVENT_MAX_AGE_MS);
}
