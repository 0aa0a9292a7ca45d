import { type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { cn } from './cn.ts';
import { CloseIcon } from './icons.tsx';

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

/** The elements inside `root` that Tab can reach, in document order. */
export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true' && !el.closest('[inert]'),
  );
}

export interface DialogProps {
  open: boolean;
  /** Called on Esc, on a click on the backdrop (unless `dismissible` is false) and by the close button. */
  onClose: () => void;
  title: ReactNode;
  /** A line under the title, read by screen readers when the dialog opens (aria-describedby). */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom (end-aligned; stacked full-width on phones). */
  footer?: ReactNode;
  /** Where focus goes on open; default the first focusable element, else the dialog itself. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** false: the backdrop click and Esc do not close (for a step the user must answer). Default true. */
  dismissible?: boolean;
  /** Shows the × button in the header (default true). */
  showClose?: boolean;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

const SIZES = { sm: 'kitv:sm:max-w-sm', md: 'kitv:sm:max-w-lg', lg: 'kitv:sm:max-w-2xl' } as const;

/**
 * A modal dialog: rendered in a portal over a dimmed page, `role="dialog"` + `aria-modal`, named by
 * its title and described by its description. While open, Tab and Shift+Tab cycle inside it
 * (focus trap), focus that escapes (a click elsewhere) is pulled back, Esc closes it, the page
 * behind does not scroll, and on close focus returns to the element that opened it. On phones it
 * is a bottom sheet.
 *
 * @example
 * const [open, setOpen] = useState(false);
 * <Button onClick={() => setOpen(true)}>{t('kyc.retake')}</Button>
 * <Dialog open={open} onClose={() => setOpen(false)} title={t('kyc.retakeTitle')} description={t('kyc.retakeBody')}
 *   footer={<>
 *     <Button onClick={() => setOpen(false)}>{t('common.cancel')}</Button>
 *     <Button variant="primary" onClick={retake}>{t('kyc.retake')}</Button>
 *   </>} />
 */
export function Dialog(props: DialogProps) {
  if (!props.open) return null;
  return createPortal(<DialogPanel {...props} />, document.body);
}

function DialogPanel({ onClose, title, description, children, footer, initialFocus, dismissible = true, showClose = true, size = 'md', className }: DialogProps) {
  const { t } = useTranslation();
  const panelRef = useRef<HTMLDivElement>(null);
  const base = `dialog-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Open: remember who had focus, move focus in, lock page scroll. Close: undo all of it.
  useEffect(() => {
    const panel = panelRef.current!;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = initialFocus?.current ?? focusableIn(panel)[0] ?? panel;
    target.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    // Focus leaving the dialog by other means than Tab (a click outside, a script) comes back.
    const keepFocusInside = (event: FocusEvent) => {
      const next = event.target as Node | null;
      if (next && !panel.contains(next) && panel.isConnected) (focusableIn(panel)[0] ?? panel).focus();
    };
    document.addEventListener('focusin', keepFocusInside);
    return () => {
      document.removeEventListener('focusin', keepFocusInside);
      document.body.style.overflow = overflow;
      if (opener?.isConnected) opener.focus();
    };
    // Only on mount/unmount: the dialog mounts when it opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (dismissible) onCloseRef.current();
      return;
    }
    if (event.key !== 'Tab') return;
    const panel = panelRef.current!;
    const items = focusableIn(panel);
    if (items.length === 0) {
      event.preventDefault();
      panel.focus();
      return;
    }
    const first = items[0]!;
    const last = items[items.length - 1]!;
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        aria-hidden
        data-testid="dialog-backdrop"
        className="absolute inset-0 bg-black/50"
        onClick={() => {
          if (dismissible) onCloseRef.current();
        }}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${base}-title`}
        aria-describedby={description ? `${base}-description` : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
        className={cn(
          'kit:relative kit:flex kit:max-h-[90dvh] kit:w-full kit:flex-col kit:overflow-hidden kit:rounded-t-xl kit:bg-white kit:shadow-xl kit:outline-none kit:sm:rounded-lg',
          SIZES[size],
          className,
        )}
      >
        <div className="flex items-start gap-3 px-5 pt-5">
          <div className="min-w-0 flex-1">
            <h2 id={`${base}-title`} className="text-lg font-semibold text-ink">
              {title}
            </h2>
            {description ? (
              <p id={`${base}-description`} className="mt-1 text-sm text-muted">
                {description}
              </p>
            ) : null}
          </div>
          {showClose ? (
            <button
              type="button"
              onClick={() => onCloseRef.current()}
              aria-label={t('ui.close')}
              className="-me-2 -mt-1 flex size-9 shrink-0 items-center justify-center rounded-btn text-muted hover:bg-surface hover:text-ink"
            >
              <CloseIcon className="size-5" />
            </button>
          ) : null}
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4 text-sm text-ink">{children}</div>
        {footer ? (
          <div className="flex flex-col-reverse gap-2 border-t border-line px-5 pt-4 pb-[max(1rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end [&>*]:w-full sm:[&>*]:w-auto">{footer}</div>
        ) : null}
      </div>
    </div>
  );
}
