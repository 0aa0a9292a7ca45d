import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { MESSAGE_MAX_WIDTH, MESSAGE_TOP, type MessagePopup, usePopupStore } from '../../lib/notify/popup-store.ts';
import { PopupIcon } from './popup-icon.tsx';

function MessageItem({ message }: { message: MessagePopup }) {
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

/**
 * Renders the message popups of `lib/notify` (`message()`, §9): short one-line feedback at the top
 * centre, 8 px from the top, at most 480 px wide, each closing itself after 3 s. The container is
 * a permanent polite live region, so screen readers read new messages (errors assertively).
 * Mount once per page (NotifyHosts does).
 *
 * @example
 * import { message } from '../lib/notify/index.ts';
 * message({ content: t('kyc.copied'), type: 'success' });
 */
export function MessageHost() {
  const { t } = useTranslation();
  const messages = usePopupStore((s) => s.messages);
  return (
    <div
      aria-live="polite"
      aria-label={t('ui.message.region')}
      role="region"
      data-testid="message-host"
      className="pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-center gap-2 px-4"
      style={{ top: MESSAGE_TOP }}
    >
      {messages.map((m) => (
        <MessageItem key={m.id} message={m} />
      ))}
    </div>
  );
}
