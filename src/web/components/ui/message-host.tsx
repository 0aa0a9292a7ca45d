import { useTranslation } from 'react-i18next';
import { MESSAGE_TOP, usePopupStore } from '../../lib/notify/popup-store.ts';
import { usePopupItems } from './popup-items-loader.ts';

/**
 * Renders the message popups of `lib/notify` (`message()`, §9): short one-line feedback at the top
 * centre, 8 px from the top, at most 480 px wide, each closing itself after 3 s. The container is
 * a permanent polite live region, so screen readers read new messages (errors assertively); the
 * items' code loads with the first message (popup-items.tsx).
 * Mount once per page (NotifyHosts does).
 *
 * @example
 * import { message } from '../lib/notify/index.ts';
 * message({ content: t('kyc.copied'), type: 'success' });
 */
export function MessageHost() {
  const { t } = useTranslation();
  const messages = usePopupStore((s) => s.messages);
  const items = usePopupItems(messages.length > 0);
  return (
    <div
      aria-live="polite"
      aria-label={t('ui.message.region')}
      role="region"
      data-testid="message-host"
      className="pointer-events-none fixed inset-x-0 z-[70] flex flex-col items-center gap-2 px-4"
      style={{ top: MESSAGE_TOP }}
    >
      {items ? messages.map((m) => <items.MessageItem key={m.id} message={m} />) : null}
    </div>
  );
}
