import type { QueryClient } from '@tanstack/react-query';
import { createElement, Suspense, type ComponentType } from 'react';
import { lazyWithPreload, type PreloadableComponent } from 'react-lazy-with-preload';

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

/** A fill's module: its component, and optionally the reads it needs first (started by preloadSlot). */
type FillModule = { default: ComponentType; preload?: (client: QueryClient) => Promise<unknown> };
type Fill = () => Promise<FillModule>;
const fills = new Map<SlotName, { load: Fill; component: PreloadableComponent<ComponentType> }>();

/** The app says what a slot shows (once, at start-up). */
export function fillSlot(name: SlotName, load: Fill): void {
  // Preloadable: a fill loaded by preloadSlot renders without suspending (app/auth-layout.tsx says why).
  fills.set(name, { load, component: lazyWithPreload(load) });
}

/**
 * Starts loading what fills the slot, and the fill's own first reads (settles when they are in), before the screen renders it (a
 * screen's preload); nothing when empty. A fill that suspends on its reads would otherwise start them
 * only when rendered: its boundary commits its fallback, and React then holds the content back for
 * up to 300 ms after that commit (its Suspense reveal throttle), which on the personal page was most
 * of the time from the data's arrival to the largest paint (issue 32).
 */
export async function preloadSlot(name: SlotName, client: QueryClient): Promise<void> {
  const fill = fills.get(name);
  if (!fill) return;
  await Promise.allSettled([fill.component.preload(), fill.load().then((module) => module.preload?.(client))]);
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
