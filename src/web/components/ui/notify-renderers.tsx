import { MessageHost } from './message-host.tsx';
import { NotificationHost } from './notification-host.tsx';
import { StatusToaster } from './status-toaster.tsx';
import { Toaster } from './toast.tsx';

/**
 * The two toast renderers (Radix Toast): status toasts (lib/notify `toast()`) and design-system
 * toasts (`showToast()`). NotifyHosts (notify-hosts.tsx) loads this module once a toast is raised.
 */
export function ToastRenderers() {
  return (
    <>
      <StatusToaster />
      <Toaster />
    </>
  );
}

/**
 * Every popup renderer of the kit at once: the toasts above, message popups (`message()`) and
 * notification popups (`notification()`). Pages mount NotifyHosts instead, which paints the message
 * and notification hosts at once and the toasts' regions until their renderers are needed.
 */
export function NotifyRenderers() {
  return (
    <>
      <ToastRenderers />
      <MessageHost />
      <NotificationHost />
    </>
  );
}
