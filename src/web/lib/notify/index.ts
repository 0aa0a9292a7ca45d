/**
 * How code anywhere tells the user something: status toasts (§3, §4, §9), message popups and
 * notification popups (§9). The components in components/ui render these stores.
 */
export { toast, useToastStore, TOAST_LIMIT, TOAST_DEFAULT_DURATION, TOAST_REMOVE_DELAY, type Toast, type ToastIcon, type ToastAction } from './toast-store.ts';
export {
  message,
  notification,
  usePopupStore,
  MESSAGE_DURATION,
  NOTIFICATION_DURATION,
  NOTIFICATION_MAX,
  type MessagePopup,
  type NotificationPopup,
  type PopupType,
} from './popup-store.ts';
