import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_BOTTOM,
  NOTIFICATION_TOP,
  NOTIFICATION_WIDTH,
  type NotificationPopup,
  usePopupStore,
} from '../../lib/notify/popup-store.ts';
import { CloseIcon } from './icons.tsx';
import { PopupIcon } from './popup-icon.tsx';

function NotificationItem({ item }: { item: NotificationPopup }) {
  const { t } = useTranslation();
  const close = usePopupStore((s) => s.closeNotification);
  const remaining = useRef(item.duration);
  const startedAt = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  // §9: closes itself after 4.5 s; the countdown pauses while pointed at or focused, so nobody
  // loses a notification they are reading or about to close (WCAG 2.2.1).
  const start = () => {
    if (!Number.isFinite(remaining.current)) return;
    clearTimeout(timer.current);
    startedAt.current = Date.now();
    timer.current = setTimeout(() => close(item.id), Math.max(remaining.current, 0));
  };
  const pause = () => {
    if (timer.current === undefined) return;
    clearTimeout(timer.current);
    timer.current = undefined;
    remaining.current -= Date.now() - startedAt.current;
  };
  useEffect(() => {
    start();
    return () => clearTimeout(timer.current);
    // The countdown starts once, when the notification appears.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <div
      role={item.type === 'error' || item.type === 'warning' ? 'alert' : undefined}
      data-type={item.type}
      onMouseEnter={pause}
      onMouseLeave={start}
      onFocus={pause}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) start();
      }}
      className="pointer-events-auto flex w-full animate-popup-in gap-3 rounded-lg bg-white p-4 text-sm text-ink shadow-xl ring-1 ring-line"
    >
      <PopupIcon type={item.type} className="mt-0.5" />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">
          <span className="sr-only">{t(`ui.type.${item.type}`)}: </span>
          {item.title}
        </p>
        {item.description ? <p className="mt-1 text-muted break-words">{item.description}</p> : null}
      </div>
      <button
        type="button"
        onClick={() => close(item.id)}
        aria-label={t('ui.close')}
        className="-me-2 -mt-2 flex size-8 shrink-0 items-center justify-center rounded-btn text-muted hover:bg-surface hover:text-ink"
      >
        <CloseIcon className="size-4" />
      </button>
    </div>
  );
}

/** Where the notification stack sits: §9 bottom-right (the end side: left on RTL pages). */
export type NotificationPlacement = 'bottom-end' | 'top-end';

/**
 * Renders the notification popups of `lib/notify` (`notification()`, §9): title + description +
 * close button, 320 px wide, bottom-right 40 px from the bottom (or top-right 48 px from the top),
 * at most 4 (the store drops the oldest), each closing itself after 4.5 s. The container is a
 * permanent polite live region; warnings and errors are alerts. Mount once per page (NotifyHosts).
 *
 * @example
 * import { notification } from '../lib/notify/index.ts';
 * notification({ title: t('kyc.reminderTitle'), description: t('kyc.reminderBody'), type: 'warning' });
 */
export function NotificationHost({ placement = 'bottom-end' }: { placement?: NotificationPlacement }) {
  const { t } = useTranslation();
  const notifications = usePopupStore((s) => s.notifications);
  return (
    <div
      role="region"
      aria-live="polite"
      aria-label={t('ui.notification.region')}
      data-testid="notification-host"
      className="pointer-events-none fixed end-4 z-[70] flex max-w-[calc(100vw-2rem)] flex-col gap-3"
      style={{ width: NOTIFICATION_WIDTH, ...(placement === 'top-end' ? { top: NOTIFICATION_TOP } : { bottom: NOTIFICATION_BOTTOM }) }}
    >
      {notifications.map((n) => (
        <NotificationItem key={n.id} item={n} />
      ))}
    </div>
  );
}
