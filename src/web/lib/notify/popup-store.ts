import { create } from 'zustand';

/** §9 message popups: 3 s, top offset 8, max width 480. */
export const MESSAGE_DURATION = 3000;
export const MESSAGE_TOP = 8;
export const MESSAGE_MAX_WIDTH = 480;

/** §9 notification popups: 4.5 s, bottom-right, max 4, width 320, top 48, bottom 40. */
export const NOTIFICATION_DURATION = 4500;
export const NOTIFICATION_MAX = 4;
export const NOTIFICATION_WIDTH = 320;
export const NOTIFICATION_TOP = 48;
export const NOTIFICATION_BOTTOM = 40;

export type PopupType = 'success' | 'error' | 'info' | 'warning';

export interface MessagePopup {
  id: string;
  content: string;
  type: PopupType;
  duration: number;
}

export interface NotificationPopup {
  id: string;
  title: string;
  description?: string;
  type: PopupType;
  duration: number;
}

interface PopupState {
  messages: MessagePopup[];
  notifications: NotificationPopup[];
  closeMessage: (id: string) => void;
  closeNotification: (id: string) => void;
}

export const usePopupStore = create<PopupState>()((set) => ({
  messages: [],
  notifications: [],
  closeMessage: (id) => set((s) => ({ messages: s.messages.filter((m) => m.id !== id) })),
  closeNotification: (id) => set((s) => ({ notifications: s.notifications.filter((n) => n.id !== id) })),
}));

let counter = 0;
const nextId = (prefix: string) => `${prefix}-${(counter = (counter + 1) % Number.MAX_SAFE_INTEGER)}`;

/** A short message at the top of the page (§9). Closes itself after `duration`. */
export function message(input: { content: string; type?: PopupType; duration?: number }): string {
  const id = nextId('message');
  const m: MessagePopup = { id, content: input.content, type: input.type ?? 'info', duration: input.duration ?? MESSAGE_DURATION };
  usePopupStore.setState((s) => ({ messages: [...s.messages, m] }));
  return id;
}

/** A notification at the bottom right (§9), at most 4 at once (the oldest goes first). */
export function notification(input: { title: string; description?: string; type?: PopupType; duration?: number }): string {
  const id = nextId('notification');
  const n: NotificationPopup = { id, title: input.title, description: input.description, type: input.type ?? 'info', duration: input.duration ?? NOTIFICATION_DURATION };
  usePopupStore.setState((s) => ({ notifications: [...s.notifications, n].slice(-NOTIFICATION_MAX) }));
  return id;
}
