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

type Fill = () => Promise<{ default: ComponentType }>;
const fills = new Map<SlotName, { load: Fill; component: LazyExoticComponent<ComponentType> }>();

/** The app says what a slot shows (once, at start-up). */
export function fillSlot(name: SlotName, load: Fill): void {
  fills.set(name, { load, component: lazy(load) });
}

/** Starts loading what fills the slot before the screen renders it (a screen's preload); nothing when empty. */
export function preloadSlot(name: SlotName): void {
  fills.get(name)?.load().catch(() => undefined);
}

/**
 * Renders what the app put in the slot; nothing while it loads. With `sharedBoundary` the slot has
 * no Suspense of its own: the screen's boundary shows the fill together with what follows it, so
 * nothing below moves when the fill arrives (layout shift, issue 15).
 */
export function Slot({ name, sharedBoundary = false }: { name: SlotName; sharedBoundary?: boolean }) {
  // The same lazy component on every render (made once, by fillSlot), so its state survives.
  const fill = fills.get(name)?.component;
  if (!fill) return null;
  return sharedBoundary ? createElement(fill) : <Suspense fallback={null}>{createElement(fill)}</Suspense>;
}
