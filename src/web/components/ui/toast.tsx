import * as RadixToast from '@radix-ui/react-toast';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { create } from 'zustand';
import { cn } from './cn.ts';
import { useDocumentDirection } from './direction.ts';
import { CloseIcon, FailIcon, SuccessIcon } from './icons.tsx';

/** §9 design-system toast: Radix Toast's own defaults, stated so they cannot drift. */
export const DESIGN_TOAST_DURATION = 5000;
export const DESIGN_TOAST_SWIPE_THRESHOLD = 50;
export const DESIGN_TOAST_HOTKEY: readonly string[] = ['F8'];
/** Our choice (not in §9): at most this many design-system toasts at once; the oldest leaves first. */
export const DESIGN_TOAST_LIMIT = 5;
/** How long a closed toast stays mounted for its exit animation. */
const EXIT_MS = 300;

export type DesignToastVariant = 'default' | 'success' | 'error';

export interface DesignToastAction {
  label: string;
  /** What a screen reader user is told to do instead (Radix requires it), e.g. "Undo in Settings". Defaults to the label. */
  altText?: string;
  onClick: () => void;
}

export interface DesignToast {
  id: string;
  title: string;
  description?: ReactNode;
  action?: DesignToastAction;
  variant: DesignToastVariant;
  duration: number;
  open: boolean;
}

export interface ShowToastInput {
  title: string;
  description?: ReactNode;
  action?: DesignToastAction;
  variant?: DesignToastVariant;
  /** Milliseconds before it closes (default 5000, §9); Infinity keeps it until closed. */
  duration?: number;
}

interface DesignToastState {
  toasts: DesignToast[];
}

/** The design-system toasts on screen (oldest first). Prefer showToast()/useToast() to touching it. */
export const useDesignToastStore = create<DesignToastState>()(() => ({ toasts: [] }));

let counter = 0;

/** Closes one design-system toast (or all without an id); it is removed after its exit animation. */
export function dismissToast(id?: string): void {
  const closing = useDesignToastStore.getState().toasts.filter((t) => t.open && (id === undefined || t.id === id));
  if (closing.length === 0) return;
  const ids = new Set(closing.map((t) => t.id));
  useDesignToastStore.setState((s) => ({ toasts: s.toasts.map((t) => (ids.has(t.id) ? { ...t, open: false } : t)) }));
  setTimeout(() => useDesignToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => !ids.has(t.id)) })), EXIT_MS);
}

/**
 * Shows a design-system toast and returns its id and a dismiss handle. Works outside React too.
 *
 * @example
 * showToast({ title: t('kyc.documentRemoved'), description: t('kyc.documentRemovedBody'),
 *   action: { label: t('common.undo'), onClick: restore } });
 */
export function showToast(input: ShowToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = `ds-toast-${counter}`;
  const item: DesignToast = {
    id,
    title: input.title,
    description: input.description,
    action: input.action,
    variant: input.variant ?? 'default',
    duration: input.duration ?? DESIGN_TOAST_DURATION,
    open: true,
  };
  useDesignToastStore.setState((s) => ({ toasts: [...s.toasts, item].slice(-DESIGN_TOAST_LIMIT) }));
  return { id, dismiss: () => dismissToast(id) };
}

/**
 * The design-system toast as a hook, for components.
 *
 * @example
 * const { toast } = useToast();
 * <Button onClick={() => toast({ title: t('kyc.linkCopied'), variant: 'success' })}>…</Button>
 */
export function useToast(): { toast: typeof showToast; dismiss: typeof dismissToast } {
  return { toast: showToast, dismiss: dismissToast };
}

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
              'ui-toast pointer-events-auto relative flex w-full gap-3 rounded-lg border border-line bg-white p-4 pe-10 text-sm text-ink shadow-lg outline-none',
              'focus-visible:focus-ring',
              item.variant === 'error' && 'border-danger/40',
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
        className="pointer-events-none fixed end-0 top-0 z-[60] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]"
      />
    </RadixToast.Provider>
  );
}
