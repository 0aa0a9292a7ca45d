import { useEffect, useRef, useSyncExternalStore } from 'react';
import { localStore } from '../../lib/browser-storage.ts';

/**
 * The console's keyboard shortcuts (issue 28, decision 051). Single keys, as mail and review tools
 * use them; they never act while the reviewer types (a field has focus), while a modifier is held
 * (the browser's and the screen reader's own shortcuts stay theirs) or while a dialog is open (its
 * own keys: Esc, Tab).
 */
export const SHORTCUTS = [
  { key: 'j', action: 'next' },
  { key: 'k', action: 'previous' },
  { key: 't', action: 'take' },
  { key: 'a', action: 'approve' },
  { key: 'r', action: 'reject' },
  { key: '/', action: 'search' },
  { key: '?', action: 'help' },
] as const;
export type ShortcutAction = (typeof SHORTCUTS)[number]['action'];

const KEY_OF = Object.fromEntries(SHORTCUTS.map((s) => [s.action, s.key])) as Record<ShortcutAction, string>;

/** True when a key press belongs to what has focus or to the browser, not to the console. */
export function isTyping(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented || event.isComposing) return true;
  const target = event.target as HTMLElement | null;
  if (target?.closest('input, textarea, select, [contenteditable="true"], [role="textbox"]')) return true;
  return document.querySelector('[aria-modal="true"]') !== null;
}

/** Runs `handlers[action]` when its key is pressed anywhere on the page (see isTyping for when not). */
export function useShortcuts(handlers: Partial<Record<ShortcutAction, () => void>>, enabled = true): void {
  const ref = useRef(handlers);
  useEffect(() => {
    ref.current = handlers;
  });
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (isTyping(event)) return;
      const action = (Object.keys(ref.current) as ShortcutAction[]).find((a) => KEY_OF[a] === event.key);
      const run = action && ref.current[action];
      if (!run) return;
      event.preventDefault();
      run();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}

// --- "after a decision, open the next case" (a setting kept in the browser) -------------------

const NEXT_CASE_KEY = 'console.nextCaseAfterDecision';
const listeners = new Set<() => void>();

/**
 * On once the reviewer turned it on (the setting is this browser's). Off by default: a reviewer who
 * has not chosen it reads the decision they made where they made it, as before.
 */
export function nextCaseAfterDecision(): boolean {
  return localStore()?.getItem(NEXT_CASE_KEY) === 'on';
}

export function setNextCaseAfterDecision(on: boolean): void {
  localStore()?.setItem(NEXT_CASE_KEY, on ? 'on' : 'off');
  for (const listener of listeners) listener();
}

export function useNextCaseSetting(): [boolean, (on: boolean) => void] {
  const on = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    nextCaseAfterDecision,
    () => false,
  );
  return [on, setNextCaseAfterDecision];
}

// --- "/" from a page without the search box: the queue opens with it focused -----------------

let focusSearchOnArrival = false;
export function requestSearchFocus(): void {
  focusSearchOnArrival = true;
}
/** True once after requestSearchFocus (the search box takes focus as it appears). */
export function takeSearchFocusRequest(): boolean {
  const asked = focusSearchOnArrival;
  focusSearchOnArrival = false;
  return asked;
}
