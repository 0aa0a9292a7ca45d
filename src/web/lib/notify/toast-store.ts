import { create } from 'zustand';

/** §3: toast icon types. */
export type ToastIcon = 'success' | 'fail' | 'info' | 'warn' | 'process';

export interface ToastAction {
  label: string;
  onClick: () => void;
}

/** §3: Toast: id, title, action, duration, open, icon type. */
export interface Toast {
  id: string;
  title: string;
  action?: ToastAction;
  duration: number;
  open: boolean;
  icon?: ToastIcon;
}

/** §9 status toasts: max 3, default 3000 ms, removed 3000 ms after dismissal. */
export const TOAST_LIMIT = 3;
export const TOAST_DEFAULT_DURATION = 3000;
export const TOAST_REMOVE_DELAY = 3000;

interface ToastState {
  toasts: Toast[];
  add: (toast: Toast) => void;
  update: (id: string, patch: Partial<Omit<Toast, 'id'>>) => void;
  dismiss: (id?: string) => void;
  remove: (id?: string) => void;
}

const removalTimers = new Map<string, ReturnType<typeof setTimeout>>();

/**
 * §4 toast lifecycle: add (newest first, at most 3 kept), update, dismiss (closes: open=false),
 * removed 3 s after dismissal. Dismiss without an id closes all.
 */
export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  add: (toast) => set((s) => ({ toasts: [toast, ...s.toasts].slice(0, TOAST_LIMIT) })),
  update: (id, patch) => set((s) => ({ toasts: s.toasts.map((t) => (t.id === id ? { ...t, ...patch } : t)) })),
  dismiss: (id) => {
    const targets = get().toasts.filter((t) => id === undefined || t.id === id);
    for (const t of targets) {
      if (removalTimers.has(t.id)) continue;
      removalTimers.set(
        t.id,
        setTimeout(() => {
          removalTimers.delete(t.id);
          get().remove(t.id);
        }, TOAST_REMOVE_DELAY),
      );
    }
    set((s) => ({ toasts: s.toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)) }));
  },
  remove: (id) => set((s) => ({ toasts: id === undefined ? [] : s.toasts.filter((t) => t.id !== id) })),
}));

let counter = 0;

/** Shows a status toast and returns handles to update or dismiss it. */
export function toast(input: { title: string; icon?: ToastIcon; duration?: number; action?: ToastAction }) {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `toast-${counter}`;
  useToastStore.getState().add({ id, title: input.title, icon: input.icon, action: input.action, duration: input.duration ?? TOAST_DEFAULT_DURATION, open: true });
  return {
    id,
    update: (patch: Partial<Omit<Toast, 'id'>>) => useToastStore.getState().update(id, patch),
    dismiss: () => useToastStore.getState().dismiss(id),
  };
}
