import { useEffect, useRef, useState } from 'react';

/**
 * An inline panel opened by a button (an "Edit" form in place, not a Dialog): when the panel closes,
 * the keyboard goes back to the button that opened it instead of being lost at the top of the page.
 *
 * @example
 * const address = useDisclosure();
 * {address.open ? <AddressForm onSaved={address.close} onCancel={address.close} /> : null}
 * <Button ref={address.triggerRef} onClick={address.show}>{t('…')}</Button>
 */
export function useDisclosure(initial = false) {
  const [open, setOpen] = useState(initial);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (!returnFocus.current || open) return;
    returnFocus.current = false;
    triggerRef.current?.focus();
  }, [open]);
  return {
    open,
    triggerRef,
    show: () => setOpen(true),
    close: () => {
      returnFocus.current = true;
      setOpen(false);
    },
  };
}
