import * as RadixToast from '@radix-ui/react-toast';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { TOAST_DEFAULT_DURATION, type ToastIcon, useToastStore } from '../../lib/notify/index.ts';
import { cn } from './cn.ts';
import { FailIcon, InfoIcon, ProcessIcon, SuccessIcon, WarnIcon } from './icons.tsx';
import { STATUS_TOAST_HOTKEY_LABEL, STATUS_TOAST_VIEWPORT_CLASS } from './toast-regions.tsx';

/** §9 status toasts: swiped down to dismiss, at most 480 px wide. */
export const STATUS_TOAST_SWIPE = 'down';
export const STATUS_TOAST_MAX_WIDTH = 480;
export { STATUS_TOAST_HOTKEY_LABEL } from './toast-regions.tsx';

const ICON = {
  success: { Icon: SuccessIcon, className: 'text-success' },
  fail: { Icon: FailIcon, className: 'text-danger' },
  info: { Icon: InfoIcon, className: 'text-info' },
  warn: { Icon: WarnIcon, className: 'text-warn' },
  process: { Icon: ProcessIcon, className: 'text-primary-ink' },
} as const satisfies Record<ToastIcon, unknown>;

/**
 * Renders the status toasts of `lib/notify` (`toast()`, §3/§4/§9): the outcome of a call, e.g.
 * the §8 "Timeout, token error." toast. Newest first, at most 3 (the store's rule), each closing
 * after its own duration (default 3000 ms) — then the store removes it 3 s later (§4). Bottom
 * centre, up to 480 px wide, swipe down (or Esc) to dismiss, an icon per type (success, fail,
 * info, warn, process) and the optional action button. Built on Radix Toast, so each toast is
 * announced to screen readers (a fail toast assertively), timers pause while hovered or focused,
 * and Shift+F8 jumps to the toasts.
 *
 * Mount it once per page (NotifyHosts does), then from anywhere:
 * @example
 * import { toast } from '../lib/notify/index.ts';
 * toast({ title: t('kyc.saved'), icon: 'success' });
 * const pending = toast({ title: t('kyc.uploading'), icon: 'process', duration: Infinity });
 * pending.update({ title: t('kyc.uploaded'), icon: 'success', duration: 3000 });
 */
export function StatusToaster() {
  const { t } = useTranslation();
  const toasts = useToastStore((s) => s.toasts);
  const dismiss = useToastStore((s) => s.dismiss);
  const viewportRef = useRef<HTMLOListElement>(null);

  // Radix matches its hotkey even with extra modifiers, so F8 (design-system toasts) would also
  // fire on Shift+F8. Catch Shift+F8 first (window, capture phase) and keep it for this region.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.code === 'F8' && event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey) {
        event.stopPropagation();
        viewportRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);

  return (
    <RadixToast.Provider swipeDirection={STATUS_TOAST_SWIPE} duration={TOAST_DEFAULT_DURATION} label={t('ui.toast.label')}>
      {toasts.map((item) => {
        const icon = item.icon ? ICON[item.icon] : null;
        return (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            // §8 failures interrupt (assertive); everything else waits its turn (polite).
            type={item.icon === 'fail' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismiss(item.id);
            }}
            data-icon={item.icon}
            style={{ maxWidth: STATUS_TOAST_MAX_WIDTH }}
            className="ui-toast pointer-events-auto flex w-full items-center gap-3 rounded-lg border border-line bg-white px-4 py-3 text-sm text-ink shadow-lg outline-none focus-visible:focus-ring"
          >
            {icon ? <icon.Icon className={cn('size-5', icon.className)} /> : null}
            <RadixToast.Title className="min-w-0 flex-1 break-words">
              {item.icon ? <span className="sr-only">{t(`ui.type.${item.icon}`)}: </span> : null}
              {item.title}
            </RadixToast.Title>
            {item.action ? (
              <RadixToast.Action
                altText={item.action.label}
                onClick={item.action.onClick}
                className="shrink-0 rounded-btn px-2 py-1 font-medium text-primary-ink underline-offset-2 hover:underline"
              >
                {item.action.label}
              </RadixToast.Action>
            ) : null}
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport
        ref={viewportRef}
        // Disabled here: the Shift+F8 listener above focuses this viewport instead.
        hotkey={[]}
        label={t('ui.toast.statusRegion').replace('{hotkey}', STATUS_TOAST_HOTKEY_LABEL)}
        data-testid="status-toast-viewport"
        className={STATUS_TOAST_VIEWPORT_CLASS}
      />
    </RadixToast.Provider>
  );
}
