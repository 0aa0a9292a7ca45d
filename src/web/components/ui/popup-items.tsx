import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_WIDTH, type MessagePopup, type NotificationPopup, usePopupStore } from '../../lib/notify/popup-store.ts';
import { CloseIcon } from './icons.tsx';
import { PopupIcon } from './popup-icon.tsx';

// The popups' own rendering, loaded with the first message or notification (decision 033): the
// hosts (message-host.tsx, notification-host.tsx) keep their permanent live regions on the page.

export function MessageItem({ message }: { message: MessagePopup }) {
  const { t } = useTranslation();
  const close = usePopupStore((s) => s.closeMessage);
  // §9: a message closes itself after its duration (3 s by default).
  useEffect(() => {
    if (!Number.isFinite(message.duration)) return;
    const timer = setTimeout(() => close(message.id), message.duration);
    return () => clearTimeout(timer);
  }, [message.id, message.duration, close]);
  return (
    <div
      role={message.type === 'error' ? 'alert' : undefined}
      data-type={message.type}
      className="pointer-events-auto flex animate-popup-in items-center gap-2 rounded-lg bg-white px-4 py-2.5 text-sm text-ink shadow-lg ring-1 ring-line"
      style={{ maxWidth: MESSAGE_MAX_WIDTH }}
    >
      <PopupIcon type={message.type} />
      <span className="min-w-0 break-words">
        <span className="sr-only">{t(`ui.type.${message.type}`)}: </span>
        {message.content}
      </span>
    </div>
  );
}

export function NotificationItem({ item }: { item: NotificationPopup }) {
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
