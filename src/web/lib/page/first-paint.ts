import { useSyncExternalStore } from 'react';

/**
 * Whether the page's first screen is on screen, for what should not compete with it (issue 32,
 * decision 069): a modal pop-up asking for attention before the page is even there, and its calls,
 * which on a phone's connection shared the link with the reads the first screen waits for.
 * Painted unless the page holds it (main.tsx does, before its first render), so a component
 * rendered on its own (a unit test, a later page) never waits.
 */
let painted = true;
const listeners = new Set<() => void>();

/** main.tsx, before the first render: what waits for the first paint waits from now. */
export function holdUntilFirstPaint(): void {
  painted = false;
}

/** The longest the browser's idle time is waited for after the first frame. */
const IDLE_WAIT_MS = 1000;

/**
 * The first screen is committed (the app's first effect): painted once the browser has drawn the
 * next frame (a task queued from that frame's animation callback runs after it), and then been
 * idle: the frame is drawn before it is presented, and a read started between the two was still
 * counted as part of the first screen's load (Lighthouse's largest paint included it). Without
 * requestIdleCallback (Safari), right after the frame.
 */
export function firstScreenCommitted(): void {
  if (painted) return;
  const done = () => {
    painted = true;
    listeners.forEach((listener) => listener());
  };
  requestAnimationFrame(() =>
    setTimeout(() => {
      if (typeof requestIdleCallback === 'function') requestIdleCallback(done, { timeout: IDLE_WAIT_MS });
      else done();
    }),
  );
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** True once the page's first screen has been painted (always true when nothing held it). */
export function useFirstPaintDone(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => painted,
    () => painted,
  );
}
