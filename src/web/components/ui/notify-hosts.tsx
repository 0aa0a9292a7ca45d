import { lazy, Suspense, useState } from 'react';
import { useToastStore } from '../../lib/notify/index.ts';
import { useDesignToastStore } from './design-toast.ts';
import { MessageHost } from './message-host.tsx';
import { NotificationHost } from './notification-host.tsx';
import { ToastRegions } from './toast-regions.tsx';

// The toast renderers (Radix Toast and friends, 13 KB compressed) are not needed to paint a page, and
// most pages never raise a toast: their chunk loads with the first one (issue 15). Until then
// ToastRegions holds the same labelled regions and hotkeys; a toast raised before the chunk arrives
// waits in its store and shows as soon as it does.
const ToastRenderers = lazy(() => import('./notify-renderers.tsx').then((m) => ({ default: m.ToastRenderers })));

/**
 * Every popup renderer of the kit, to mount ONCE per page inside i18n's Suspense: status toasts
 * (lib/notify `toast()`), design-system toasts (`showToast()`), message popups (`message()`) and
 * notification popups (`notification()`). Mounted by the account area (app/app.tsx) and the
 * /login page (login/main.tsx).
 *
 * @example
 * <Suspense fallback={<PageLoading />}>
 *   <Page />
 *   <NotifyHosts />
 * </Suspense>
 */
export function NotifyHosts() {
  const statusRaised = useToastStore((s) => s.toasts.length > 0);
  const designRaised = useDesignToastStore((s) => s.toasts.length > 0);
  // Once loaded, the renderers stay: they keep each toast's exit animation and timers.
  const [needed, setNeeded] = useState(false);
  if ((statusRaised || designRaised) && !needed) setNeeded(true);
  return (
    <>
      {needed ? (
        <Suspense fallback={<ToastRegions />}>
          <ToastRenderers />
        </Suspense>
      ) : (
        <ToastRegions />
      )}
      <MessageHost />
      <NotificationHost />
    </>
  );
}
