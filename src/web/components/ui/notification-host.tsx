import { useTranslation } from 'react-i18next';
import { NOTIFICATION_BOTTOM, NOTIFICATION_TOP, NOTIFICATION_WIDTH, usePopupStore } from '../../lib/notify/popup-store.ts';
import { usePopupItems } from './popup-items-loader.ts';

/** Where the notification stack sits: §9 bottom-right (the end side: left on RTL pages). */
export type NotificationPlacement = 'bottom-end' | 'top-end';

/**
 * Renders the notification popups of `lib/notify` (`notification()`, §9): title + description +
 * close button, 320 px wide, bottom-right 40 px from the bottom (or top-right 48 px from the top),
 * at most 4 (the store drops the oldest), each closing itself after 4.5 s. The container is a
 * permanent polite live region; warnings and errors are alerts; the items' code loads with the first
 * notification (popup-items.tsx). Mount once per page (NotifyHosts).
 *
 * @example
 * import { notification } from '../lib/notify/index.ts';
 * notification({ title: t('kyc.reminderTitle'), description: t('kyc.reminderBody'), type: 'warning' });
 */
export function NotificationHost({ placement = 'bottom-end' }: { placement?: NotificationPlacement }) {
  const { t } = useTranslation();
  const notifications = usePopupStore((s) => s.notifications);
  const items = usePopupItems(notifications.length > 0);
  return (
    <div
      role="region"
      aria-live="polite"
      aria-label={t('ui.notification.region')}
      data-testid="notification-host"
      className="pointer-events-none fixed end-4 z-[70] flex max-w-[calc(100vw-2rem)] flex-col gap-3"
      style={{ width: NOTIFICATION_WIDTH, ...(placement === 'top-end' ? { top: NOTIFICATION_TOP } : { bottom: NOTIFICATION_BOTTOM }) }}
    >
      {items ? notifications.map((n) => <items.NotificationItem key={n.id} item={n} />) : null}
    </div>
  );
}
