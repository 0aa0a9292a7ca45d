import { useEffect, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

/** Phones (below the `sm` breakpoint): where the camera takes the whole screen (issue 27, point 4). */
const PHONE_QUERY = '(max-width: 639.98px)';

function subscribe(onChange: () => void): () => void {
  const media = window.matchMedia?.(PHONE_QUERY);
  media?.addEventListener('change', onChange);
  return () => media?.removeEventListener('change', onChange);
}

/** Whether the screen is a phone's (a narrow viewport). */
export function useIsPhone(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(PHONE_QUERY).matches ?? false, () => false);
}

export interface CaptureOverlayProps {
  /** What is photographed: names the dialog. */
  label: string;
  /** Escape, like Cancel. */
  onClose: () => void;
  children: ReactNode;
}

/**
 * The camera on a phone (issue 27, point 4): a full-screen dialog above the page and its sticky
 * Back/Continue bar, so the view, the live hint and the shutter are all on screen without
 * scrolling, the buttons at the bottom in thumb reach. The page behind does not scroll meanwhile;
 * Escape cancels; focus moves into the dialog and returns to where it was when it closes.
 */
export function CaptureOverlay({ label, onClose, children }: CaptureOverlayProps) {
  const root = useRef<HTMLDivElement>(null);
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  }, [onClose]);
  useEffect(() => {
    const before = document.activeElement as HTMLElement | null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    root.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.body.style.overflow = overflow;
      before?.focus?.();
    };
  }, []);
  return createPortal(
    <div
      ref={root}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      data-testid="capture-overlay"
      className="fixed inset-0 z-[100] flex h-dvh flex-col overflow-y-auto bg-ink p-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] text-white outline-none"
    >
      {children}
    </div>,
    document.body,
  );
}
