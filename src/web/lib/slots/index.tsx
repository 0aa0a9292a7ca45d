import { createElement, lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Named places in one feature's screen that the app fills with another feature's component:
 * features never import each other (ARCHITECTURE §7), the app composes them. A filled slot is its
 * own lazy chunk, loaded when the screen renders it; an empty slot renders nothing.
 */
export const SlotName = {
  /** On the KYC overview, between the account box and the levels: the account extras (decision 025). */
  OVERVIEW_EXTRAS: 'overview-extras',
} as const;
export type SlotName = (typeof SlotName)[keyof typeof SlotName];

const fills = new Map<SlotName, LazyExoticComponent<ComponentType>>();

/** The app says what a slot shows (once, at start-up). */
export function fillSlot(name: SlotName, load: () => Promise<{ default: ComponentType }>): void {
  fills.set(name, lazy(load));
}

/**
 * Renders what the app put in the slot; nothing while it loads. With `sharedBoundary` the slot has
 * no Suspense of its own: the screen's boundary shows the fill together with what follows it, so
 * nothing below moves when the fill arrives (layout shift, issue 15).
 */
export function Slot({ name, sharedBoundary = false }: { name: SlotName; sharedBoundary?: boolean }) {
  // The same lazy component on every render (made once, by fillSlot), so its state survives.
  const fill = fills.get(name);
  if (!fill) return null;
  return sharedBoundary ? createElement(fill) : <Suspense fallback={null}>{createElement(fill)}</Suspense>;
}
