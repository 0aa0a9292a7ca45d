import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { DESIGN_TOAST_HOTKEY } from './design-toast.ts';

/**
 * Keyboard shortcut that moves focus to the status toasts (their action buttons). F8 belongs to
 * the design-system toasts (§9), so status toasts take Shift+F8.
 */
export const STATUS_TOAST_HOTKEY_LABEL = 'Shift+F8';
/** Where each kind of toast sits (the Radix viewports and the stand-ins below share them). */
export const DESIGN_TOAST_VIEWPORT_CLASS = 'pointer-events-none fixed end-0 top-0 z-[60] flex w-full flex-col gap-2 p-4 outline-none sm:max-w-[420px]';
export const STATUS_TOAST_VIEWPORT_CLASS =
  'pointer-events-none fixed inset-x-0 bottom-0 z-[60] flex flex-col items-center gap-2 p-4 pb-[max(1rem,env(safe-area-inset-bottom))] outline-none';

/** Radix's own spelling of a hotkey in the region's label ('Notifications ({hotkey})'). */
const DESIGN_HOTKEY_LABEL = DESIGN_TOAST_HOTKEY.join('+');

/** True for Shift+F8 alone (the status toasts), false for F8 alone (the design-system toasts), else undefined. */
function toastHotkey(event: KeyboardEvent): boolean | undefined {
  if (event.code !== 'F8' || event.altKey || event.ctrlKey || event.metaKey) return undefined;
  return event.shiftKey;
}

/**
 * The two toast regions as the page has them before any toast was raised (issue 15: the Radix
 * renderers, 13 KB compressed, load with the first toast instead of with every page): the same
 * landmarks Radix renders — a labelled region holding an empty list, "Notifications (F8)" and
 * "Status messages (Shift+F8)" — and the same hotkeys moving focus into them (§9 F8), so a
 * keyboard or screen-reader user finds them whether or not a toast has come yet.
 */
export function ToastRegions() {
  const { t } = useTranslation();
  const design = useRef<HTMLOListElement>(null);
  const status = useRef<HTMLOListElement>(null);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shift = toastHotkey(event);
      if (shift === undefined) return;
      (shift ? status : design).current?.focus();
    };
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, []);
  return (
    <>
      <div role="region" aria-label={t('ui.toast.statusRegion').replace('{hotkey}', STATUS_TOAST_HOTKEY_LABEL)} tabIndex={-1} style={{ pointerEvents: 'none' }}>
        <ol ref={status} tabIndex={-1} data-testid="status-toast-viewport" className={STATUS_TOAST_VIEWPORT_CLASS} />
      </div>
      <div role="region" aria-label={t('ui.toast.region').replace('{hotkey}', DESIGN_HOTKEY_LABEL)} tabIndex={-1} style={{ pointerEvents: 'none' }}>
        <ol ref={design} tabIndex={-1} data-testid="toast-viewport" className={DESIGN_TOAST_VIEWPORT_CLASS} />
      </div>
    </>
  );
}
