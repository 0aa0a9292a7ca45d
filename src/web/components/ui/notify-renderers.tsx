import { MessageHost } from './message-host.tsx';
import { NotificationHost } from './notification-host.tsx';
import { StatusToaster } from './status-toaster.tsx';
import { Toaster } from './toast.tsx';

/**
 * Every popup renderer of the kit: status toasts (lib/notify `toast()`), design-system toasts
 * (`showToast()`), message popups (`message()`) and notification popups (`notification()`).
 * Pages mount them through NotifyHosts (notify-hosts.tsx), which loads this module lazily.
 */
export function NotifyRenderers() {
  return (
    <>
      <StatusToaster />
      <Toaster />
      <MessageHost />
      <NotificationHost />
    </>
  );
}
