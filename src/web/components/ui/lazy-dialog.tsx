import { lazy, Suspense } from 'react';
import type { DialogProps } from './dialog.tsx';

const LoadedDialog = lazy(() => import('./dialog.tsx').then((m) => ({ default: m.Dialog })));

/**
 * The kit's Dialog, for a screen of the first page that opens one only now and then (the overview's
 * start-over confirmation, the account pop-ups): its code (focus trap, scroll lock, portal) loads when
 * it first opens, not with the page (decision 033). Same props and behaviour once shown; until its
 * chunk arrives (a moment, once) nothing is drawn and focus stays on what opened it.
 */
export function LazyDialog(props: DialogProps) {
  if (!props.open) return null;
  return (
    <Suspense fallback={null}>
      <LoadedDialog {...props} />
    </Suspense>
  );
}
