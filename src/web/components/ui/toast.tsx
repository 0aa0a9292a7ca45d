import * as RadixToast from '@radix-ui/react-toast';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { DESIGN_TOAST_DURATION, DESIGN_TOAST_HOTKEY, DESIGN_TOAST_SWIPE_THRESHOLD, dismissToast, useDesignToastStore } from './design-toast.ts';
import { useDocumentDirection } from './direction.ts';
import { CloseIcon, FailIcon, SuccessIcon } from './icons.tsx';
import { DESIGN_TOAST_VIEWPORT_CLASS } from './toast-regions.tsx';

export {
  DESIGN_TOAST_DURATION,
  DESIGN_TOAST_HOTKEY,
  DESIGN_TOAST_LIMIT,
  DESIGN_TOAST_SWIPE_THRESHOLD,
  dismissToast,
  showToast,
  useDesignToastStore,
  useToast,
  type DesignToast,
  type DesignToastAction,
  type DesignToastVariant,
  type ShowToastInput,
} from './design-toast.ts';

const VARIANT_ICON = {
  default: null,
  success: { Icon: SuccessIcon, className: 'text-success' },
  error: { Icon: FailIcon, className: 'text-danger' },
} as const;

/**
 * Renders design-system toasts (showToast / useToast), Radix Toast with the defaults §9 lists:
 * 5000 ms, swipe right (left on right-to-left pages, towards the edge it sits on), threshold
 * 50 px, hotkey F8, region label "Notifications (F8)" (translated).
 *
 * How it differs from the status toasts (lib/notify `toast()`, StatusToaster):
 * - status toasts report the outcome of a call in one line with a type icon (§8 errors, "saved"):
 *   3 s, at most 3, bottom centre, swipe down, usually raised by the request layer;
 * - design-system toasts are richer UI feedback a screen raises itself: a title, a description,
 *   an optional action (e.g. Undo) and a close button, 5 s, top end corner (the bottom end corner
 *   belongs to the §9 notification popups), swiped sideways, F8 to reach them — use them when the
 *   user may want to act on the message.
 */
export function Toaster() {
  const { t } = useTranslation();
  const dir = useDocumentDirection();
  const toasts = useDesignToastStore((s) => s.toasts);
  return (
    <RadixToast.Provider
      duration={DESIGN_TOAST_DURATION}
      swipeDirection={dir === 'rtl' ? 'left' : 'right'}
      swipeThreshold={DESIGN_TOAST_SWIPE_THRESHOLD}
      label={t('ui.toast.label')}
    >
      {toasts.map((item) => {
        const icon = VARIANT_ICON[item.variant];
        return (
          <RadixToast.Root
            key={item.id}
            open={item.open}
            duration={item.duration}
            type={item.variant === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) dismissToast(item.id);
            }}
            data-variant={item.variant}
            className={cn(
              'ui-toast pointer-events-auto relative flex w-full gap-3 rounded-lg border bg-white p-4 pe-10 text-sm text-ink shadow-lg outline-none',
              'focus-visible:focus-ring',
              item.variant === 'error' ? 'border-danger/40' : 'border-line',
            )}
          >
            {icon ? <icon.Icon className={cn('mt-0.5 size-5', icon.className)} /> : null}
            <div className="min-w-0 flex-1">
              <RadixToast.Title className="font-semibold break-words">{item.title}</RadixToast.Title>
              {item.description ? <RadixToast.Description className="mt-1 text-muted break-words">{item.description}</RadixToast.Description> : null}
              {item.action ? (
                <RadixToast.Action
                  altText={item.action.altText ?? item.action.label}
                  onClick={item.action.onClick}
                  className="mt-3 inline-flex h-8 items-center rounded-btn border border-line-strong px-3 font-medium hover:bg-surface"
                >
                  {item.action.label}
                </RadixToast.Action>
              ) : null}
            </div>
            <RadixToast.Close
              aria-label={t('ui.close')}
              className="absolute end-2 top-2 flex size-8 items-center justify-center rounded-btn text-muted hover:bg-surface hover:text-ink"
            >
              <CloseIcon className="size-4" />
            </RadixToast.Close>
          </RadixToast.Root>
        );
      })}
      <RadixToast.Viewport
        hotkey={DESIGN_TOAST_HOTKEY as string[]}
        // §9 'Notifications ({hotkey})': Radix fills in {hotkey}; the words are translated.
        label={t('ui.toast.region')}
        data-testid="toast-viewport"
        className={DESIGN_TOAST_VIEWPORT_CLASS}
      />
    </RadixToast.Provider>
  );
}
