import type { ReactNode } from 'react';
import { create } from 'zustand';

/*
 * The design-system toasts' store and API (showToast / useToast), apart from their renderer
 * (toast.tsx, Radix Toast): a page loads the renderer only once a toast is raised (issue 15,
 * notify-hosts.tsx), while anything may raise one from the first paint.
 */

/** §9 design-system toast: Radix Toast's own defaults, stated so they cannot drift. */
export const DESIGN_TOAST_DURATION = 5000;
export const DESIGN_TOAST_SWIPE_THRESHOLD = 50;
export const DESIGN_TOAST_HOTKEY: readonly string[] = ['F8'];
/** Our choice (not in §9): at most this many design-system toasts at once; the oldest leaves first. */
export const DESIGN_TOAST_LIMIT = 5;
/** How long a closed toast stays mounted for its exit animation. */
const EXIT_MS = 300;

export type DesignToastVariant = 'default' | 'success' | 'error';

export interface DesignToastAction {
  label: string;
  /** What a screen reader user is told to do instead (Radix requires it), e.g. "Undo in Settings". Defaults to the label. */
  altText?: string;
  onClick: () => void;
}

export interface DesignToast {
  id: string;
  title: string;
  description?: ReactNode;
  action?: DesignToastAction;
  variant: DesignToastVariant;
  duration: number;
  open: boolean;
}

export interface ShowToastInput {
  title: string;
  description?: ReactNode;
  action?: DesignToastAction;
  variant?: DesignToastVariant;
  /** Milliseconds before it closes (default 5000, §9); Infinity keeps it until closed. */
  duration?: number;
}

interface DesignToastState {
  toasts: DesignToast[];
}

/** The design-system toasts on screen (oldest first). Prefer showToast()/useToast() to touching it. */
export const useDesignToastStore = create<DesignToastState>()(() => ({ toasts: [] }));

let counter = 0;

/** Closes one design-system toast (or all without an id); it is removed after its exit animation. */
export function dismissToast(id?: string): void {
  const closing = useDesignToastStore.getState().toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  const ids = new Set(closing.map((t) => t.id));
  useDesignToastStore.setState((s) => ({ toasts: s.toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)) }));
  setTimeout(() => useDesignToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => !ids.has(t.id)) })), EXIT_MS);
}

/**
 * Shows a design-system toast and returns its id and a dismiss handle. Works outside React too.
 *
 * @example
 * showToast({ title: t('kyc.documentRemoved'), description: t('kyc.documentRemovedBody'),
 *   action: { label: t('common.undo'), onClick: restore } });
 */
export function showToast(input: ShowToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `ds-toast-${counter}`;
  const item: DesignToast = {
    id,
    title: input.title,
    description: input.description,
    action: input.action,
    variant: input.variant ?? 'default',
    duration: input.duration ?? DESIGN_TOAST_DURATION,
    open: true,
  };
  useDesignToastStore.setState((s) => ({ toasts: [...s.toasts, item].slice(-DESIGN_TOAST_LIMIT) }));
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * The design-system toast as a hook, for components.
 *
 * @example
 * const { toast } = useToast();
 * <Button onClick={() => toast({ title: t('kyc.linkCopied'), variant: 'success' })}>…</Button>
 */
export function useToast(): { toast: typeof showToast; dismiss: typeof dismissToast } {
  return { toast: showToast, dismiss: dismissToast };
}
