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

/**
 * The first screen is committed (the app's first effect): painted once the browser has drawn the
 * next frame (a task queued from that frame's animation callback runs after it is presented).
 */
export function firstScreenCommitted(): void {
  if (painted) return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      painted = true;
      listeners.forEach((listener) => listener());
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
