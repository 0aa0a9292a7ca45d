import { lazy, Suspense } from 'react';

// The renderers (Radix Toast and friends) are not needed to paint a page: load them in their own
// chunk right after it. Anything raised before they arrive waits in the lib/notify stores and
// shows as soon as they do.
const NotifyRenderers = lazy(() => import('./notify-renderers.tsx').then((m) => ({ default: m.NotifyRenderers })));

/**
 * Every popup renderer of the kit, to mount ONCE per page inside i18n's Suspense: status toasts
 * (lib/notify `toast()`), design-system toasts (`showToast()`), message popups (`message()`) and
 * notification popups (`notification()`). Mounted by the account area (app/app.tsx) and the
 * /login page (login/main.tsx). Renders nothing until its chunk has loaded.
 *
 * @example
 * <Suspense fallback={<PageLoading />}>
 *   <Page />
 *   <NotifyHosts />
 * </Suspense>
 */
export function NotifyHosts() {
  return (
    <Suspense fallback={null}>
      <NotifyRenderers />
    </Suspense>
  );
}
